import { act, byText, cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import type { Task } from '@aide/contracts';
import { rangeLabel, viewDays } from '../calendar/calendarRange';
import { TimeGridView } from '../calendar/TimeGridView';
import TasksPage from '../tasks/TasksPage';
import { testEvent } from '../shared/testEvents';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const task: Task = {
  id: 1,
  userId: 1,
  title: 'Steuererklärung abgeben',
  description: null,
  priority: 'high',
  status: 'in_progress',
  // Noon UTC: 21 November in any browser timezone.
  dueDate: '2099-11-21T12:00:00.000Z',
  category: null,
  recurrence: null,
  recurrenceMode: 'on_completion',
  subtasks: [],
  reminderMinutes: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the organiser in German', () => {
  it('shows the Tasks screen in German, with German labels and a German due date', async () => {
    await act(() => setLocale('de'));
    mockFetch(route('GET /api/tasks', { body: [task] }));
    const { container } = renderScreen(<TasksPage />);
    await waitFor(() => byText('Steuererklärung abgeben'));

    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(container.querySelector('h1')?.textContent).toBe('Aufgaben & To-dos');
    expect(byText('Verwalte deine Aufgaben und behalte den Überblick')).toBeTruthy();
    expect(byText('Aufgaben gesamt')).toBeTruthy();
    expect(byText('Hoch')).toBeTruthy();
    expect(byText('in Arbeit')).toBeTruthy();
    expect(container.querySelector('time')?.textContent).toContain('Fällig am 21. Nov. 2099');
    expect(container.querySelector('input[aria-label="Aufgaben suchen"]')).not.toBeNull();
  });

  it('starts the week on Monday and writes ranges and days the German way', async () => {
    await act(() => setLocale('de'));
    expect(viewDays('2026-11-26', 'week')[0]).toBe('2026-11-23');
    expect(rangeLabel('2026-11-26', 'week')).toBe('23. Nov. – 29. Nov. 2026');
    expect(rangeLabel('2026-11-26', 'day')).toBe('Donnerstag, 26. November 2026');
    expect(rangeLabel('2026-12-30', 'week')).toBe('28. Dez. 2026 – 3. Jan. 2027');

    renderScreen(
      <TimeGridView
        days={['2026-11-26']}
        selectedKey="2026-11-26"
        events={[testEvent(1, { title: 'Stand-up', endTime: '2026-11-26T09:15:00.000Z' })]}
        timezone="UTC"
        onSelectDay={() => undefined}
        onOpenEvent={() => undefined}
      />,
    );
    expect(document.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe(
      'Termine am Donnerstag, 26. November',
    );
    expect(document.querySelector('[role="group"] button')?.getAttribute('aria-label')).toBe(
      'Stand-up, 09:00 bis 09:15',
    );
  });

  it('keeps Sunday as the first day in English and Japanese', async () => {
    expect(viewDays('2026-11-26', 'week')[0]).toBe('2026-11-22');
    expect(rangeLabel('2026-11-26', 'week')).toBe('Nov 22 – Nov 28, 2026');
    await act(() => setLocale('ja'));
    expect(viewDays('2026-11-26', 'week')[0]).toBe('2026-11-22');
    expect(rangeLabel('2026-11-26', 'week')).toBe('11月22日～2026年11月28日');
  });
});
