/**
 * How a retrieved source is kept or dropped, and how its credibility score (0–100) is computed.
 * Everything here is a pure function of the sources and the clock: the same input always gives the
 * same scores, and every point is stored with the reason it was given (DECISIONS: a credibility
 * score says how it was computed).
 *
 * Relevance (0–1) and the drop rule
 *   Terms are lower-cased words with plurals folded ("islands" → "island"), stop words out; a
 *   topic term may be 2 letters ("AI", "EU"). Relevance = 0.75 × topic coverage + 0.25 ×
 *   sub-question coverage, over the source's title and text:
 *   - topic coverage: the mean, over the topic's distinct terms, of 0 when absent, 0.7 when the
 *     term occurs once, 0.85 twice, 1 at four times or more (0.7 + 0.15·log2(count), capped);
 *   - sub-question coverage: the share of the sub-questions' own terms (not the topic's, not
 *     question wording such as "main" or "known") present at all; without such terms the topic
 *     coverage counts alone.
 *   A source under RELEVANCE_THRESHOLD (0.25), or mentioning none of the topic's terms, is DROPPED:
 *   its content does not match the query. A topic with no significant term matches nothing.
 *
 * Credibility: the sum of these parts (maxima from CREDIBILITY_FACTORS; they sum to 100)
 *   factor      max  points
 *   https        10  web: https 10 ('Served over HTTPS'), http 0 ('Not encrypted (HTTP)');
 *                    the user's document or email: 10 ('Stored in your account')
 *   domain       20  government (.gov, .mil, .int, gov.xx, gouv.xx, gob.xx, go.xx, govt.xx, gc.ca,
 *                    europa.eu) 20; academic (.edu, .edu.xx, .ac.xx) 17; your own document 15;
 *                    .org 12; Wikipedia 12; other sites (country and other domains) 8; your own
 *                    email 8; commercial (.com, .net, .io, .biz, .info, .co, com.xx, co.xx) 6;
 *                    a bare IP address or localhost 0
 *   author       15  named 15 ('Author named: Jane Doe'; an email: 'Sent by …'), else 0
 *   date         10  a readable publication (or received) date 10, else 0
 *   recency      15  age at `now`: within 1 year 15, within 3 years 10, within 5 years 5, older 0;
 *                    no date or a date in the future 0 (calendar years: exactly 1 year old is
 *                    still "within 1 year")
 *   relevance    15  round(relevance × 15), with the terms it matched
 *   agreement    15  each source's key terms are its AGREEMENT_TERMS (25) most frequent terms
 *                    outside the topic's own (every kept source shares those); another kept source
 *                    agrees when the two share at least AGREEMENT_MIN_SHARED (3) key terms.
 *                    1 agreeing source 8, 2 give 12, 3 or more 15; a lone source 0
 *                    ('No other source covers the same points')
 *   Sources are returned best first: score, then relevance, then their input order.
 */
import { CREDIBILITY_FACTORS, type CredibilityFactor, type CredibilityPart } from '@aide/contracts';
import { isStopword } from '../../ai/text/stopwords';
import { isContentWord, tokenize } from '../../ai/text/tokens';
import type { RetrievedSource, ScoredSource } from './pipeline.types';

/** Relevance under this drops a source: what it says is not about the topic. */
export const RELEVANCE_THRESHOLD = 0.25;
export const TOPIC_WEIGHT = 0.75;
/** How many of a source's most frequent terms are compared with the other sources'. */
export const AGREEMENT_TERMS = 25;
/** Key terms two sources must share to count as covering the same points. */
export const AGREEMENT_MIN_SHARED = 3;
/** Only the start of a very long text is analysed (a book-length page does not slow a run down). */
const ANALYSED_CHARS = 200_000;

/** Question wording that names no subject: left out of sub-question terms (stems). */
const QUESTION_WORDS = new Set([
  'main',
  'known',
  'need',
  'needed',
  'understand',
  'offer',
  'strong',
  'remain',
  'open',
  'question',
  'answer',
  'source',
  'key',
  'exist',
  'shape',
  'factor',
  'support',
  'background',
  'definition',
]);

export interface Term {
  stem: string;
  /** The first written form, for reasons people read. */
  word: string;
}

