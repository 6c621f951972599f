import { Button } from 'antd';
import { byText, cleanup, renderScreen } from '@aide/testing';
import { IconTitle } from './IconTitle';
import { PageHeader } from './PageHeader';
import { StatCard } from './StatCard';

afterEach(cleanup);

describe('PageHeader', () => {
  it('gives the screen its one h1, the subtitle and the actions', () => {
    const { container } = renderScreen(
      <PageHeader title="Tasks & To-Do" subtitle="Manage your tasks" extra={<Button>Add Task</Button>} />,
    );
    const headings = container.querySelectorAll('h1');
    expect(Array.from(headings).map((h) => h.textContent)).toEqual(['Tasks & To-Do']);
    expect(byText('Manage your tasks')).toBeTruthy();
    expect(container.querySelector('header button')?.textContent).toBe('Add Task');
  });

  it('shows no subtitle or actions when given none', () => {
    const { container } = renderScreen(<PageHeader title="Calendar" />);
    expect(container.querySelector('header')?.textContent).toBe('Calendar');
  });
});

describe('StatCard', () => {
  it('shows the title, the figure and the hint', () => {
    const { container } = renderScreen(<StatCard title="Pending" value={3} hint="+2 from yesterday" />);
    expect(container.textContent).toContain('Pending');
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('3');
    expect(byText('+2 from yesterday')).toBeTruthy();
  });

  it('shows a placeholder figure as text, and no figure while loading', () => {
    const { container } = renderScreen(<StatCard title="Total" value="–" />);
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('–');
    cleanup();
    const loading = renderScreen(<StatCard title="Total" value={7} loading />);
    expect(loading.container.querySelector('.ant-statistic-content')?.textContent ?? '').not.toContain('7');
  });
});

describe('IconTitle', () => {
  it('shows the title and subtitle, with the icon hidden from screen readers', () => {
    const { container } = renderScreen(
      <IconTitle icon={<span>★</span>} title="Google Calendar" subtitle="ada@example.test" />,
    );
    expect(byText('Google Calendar')).toBeTruthy();
    expect(byText('ada@example.test')).toBeTruthy();
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('★');
  });
});
