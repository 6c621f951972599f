import { useState } from 'react';
import { cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { testEvent } from '../shared/testEvents';
import { CalendarTab } from './CalendarTab';
import type { CalendarView } from './calendarRange';

afterEach(cleanup);

/** The tab as CalendarPage holds it: the chosen view and day in state. */
function Tab({ initialView }: { initialView: CalendarView }) {
  const [view, setView] = useState<CalendarView>(initialView);
  const [day, setDay] = useState('2026-11-26');
  return (
    <CalendarTab
      view={view}
      onViewChange={setView}
      selectedKey={day}
      onSelect={setDay}
      timezone="UTC"
      onOpenEvent={() => undefined}
    />
  );
}

const viewOptions = () =>
  Array.from(document.querySelectorAll('.ant-segmented-item-label')).map((label) => label.textContent);
const dayColumns = () =>
  Array.from(document.querySelectorAll('[role="group"][aria-label^="Events on"]')).map((g) =>
    g.getAttribute('aria-label'),
  );
const rangeLabel = () => document.querySelector('[data-testid="calendar-range-label"]')?.textContent;

describe('the calendar on a phone (jsdom matches no min-width query: a 390 px screen)', () => {
  it('offers Month / 3 days / Day instead of the 7-day week, and shows three days from the selected one', async () => {
    mockFetch(
      route('GET /api/events', {
        body: [testEvent(1, { title: 'Standup', startTime: '2026-11-27T09:00:00Z', endTime: '2026-11-27T09:15:00Z' })],
      }),
    );
    renderScreen(<Tab initialView="week" />);
    await waitFor(() => document.querySelector('[aria-label="Standup, 09:00 to 09:15"]'));

    expect(viewOptions()).toEqual(['Month', '3 days', 'Day']);
    expect(dayColumns()).toEqual([
      'Events on Thursday, November 26',
      'Events on Friday, November 27',
      'Events on Saturday, November 28',
    ]);
    expect(rangeLabel()).toBe('Nov 26 – Nov 28, 2026');

    // The hour labels stay at the start of the grid while the days scroll sideways.
    const hours = document.querySelector<HTMLElement>('[data-testid="calendar-hour-labels"]')!;
    expect(hours.style.position).toBe('sticky');
    expect(hours.style.insetInlineStart).toMatch(/^0(px)?$/);

    // Next moves by three days.
    await click(document.querySelector<HTMLButtonElement>('button[aria-label="Next 3 days"]')!);
    expect(rangeLabel()).toBe('Nov 29 – Dec 1, 2026');
    expect(dayColumns()[0]).toBe('Events on Sunday, November 29');
  });
});
