/** Small factories for the screen's data (STYLE: fixtures by factory, not copied JSON). */
import type { ResearchReport, ResearchSource } from '@aide/contracts';

let nextId = 100;

export function aSource(fields: Partial<ResearchSource> = {}): ResearchSource {
  const number = fields.number ?? 1;
  return {
    number,
    kind: 'web',
    title: `Source ${number}`,
    url: `https://site${number}.example.org/article`,
    site: `site${number}.example.org`,
    author: null,
    publishedAt: null,
    excerpt: 'What the page says.',
    credibility: { score: 60, parts: [{ factor: 'https', points: 10, max: 10, reason: 'Served over HTTPS' }] },
    ...fields,
  };
}

export function aReport(fields: Partial<ResearchReport> = {}): ResearchReport {
  nextId += 1;
  return {
    id: nextId,
    topic: `Topic ${nextId}`,
    summary: null,
    content: null,
    category: null,
    tags: null,
    sources: [],
    sourceDetails: [],
    status: 'pending',
    progress: 0,
    credibilityScore: null,
    error: null,
    stage: null,
    isArchived: false,
    createdAt: '2026-03-03T14:05:00.000Z',
    completedAt: null,
    ...fields,
  };
}

/** A finished report with `count` web sources and a summary. */
export function aCompletedReport(fields: Partial<ResearchReport> = {}, count = 2): ResearchReport {
  const sourceDetails = Array.from({ length: count }, (_, i) => aSource({ number: i + 1 }));
  return aReport({
    status: 'completed',
    progress: 100,
    summary: 'Solar is now the cheapest power.',
    content: '# Solar\n\nCosts fell [1].\n\n## Sources\n\n1. https://site1.example.org/article',
    sourceDetails,
    sources: sourceDetails.map((s) => s.url),
    credibilityScore: 78,
    completedAt: '2026-03-03T14:09:00.000Z',
    ...fields,
  });
}
