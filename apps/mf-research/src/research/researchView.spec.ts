import { aCompletedReport, aReport, aSource } from '../../test/factories';
import {
  cardSources,
  credibilityTone,
  matchesSearch,
  researchStats,
  summaryPreview,
  visibleReports,
} from './researchView';

describe('summaryPreview (spec §9)', () => {
  it('keeps the first 3 non-empty lines and says when there are more', () => {
    expect(summaryPreview('One\n\n  \nTwo\nThree\n\nFour')).toEqual({ lines: ['One', 'Two', 'Three'], more: true });
    expect(summaryPreview('One\n\nTwo\nThree\n')).toEqual({ lines: ['One', 'Two', 'Three'], more: false });
    expect(summaryPreview(null)).toEqual({ lines: [], more: false });
  });
});

describe('cardSources (spec §9)', () => {
  it('shows at most 3 sources and counts the rest', () => {
    const report = aReport({ sourceDetails: [1, 2, 3, 4, 5].map((number) => aSource({ number })) });
    const { shown, hidden } = cardSources(report);
    expect(shown.map((s) => s.label)).toEqual([
      'Source 1 · site1.example.org',
      'Source 2 · site2.example.org',
      'Source 3 · site3.example.org',
    ]);
    expect(hidden).toBe(2);
  });

  it("names the user's own items as 'Your document …' and 'Your email …'", () => {
    const report = aReport({
      sourceDetails: [
        aSource({ number: 1, kind: 'document', title: 'Budget 2026', url: '/documents?open=4', site: null }),
        aSource({ number: 2, kind: 'email', title: 'Offer from ACME', url: '/email?open=9', site: null }),
      ],
    });
    expect(cardSources(report).shown.map((s) => [s.label, s.href])).toEqual([
      ['Your document “Budget 2026”', '/documents?open=4'],
      ['Your email “Offer from ACME”', '/email?open=9'],
    ]);
  });

  it('falls back to the spec’s text list when there are no details', () => {
    const report = aReport({ sources: ['https://www.nature.com/a', 'Document: notes.pdf'] });
    expect(cardSources(report).shown.map((s) => s.label)).toEqual(['nature.com', 'Your document “notes.pdf”']);
  });
});

describe('researchStats and the search', () => {
  const reports = [
    aCompletedReport({ topic: 'Solar power', tags: ['energy'], category: 'environment' }),
    aReport({ status: 'in_progress', topic: 'Quantum computing' }),
    aReport({ status: 'pending', topic: 'Sleep and memory', summary: 'About REM sleep' }),
    aReport({ status: 'failed', topic: 'Failed one' }),
    aCompletedReport({ topic: 'Old archived', isArchived: true }),
  ];

  it('counts the reports that are not archived', () => {
    expect(researchStats(reports)).toEqual({ total: 4, completed: 1, inProgress: 1, pending: 1 });
  });

  it('matches topic, summary, tags and category, every word, any case', () => {
    expect(matchesSearch(reports[0], 'SOLAR')).toBe(true);
    expect(matchesSearch(reports[0], 'energy')).toBe(true);
    expect(matchesSearch(reports[0], 'environment solar')).toBe(true);
    expect(matchesSearch(reports[2], 'rem')).toBe(true);
    expect(matchesSearch(reports[1], 'solar')).toBe(false);
  });

  it('hides archived reports unless asked', () => {
    expect(visibleReports(reports, { query: '', showArchived: false })).toHaveLength(4);
    expect(visibleReports(reports, { query: 'archived', showArchived: true }).map((r) => r.topic)).toEqual([
      'Old archived',
    ]);
  });

  it('colours credibility green, gold or red', () => {
    expect([credibilityTone(78), credibilityTone(55), credibilityTone(20)]).toEqual(['success', 'warning', 'error']);
  });
});