/** A word that can name a subject in a query: not a stop word, 2+ letters (AI, EU) or a number of 2+ digits (2024, 5G). */
const isQueryWord = (word: string) => word.length >= 2 && !isStopword(word) && !isStopword(word.replace(/'s$/, ''));

/** The distinct significant terms of a query (topic or sub-question), in order of appearance. */
export function queryTerms(text: string): Term[] {
  const seen = new Map<string, Term>();
  for (const token of tokenize(text)) {
    if (isQueryWord(token.word) && !seen.has(token.stem)) seen.set(token.stem, { stem: token.stem, word: token.word });
  }
  return [...seen.values()];
}

/** The sub-questions' own terms: not the topic's, not question wording. */
export function subQuestionTerms(topic: string, subQuestions: string[]): Term[] {
  const topicStems = new Set(queryTerms(topic).map((t) => t.stem));
  const seen = new Map<string, Term>();
  for (const term of queryTerms(subQuestions.join('\n'))) {
    if (!topicStems.has(term.stem) && !QUESTION_WORDS.has(term.stem) && !seen.has(term.stem)) seen.set(term.stem, term);
  }
  return [...seen.values()];
}

/** How often each stem occurs in `text`. */
function stemCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(text.slice(0, ANALYSED_CHARS)))
    counts.set(token.stem, (counts.get(token.stem) ?? 0) + 1);
  return counts;
}

/** 0 absent, 0.7 once, 0.85 twice, 1 from four times: being mentioned matters most, repetition a little. */
const presence = (count: number) => (count === 0 ? 0 : Math.min(1, 0.7 + 0.15 * Math.log2(count)));

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export interface RelevanceMatch {
  relevance: number;
  topicFound: Term[];
  topicTerms: Term[];
  subFound: Term[];
  subTerms: Term[];
}

/** How well `text` matches the topic and its sub-questions (see the table at the top of the file). */
export function relevanceOf(text: string, topic: Term[], sub: Term[]): RelevanceMatch {
  const counts = stemCounts(text);
  const topicFound = topic.filter((t) => counts.has(t.stem));
  const subFound = sub.filter((t) => counts.has(t.stem));
  const topicCoverage = topic.length
    ? topic.reduce((sum, t) => sum + presence(counts.get(t.stem) ?? 0), 0) / topic.length
    : 0;
  const subCoverage = sub.length ? subFound.length / sub.length : topicCoverage;
  const relevance = topic.length ? round3(TOPIC_WEIGHT * topicCoverage + (1 - TOPIC_WEIGHT) * subCoverage) : 0;
  return { relevance, topicFound, topicTerms: topic, subFound, subTerms: sub };
}

/** A source's key terms: its most frequent content words outside the topic's terms (ties: first seen). */
export function keyTerms(text: string, exclude: Set<string>, limit = AGREEMENT_TERMS): Term[] {
  const counts = new Map<string, { term: Term; count: number; first: number }>();
  tokenize(text.slice(0, ANALYSED_CHARS)).forEach((token, index) => {
    if (!isContentWord(token.word) || exclude.has(token.stem)) return;
    const entry = counts.get(token.stem);
    if (entry) entry.count++;
    else counts.set(token.stem, { term: { stem: token.stem, word: token.word }, count: 1, first: index });
  });
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map((e) => e.term);
}

const part = (factor: CredibilityFactor, points: number, reason: string): CredibilityPart => ({
  factor,
  points,
  max: CREDIBILITY_FACTORS[factor].max,
  reason,
});

/** The host of a web address, lower-case, without a leading "www."; null when it is not a URL. */
export function hostOf(url: string): string | null {
  try {
    return (
      new URL(url).hostname
        .toLowerCase()
        .replace(/^www\./, '')
        .replace(/^\[|\]$/g, '') || null
    );
  } catch {
    return null;
  }
}

function httpsPart(source: RetrievedSource): CredibilityPart {
  if (source.kind !== 'web') return part('https', CREDIBILITY_FACTORS.https.max, 'Stored in your account');
  const protocol = /^([a-z][a-z0-9+.-]*):/i.exec(source.url)?.[1]?.toLowerCase();
  if (protocol === 'https') return part('https', CREDIBILITY_FACTORS.https.max, 'Served over HTTPS');
  if (protocol === 'http') return part('https', 0, 'Not encrypted (HTTP)');
  return part('https', 0, 'Not a web address');
}

const GOVERNMENT =
  /(^|\.)(gov|mil|int)$|(^|\.)(gov|gouv|gob|go|govt|gv|gc)\.[a-z]{2}$|(^|\.)(europa\.eu|admin\.ch|bund\.de)$/;
