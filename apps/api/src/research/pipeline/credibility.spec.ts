import { CREDIBILITY_FACTORS, type CredibilityFactor } from '@aide/contracts';
import { ageText, overallCredibility, RELEVANCE_THRESHOLD, scoreSources } from './credibility';
import type { RetrievedSource, ScoredSource } from './pipeline.types';

const NOW = new Date('2026-03-15T12:00:00Z');
const TOPIC = 'urban heat islands';
const PLAN = ['What are urban heat islands?', 'What are the main causes and drivers of urban heat islands?'];

const source = (overrides: Partial<RetrievedSource> = {}): RetrievedSource => ({
  kind: 'web',
  title: 'Urban heat islands',
  url: 'https://www.epa.gov/heatislands',
  author: 'Jane Doe',
  publishedAt: '2025-12-01',
  text: 'Urban heat islands form when dark pavement and roofs absorb sunlight and cities lose vegetation. The heat island effect raises temperatures.',
  ...overrides,
});

/** Texts that cover the same points: pavement, roofs, vegetation, temperatures. */
const AGREEING_TEXT = [
  'Urban heat islands are city areas that are hotter than nearby rural land. Dark pavement and roofs absorb sunlight and release it as heat.',
  'Loss of vegetation and trees removes shade, so temperatures rise. Waste heat from cars and air conditioning adds to the urban heat.',
].join(' ');
const AGREEING_TEXT_2 =
  'In an urban heat island, pavement and dark roofs store heat during the day. Trees and vegetation cool the air, so neighbourhoods without them see higher temperatures at night.';

const part = (s: ScoredSource, factor: CredibilityFactor) => {
  const found = s.credibility.parts.find((p) => p.factor === factor);
  if (!found) throw new Error(`no ${factor} part`);
  return found;
};
const byTitle = (list: ScoredSource[], title: string) => {
  const found = list.find((s) => s.title === title);
  if (!found) throw new Error(`${title} was dropped`);
  return found;
};

