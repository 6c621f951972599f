import type { ResearchDashboard, ResearchSummary } from '@aide/contracts';
import { allByText, byText, button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { ResearchCard, ResearchReportsStat } from './widgets';

afterEach(cleanup);

const report = (id: number, over: Partial<ResearchSummary> = {}): ResearchSummary => ({
  id,
  title: `Report ${id}`,
  summary: `Summary of report ${id}`,
  status: 'complete',
  progress: 100,
  content: '## Findings\n\nCities are warmer [1].\n\n## Sources\n\n1. [Heat](https://example.org/heat)',
  sources: ['https://example.org/heat', 'Your document “Notes”'],
  createdAt: '2026-11-20T09:00:00.000Z',
  ...over,
});
const dashboard = (research: unknown) => route('GET /api/dashboard', { body: { modules: { research } } });
const part = (recent: ResearchSummary[]): ResearchDashboard => ({ reports: 7, pendingReview: 2, recent });

describe('Research Reports (stat)', () => {
  it("shows the number of reports and the spec's 'N pending review' with the real figure", async () => {
    mockFetch(dashboard(part([])));
    const { container } = renderScreen(<ResearchReportsStat />);
    await waitFor(() => byText('2 pending review'));
    expect(container.querySelector('.ant-statistic-content')?.textContent).toBe('7');
  });
});

describe('Recent Research (card)', () => {
  it("says 'No research reports yet' when there are none", async () => {
    mockFetch(dashboard(part([])));
    renderScreen(<ResearchCard />);
    await waitFor(() => byText('No research reports yet'));
  });

  it('lists reports with status and cut summaries; one opens with its content and linked sources', async () => {
    mockFetch(
      dashboard(
        part([
          report(1, { summary: 'x'.repeat(301) }),
          report(2, { status: 'in_progress', progress: 40, summary: null, content: null, sources: [] }),
        ]),
      ),
    );
    renderScreen(<ResearchCard />);
    await waitFor(() => byText('Report 1'));
    expect(byText(`${'x'.repeat(297)}...`)).toBeTruthy();
    expect(byText('Comprehensive analysis and research')).toBeTruthy();
    expect(byText('Complete')).toBeTruthy();
    expect(byText('In Progress')).toBeTruthy();

    await click(button('Report 1'));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(dialog.textContent).toContain('Cities are warmer [1].');
    expect(dialog.querySelector('a[href="https://example.org/heat"]')?.textContent).toBe('https://example.org/heat');
    expect(allByText('Your document “Notes”').some((el) => el.closest('a') === null)).toBe(true);
    expect(button('Open in Research Hub').closest('a')?.getAttribute('href')).toBe('/research?open=1');
  });

  it("shows the spec's error when research's part breaks its schema", async () => {
    mockFetch(dashboard({ reports: 1 }));
    renderScreen(<ResearchCard />);
    await waitFor(() => byText('Failed to load dashboard data. Please try again.'));
  });
});