const ACADEMIC = /(^|\.)edu$|(^|\.)(edu|ac)\.[a-z]{2}$/;
const COMMERCIAL = /(^|\.)(com|net|io|biz|info|co)$|(^|\.)(com|co|net)\.[a-z]{2}$/;
const IP_ADDRESS = /^(\d{1,3}\.){3}\d{1,3}$|:/;

/** The part of the host that decided the kind, for the reason: ".gov", "gov.uk", "ac.uk". */
function suffixOf(host: string, pattern: RegExp): string {
  const match = pattern.exec(host)?.[0] ?? host;
  const suffix = match.replace(/^\./, '');
  return suffix.includes('.') ? suffix : `.${suffix}`;
}

function domainPart(source: RetrievedSource): CredibilityPart {
  if (source.kind === 'document') return part('domain', 15, 'Your own document');
  if (source.kind === 'email') return part('domain', 8, 'An email in your mailbox');
  const host = hostOf(source.url);
  if (!host) return part('domain', 0, 'No readable site address');
  if (host === 'localhost' || host.endsWith('.localhost')) return part('domain', 0, 'Local address (localhost)');
  if (IP_ADDRESS.test(host)) return part('domain', 0, `Bare IP address (${host})`);
  if (GOVERNMENT.test(host)) {
    const suffix = suffixOf(host, GOVERNMENT);
    const kind =
      suffix === '.int' ? 'Intergovernmental organisation' : suffix === '.mil' ? 'Military site' : 'Government site';
    return part('domain', 20, `${kind} (${suffix})`);
  }
  if (ACADEMIC.test(host)) return part('domain', 17, `Academic site (${suffixOf(host, ACADEMIC)})`);
  if (host === 'wikipedia.org' || host.endsWith('.wikipedia.org'))
    return part('domain', 12, 'Wikipedia (an encyclopedia anyone can edit)');
  if (host.endsWith('.org')) return part('domain', 12, 'Organisation site (.org)');
  if (COMMERCIAL.test(host)) return part('domain', 6, `Commercial site (${suffixOf(host, COMMERCIAL)})`);
  return part('domain', 8, `Other site (.${host.split('.').at(-1)})`);
}

function authorPart(source: RetrievedSource): CredibilityPart {
  const author = source.author?.trim();
  if (!author) return part('author', 0, source.kind === 'email' ? 'No sender given' : 'No author given');
  return part(
    'author',
    CREDIBILITY_FACTORS.author.max,
    source.kind === 'email' ? `Sent by ${author}` : `Author named: ${author}`,
  );
}

/** A date the source gives, or null when none or unreadable. */
export function parseDate(value: string | null): Date | null {
  if (!value?.trim()) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function datePart(source: RetrievedSource): CredibilityPart {
  const date = parseDate(source.publishedAt);
  const what = source.kind === 'email' ? 'Date received' : 'Publication date given';
  if (date) return part('date', CREDIBILITY_FACTORS.date.max, `${what}: ${isoDay(date)}`);
  return part(
    'date',
    0,
    source.publishedAt?.trim() ? `Unreadable date (${source.publishedAt.trim().slice(0, 40)})` : 'No publication date',
  );
}

/** `date` moved by whole calendar years (UTC). */
function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now.getTime());
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "today", "5 days ago", "3 months ago", "2 years and 1 month ago" (calendar months, UTC). */
export function ageText(published: Date, now: Date): string {
  const days = Math.floor((now.getTime() - published.getTime()) / 86_400_000);
  if (days < 1) return 'today';
  if (days < 31) return `${plural(days, 'day')} ago`;
  let months = (now.getUTCFullYear() - published.getUTCFullYear()) * 12 + now.getUTCMonth() - published.getUTCMonth();
  if (now.getUTCDate() < published.getUTCDate()) months--;
  months = Math.max(1, months);
  if (months < 12) return `${plural(months, 'month')} ago`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return rest === 0 ? `${plural(years, 'year')} ago` : `${plural(years, 'year')} and ${plural(rest, 'month')} ago`;
}

/** Recency bands, newest first: a date at least `since` is worth `points`. */
const RECENCY_BANDS = [
  { years: 1, points: 15, band: 'within a year' },
  { years: 3, points: 10, band: 'within 3 years' },
  { years: 5, points: 5, band: 'within 5 years' },
] as const;