describe('scoreSources', () => {
  const strong = source({ title: 'Strong', text: AGREEING_TEXT });
  const agreeing = source({
    title: 'Agreeing',
    url: 'https://climate.ox.ac.uk/uhi',
    text: AGREEING_TEXT_2,
    author: 'Ann Lee',
    publishedAt: '2024-06-01',
  });
  const thin = source({
    title: 'Thin',
    url: 'http://heat-facts.com/page',
    author: null,
    publishedAt: null,
    text: 'Some cities have urban heat islands in summer.',
  });
  const offTopic = source({
    title: 'Off topic',
    text: 'Sourdough bread needs flour, water, salt and a lively starter. Knead the dough and let it rise overnight.',
  });

  it('orders a strong source above a thin one, and drops an off-topic one', () => {
    const scored = scoreSources(TOPIC, PLAN, [thin, offTopic, strong, agreeing], NOW);
    expect(scored.map((s) => s.title)).toEqual(['Strong', 'Agreeing', 'Thin']);
    expect(scored[0].credibility.score).toBeGreaterThan(scored[2].credibility.score);
    expect(scored.every((s) => s.relevance >= RELEVANCE_THRESHOLD && s.relevance <= 1)).toBe(true);
  });

  it('gives every factor once, each within 0..max, and the score is their sum', () => {
    for (const s of scoreSources(TOPIC, PLAN, [thin, strong, agreeing], NOW)) {
      expect(s.credibility.parts.map((p) => p.factor).sort()).toEqual(Object.keys(CREDIBILITY_FACTORS).sort());
      for (const p of s.credibility.parts) {
        expect(p.max).toBe(CREDIBILITY_FACTORS[p.factor].max);
        expect(p.points).toBeGreaterThanOrEqual(0);
        expect(p.points).toBeLessThanOrEqual(p.max);
        expect(Number.isInteger(p.points)).toBe(true);
      }
      expect(s.credibility.score).toBe(s.credibility.parts.reduce((sum, p) => sum + p.points, 0));
      expect(s.credibility.score).toBeLessThanOrEqual(100);
    }
  });

  it('names the facts in its reasons', () => {
    const scored = scoreSources(TOPIC, PLAN, [thin, strong, agreeing], NOW);
    const s = byTitle(scored, 'Strong');
    expect(part(s, 'https')).toMatchObject({ points: 10, reason: 'Served over HTTPS' });
    expect(part(s, 'domain')).toMatchObject({ points: 20, reason: 'Government site (.gov)' });
    expect(part(s, 'author')).toMatchObject({ points: 15, reason: 'Author named: Jane Doe' });
    expect(part(s, 'date')).toMatchObject({ points: 10, reason: 'Publication date given: 2025-12-01' });
    expect(part(s, 'recency')).toMatchObject({ points: 15, reason: 'Published 3 months ago (within a year)' });
    expect(part(s, 'relevance').reason).toMatch(/^Mentions 3 of 3 topic terms \(urban, heat, islands\)/);
    expect(part(s, 'agreement').reason).toMatch(/^Shares \d+ key terms \(.*pavement.*\) with 1 other source$/);

    expect(part(byTitle(scored, 'Agreeing'), 'domain')).toMatchObject({ points: 17, reason: 'Academic site (ac.uk)' });

    const t = byTitle(scored, 'Thin');
    expect(part(t, 'https')).toMatchObject({ points: 0, reason: 'Not encrypted (HTTP)' });
    expect(part(t, 'domain')).toMatchObject({ points: 6, reason: 'Commercial site (.com)' });
    expect(part(t, 'author')).toMatchObject({ points: 0, reason: 'No author given' });
    expect(part(t, 'date')).toMatchObject({ points: 0, reason: 'No publication date' });
    expect(part(t, 'recency').points).toBe(0);
    expect(part(t, 'agreement')).toMatchObject({ points: 0, reason: 'No other source covers the same points' });
  });

  it('gives a lone source 0 for agreement', () => {
    const [only] = scoreSources(TOPIC, PLAN, [strong], NOW);
    expect(part(only, 'agreement')).toMatchObject({ points: 0, reason: 'No other source covers the same points' });
  });

  it('scores the user’s own documents and emails as stored in the account', () => {
    const doc = source({ kind: 'document', title: 'Heat plan.pdf', url: '/documents?open=4', author: null });
    const mail = source({ kind: 'email', title: 'Re: heat islands', url: '/email?open=9', author: 'Sam Park' });
    const scored = scoreSources(TOPIC, PLAN, [doc, mail], NOW);
    const d = byTitle(scored, 'Heat plan.pdf');
    const m = byTitle(scored, 'Re: heat islands');
    expect(part(d, 'https')).toMatchObject({ points: 10, reason: 'Stored in your account' });
    expect(part(d, 'domain')).toMatchObject({ points: 15, reason: 'Your own document' });
    expect(part(m, 'domain')).toMatchObject({ points: 8, reason: 'An email in your mailbox' });
    expect(part(m, 'author').reason).toBe('Sent by Sam Park');
    expect(part(m, 'recency').reason).toBe('Received 3 months ago (within a year)');
  });

  it.each([
    ['https://www.cdc.gov/x', 20, 'Government site (.gov)'],
    ['https://www.nhs.gov.uk/x', 20, 'Government site (gov.uk)'],
    ['https://www.ecologie.gouv.fr/x', 20, 'Government site (gouv.fr)'],
    ['https://www.who.int/x', 20, 'Intergovernmental organisation (.int)'],
    ['https://climate.mit.edu/x', 17, 'Academic site (.edu)'],
    ['https://en.wikipedia.org/wiki/Urban_heat_island', 12, 'Wikipedia (an encyclopedia anyone can edit)'],
    ['https://www.c40.org/x', 12, 'Organisation site (.org)'],
    ['https://www.spiegel.de/x', 8, 'Other site (.de)'],
    ['https://www.bbc.co.uk/x', 6, 'Commercial site (co.uk)'],
    ['https://example.io/x', 6, 'Commercial site (.io)'],
    ['http://192.168.1.20/x', 0, 'Bare IP address (192.168.1.20)'],
    ['http://localhost:3000/x', 0, 'Local address (localhost)'],
  ])('rates the site of %s at %i points', (url, points, reason) => {
    const [s] = scoreSources(TOPIC, PLAN, [source({ url })], NOW);
    expect(part(s, 'domain')).toMatchObject({ points, reason });
  });

  it.each([
    ['2026-03-15', 15, 'Published today (within a year)'],
    ['2025-03-15T12:00:00Z', 15, 'Published 1 year ago (within a year)'],
    ['2025-03-14', 10, 'Published 1 year ago (within 3 years)'],
    ['2023-03-15T12:00:00Z', 10, 'Published 3 years ago (within 3 years)'],
    ['2023-03-01', 5, 'Published 3 years ago (within 5 years)'],
    ['2021-03-15T12:00:00Z', 5, 'Published 5 years ago (within 5 years)'],
    ['2021-03-14', 0, 'Published 5 years ago (more than 5 years)'],
    ['2012-01-01', 0, 'Published 14 years and 2 months ago (more than 5 years)'],
    ['2027-01-01', 0, 'Dated in the future (2027-01-01)'],
  ])('scores recency of a page dated %s at %i points', (publishedAt, points, reason) => {
    const [s] = scoreSources(TOPIC, PLAN, [source({ publishedAt })], NOW);
    expect(part(s, 'recency')).toMatchObject({ points, reason });
  });

  it('gives no date and no recency points for a missing or unreadable date', () => {
    const [none] = scoreSources(TOPIC, PLAN, [source({ publishedAt: null })], NOW);
    expect(part(none, 'date')).toMatchObject({ points: 0, reason: 'No publication date' });
    expect(part(none, 'recency')).toMatchObject({ points: 0, reason: 'Age unknown (no date)' });
    const [bad] = scoreSources(TOPIC, PLAN, [source({ publishedAt: 'last spring' })], NOW);
    expect(part(bad, 'date')).toMatchObject({ points: 0, reason: 'Unreadable date (last spring)' });
  });

  it('weighs relevance by topic terms, so a passing mention is dropped and a thorough one scores higher', () => {
    const passing = source({
      title: 'Passing',
      text: 'The city council discussed heat in its meeting on parking fees and bus lanes.',
    });
    const thorough = source({ title: 'Thorough', text: `${AGREEING_TEXT} ${AGREEING_TEXT_2}` });
    const scored = scoreSources(TOPIC, PLAN, [passing, thorough], NOW);
    expect(scored.map((s) => s.title)).toEqual(['Thorough']);
    expect(scored[0].relevance).toBeGreaterThan(0.6);
    expect(part(scored[0], 'relevance').points).toBe(Math.round(scored[0].relevance * 15));
  });

  it('matches two-letter topic terms such as AI', () => {
    const [s] = scoreSources(
      'AI regulation',
      [],
      [source({ title: 'EU act', text: 'The EU AI Act sets rules for AI systems and their regulation by risk.' })],
      NOW,
    );
    expect(s.relevance).toBeGreaterThan(0.7);
  });
});

describe('ageText', () => {
  it('says days, months and years', () => {
    expect(ageText(new Date('2026-03-10T12:00:00Z'), NOW)).toBe('5 days ago');
    expect(ageText(new Date('2026-03-14T12:00:00Z'), NOW)).toBe('1 day ago');
    expect(ageText(new Date('2025-11-15T12:00:00Z'), NOW)).toBe('4 months ago');
    expect(ageText(new Date('2024-02-15T12:00:00Z'), NOW)).toBe('2 years and 1 month ago');
  });
});

describe('overallCredibility', () => {
  it('weights each cited source by its citations and rounds', () => {
    expect(
      overallCredibility([
        { score: 90, citations: 3 },
        { score: 40, citations: 1 },
      ]),
    ).toBe(78);
    expect(overallCredibility([{ score: 71, citations: 2 }])).toBe(71);
  });

  it('is null when nothing is cited', () => {
    expect(overallCredibility([])).toBeNull();
  });
});
