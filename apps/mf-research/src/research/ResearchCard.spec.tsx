import { allByText, button, cleanup, renderScreen } from '@aide/testing';
import type { ResearchReport } from '@aide/contracts';
import { aCompletedReport, aReport, aSource } from '../../test/factories';
import { ResearchCard } from './ResearchCard';

afterEach(cleanup);

function card(report: ResearchReport) {
  const onAction = jest.fn();
  const { container } = renderScreen(<ResearchCard report={report} onAction={onAction} />, { path: '/research' });
  return { el: container.querySelector('article')!, onAction };
}

describe('the report card (spec §2, §9)', () => {
  it("shows the summary's first 3 non-empty lines, then 'Read more...' that opens the report", () => {
    const { el, onAction } = card(aCompletedReport({ summary: 'First\n\nSecond\n   \nThird\nFourth' }));
    const lines = Array.from(el.querySelectorAll('.aide-research-summary .ant-typography:not(a)')).map(
      (p) => p.textContent,
    );
    expect(lines).toEqual(['First', 'Second', 'Third']);
    expect(el.textContent).not.toContain('Fourth');
    button(/^Read more of/).click();
    expect(onAction).toHaveBeenCalledWith('view');
    expect(button(/^Read more of/).textContent).toBe('Read more...');
  });

  it("has no 'Read more...' when the summary fits", () => {
    const { el } = card(aCompletedReport({ summary: 'First\nSecond\nThird' }));
    expect(el.textContent).not.toContain('Read more...');
  });

  it("lists 3 sources then '+2 more'; web ones show title and site and open in a new tab", () => {
    const { el } = card(aCompletedReport({ sourceDetails: [1, 2, 3, 4, 5].map((number) => aSource({ number })) }));
    const items = Array.from(el.querySelectorAll('.aide-research-sources > li')).map((li) => li.textContent?.trim());
    expect(items).toEqual([
      'Source 1 · site1.example.org',
      'Source 2 · site2.example.org',
      'Source 3 · site3.example.org',
      '+2 more',
    ]);
    const link = el.querySelector('.aide-research-sources a')!;
    expect(link.getAttribute('href')).toBe('https://site1.example.org/article');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("shows the user's own document as 'Your document …', linked in the app", () => {
    const { el } = card(
      aCompletedReport({
        sourceDetails: [
          aSource({ number: 1, kind: 'document', title: 'Budget', url: '/documents?open=4', site: null }),
        ],
      }),
    );
    const link = el.querySelector('.aide-research-sources a')!;
    expect(link.textContent?.trim()).toBe('Your document “Budget”');
    expect(link.getAttribute('href')).toBe('/documents?open=4');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('shows a progress bar and the stage only while the report runs', () => {
    const running = card(aReport({ status: 'in_progress', progress: 40, stage: 'Reading 3 of 8 sources' })).el;
    expect(running.querySelector('.ant-progress')).not.toBeNull();
    expect(running.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
    expect(running.textContent).toContain('Reading 3 of 8 sources');
    expect(running.textContent).toContain('In Progress');
    expect(running.textContent).not.toContain('View Full Report');
    cleanup();

    const pending = card(aReport({ status: 'pending' })).el;
    expect(pending.querySelector('.ant-progress')).not.toBeNull();
    expect(pending.textContent).toContain('Pending');
    cleanup();

    for (const report of [aCompletedReport(), aReport({ status: 'failed', error: 'Nothing found' })]) {
      expect(card(report).el.querySelector('.ant-progress')).toBeNull();
      cleanup();
    }
  });

  it("offers 'View Full Report' and the credibility only when completed", () => {
    const { el, onAction } = card(aCompletedReport({ credibilityScore: 78 }));
    expect(el.textContent).toContain('Completed');
    const score = allByText('Credibility 78/100')[0];
    expect(score.closest('.ant-tag')?.className).toContain('success');
    button('View Full Report').click();
    expect(onAction).toHaveBeenCalledWith('view');
  });

  it('shows why a failed report failed, with a Rerun action', () => {
    const { el, onAction } = card(aReport({ status: 'failed', error: 'No sources could be retrieved for this topic' }));
    expect(el.querySelector('.ant-alert')?.textContent).toContain('No sources could be retrieved for this topic');
    expect(el.textContent).toContain('Failed');
    expect(el.textContent).not.toContain('View Full Report');
    Array.from(el.querySelectorAll('button'))
      .find((b) => b.textContent === 'Rerun')!
      .click();
    expect(onAction).toHaveBeenCalledWith('rerun');
  });
});