function recencyPart(source: RetrievedSource, now: Date): CredibilityPart {
  const date = parseDate(source.publishedAt);
  if (!date) return part('recency', 0, 'Age unknown (no date)');
  const verb = source.kind === 'email' ? 'Received' : 'Published';
  // A day's slack: a page dated "today" in another time zone is not from the future.
  if (date.getTime() > now.getTime() + 86_400_000) return part('recency', 0, `Dated in the future (${isoDay(date)})`);
  const age = ageText(date, now);
  const band = RECENCY_BANDS.find((b) => date.getTime() >= yearsBefore(now, b.years).getTime());
  if (!band) return part('recency', 0, `${verb} ${age} (more than 5 years)`);
  return part('recency', band.points, `${verb} ${age} (${band.band})`);
}

const listWords = (terms: Term[], max = 5) => {
  const words = terms.slice(0, max).map((t) => t.word);
  return terms.length > max ? `${words.join(', ')}, …` : words.join(', ');
};

function relevancePart(match: RelevanceMatch): CredibilityPart {
  const { topicFound, topicTerms, subFound, subTerms } = match;
  let reason = `Mentions ${topicFound.length} of ${topicTerms.length} topic terms`;
  if (topicFound.length) reason += ` (${listWords(topicFound)})`;
  if (subTerms.length) reason += ` and ${subFound.length} of ${subTerms.length} sub-question terms`;
  return part('relevance', Math.round(match.relevance * CREDIBILITY_FACTORS.relevance.max), reason);
}

/** Points for how many other kept sources cover the same points. */
const AGREEMENT_POINTS = [0, 8, 12, 15] as const;

function agreementPart(own: Term[], others: Term[][]): CredibilityPart {
  const ownStems = new Set(own.map((t) => t.stem));
  const shared = new Set<string>();
  let agreeing = 0;
  for (const other of others) {
    const common = other.filter((t) => ownStems.has(t.stem));
    if (common.length < AGREEMENT_MIN_SHARED) continue;
    agreeing++;
    for (const t of common) shared.add(t.stem);
  }
  if (agreeing === 0) return part('agreement', 0, 'No other source covers the same points');
  const terms = own.filter((t) => shared.has(t.stem));
  return part(
    'agreement',
    AGREEMENT_POINTS[Math.min(agreeing, AGREEMENT_POINTS.length - 1)],
    `Shares ${terms.length} key terms (${listWords(terms)}) with ${plural(agreeing, 'other source')}`,
  );
}

/**
 * The sources that match the topic, each with its relevance and its credibility parts, best first.
 * Sources under RELEVANCE_THRESHOLD are dropped (see the table at the top of the file).
 */
export function scoreSources(
  topic: string,
  subQuestions: string[],
  sources: RetrievedSource[],
  now: Date,
): ScoredSource[] {
  const topicTerms = queryTerms(topic);
  const subTerms = subQuestionTerms(topic, subQuestions);
  const topicStems = new Set(topicTerms.map((t) => t.stem));

  const kept = sources
    .map((source, index) => ({
      source,
      index,
      match: relevanceOf(`${source.title}\n${source.text}`, topicTerms, subTerms),
    }))
    .filter(({ match }) => match.topicFound.length > 0 && match.relevance >= RELEVANCE_THRESHOLD);
  const keys = kept.map(({ source }) => keyTerms(`${source.title}\n${source.text}`, topicStems));

  return kept
    .map(({ source, index, match }, i) => {
      const parts = [
        httpsPart(source),
        domainPart(source),
        authorPart(source),
        datePart(source),
        recencyPart(source, now),
        relevancePart(match),
        agreementPart(
          keys[i],
          keys.filter((_, j) => j !== i),
        ),
      ];
      const score = parts.reduce((sum, p) => sum + p.points, 0);
      return {
        scored: { ...source, relevance: match.relevance, credibility: { score, parts } } satisfies ScoredSource,
        index,
      };
    })
    .sort(
      (a, b) =>
        b.scored.credibility.score - a.scored.credibility.score ||
        b.scored.relevance - a.scored.relevance ||
        a.index - b.index,
    )
    .map(({ scored }) => scored);
}

/**
 * The report's credibility: the cited sources' scores weighted by how often each is cited, rounded;
 * null when nothing is cited (an unweighted mean if every count is 0).
 */
export function overallCredibility(cited: { score: number; citations: number }[]): number | null {
  if (cited.length === 0) return null;
  const weight = cited.reduce((sum, c) => sum + Math.max(0, c.citations), 0);
  if (weight === 0) return Math.round(cited.reduce((sum, c) => sum + c.score, 0) / cited.length);
  return Math.round(cited.reduce((sum, c) => sum + c.score * Math.max(0, c.citations), 0) / weight);
}
