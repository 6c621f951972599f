import { RESEARCH_CATEGORIES, RESEARCH_LIMITS, RESEARCH_MESSAGES, type ResearchCategory } from '@aide/contracts';
import { serverMessage } from '../../common/server-messages';
import { z } from 'zod';
import type { AiService } from '../../ai/ai.service';
import { OFFLINE_TEMPLATE_METHOD } from '../../ai/offline/offline.provider';
import { countWords, splitSentences } from '../../ai/text/sentences';
import { contentStems, isContentWord, tokenize } from '../../ai/text/tokens';
import { hostOf, parseDate, queryTerms, subQuestionTerms } from './credibility';
import type { ScoredSource, WrittenReport } from './pipeline.types';
import { isNounPhrase, keyPhrases } from '../../ai/text/phrases';
import {
  definitionQuestion,
  facetHeading,
  RESEARCH_PLAN_TASK,
  researchPlanTemplate,
  topicFacets,
} from './research-planner';

export const RESEARCH_REPORT_TASK = 'research.report';
/** Characters of each source's most relevant sentences sent to the writer. */
export const PASSAGE_CHARS = 2400;
/** The offline writer's sentences per section and in the summary. */
export const SECTION_SENTENCES = 3;
export const SUMMARY_SENTENCES = 3;
/** Two sentences sharing more than this share of their words (Jaccard) say the same thing: one is skipped. */
export const NEAR_DUPLICATE = 0.6;
/** A sentence outside these word counts is a fragment or a run-on (often navigation text): not quoted. */
const MIN_WORDS = 6;
const MAX_WORDS = 60;
/** Only the start of a very long source is searched for passages. */
const ANALYSED_CHARS = 100_000;
/** Page furniture, not content. */
const BOILERPLATE =
  /\b(cookies?|subscribe|subscription|newsletter|copyright|all rights reserved|privacy policy|terms of (use|service)|sign (up|in)|log ?in|click here|javascript|advertisement|share this|follow us|read more)\b|©|https?:\/\//i;
/** How much of a text the category and tag suggestions read (the offline TextRank grows with its square). */
const SUGGESTION_CHARS = 20_000;
export const SUGGESTED_TAGS = 5;

// ---- What the writer is asked for: structure, never free Markdown ----

const citedText = z.object({ text: z.string(), citations: z.array(z.number().int()) });
export const researchReportSchema = z.object({
  /** 2–4 sentences for the top of the report, each with the sources it comes from. */
  summary: z.array(citedText),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(citedText) })),
  /** The topic's facets that no source answers, named as in the topic ("tax rules"). */
  uncovered: z.array(z.string()).optional(),
});
export type ResearchReportDraft = z.infer<typeof researchReportSchema>;

/** One source as the writer sees it: numbered, with its most relevant sentences. */
export interface ReportSourceInput {
  number: number;
  title: string;
  /** The site's host, 'Your document' or 'Your email'. */
  from: string;
  author: string | null;
  /** YYYY-MM-DD, or null. */
  date: string | null;
  credibility: number;
  /** Whole sentences of the source, in its order. */
  passages: string[];
}

export interface ReportInput {
  topic: string;
  subQuestions: string[];
  sources: ReportSourceInput[];
}

const REPORT_INSTRUCTIONS = [
  'Write a research report on the topic using ONLY the numbered sources given.',
  'sections: one per sub-question, in order, each with a short heading and paragraphs of 2 to 4 sentences.',
  "Each paragraph's citations lists the numbers of the sources that support it; every paragraph must cite at least one source.",
  'summary: 2 to 4 sentences on the main findings, each with its citations.',
  'When the topic names facets after a colon (for example "Heat pumps: refrigerants, noise and costs"), write one section per facet headed by the facet, drawing on every source that covers it rather than one,',
  'and list in uncovered the facets that none of the sources answers.',
  'State only what the sources say. Do not invent facts, figures, quotes or sources, and do not write citation markers like [1] in the text.',
].join(' ');

// ---- Sentences and terms ----

const wordsOf = (text: string) =>
  new Set(
    tokenize(text)
      .filter((t) => isContentWord(t.word))
      .map((t) => t.stem),
  );
/** Stems for matching query terms (2-letter terms like "AI" included). */
const stemsOf = (text: string) => new Set(tokenize(text).map((t) => t.stem));

/** Token Jaccard similarity of two word sets. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** A sentence worth quoting as a finding: a whole statement of reasonable length, not page furniture. */
export function isUsableSentence(sentence: string): boolean {
  const words = countWords(sentence);
  return (
    words >= MIN_WORDS &&
    words <= MAX_WORDS &&
    !BOILERPLATE.test(sentence) &&
    /[.!]["'”’)\]]*$/.test(sentence) &&
    /\p{L}/u.test(sentence)
  );
}

/** Fallback for a source with no usable sentence: any sentence of 3+ words, cut at MAX_WORDS. */
const relaxedSentence = (sentence: string): string | null => {
  const words = sentence.split(/\s+/);
  if (words.length < 3 || BOILERPLATE.test(sentence)) return null;
  return words.length <= MAX_WORDS ? sentence : `${words.slice(0, MAX_WORDS).join(' ')}…`;
};

/**
 * The sentences of `text` that best match `terms` (stems), within `budget` characters, in the
 * text's order. Sentences that are not usable (fragments, boilerplate) are skipped; a text with
 * none gives its first sentences, cut to length.
 */
export function selectPassages(text: string, terms: Set<string>, budget = PASSAGE_CHARS): string[] {
  const sentences = splitSentences(text.slice(0, ANALYSED_CHARS));
  let candidates = sentences
    .map((sentence, index) => ({ sentence, index }))
    .filter((c) => isUsableSentence(c.sentence));
  if (candidates.length === 0) {
    candidates = sentences.flatMap((s, index) => {
      const sentence = relaxedSentence(s);
      return sentence ? [{ sentence, index }] : [];
    });
  }
  const scored = candidates.map((c) => {
    const stems = stemsOf(c.sentence);
    let hits = 0;
    for (const t of terms) if (stems.has(t)) hits++;
    return { ...c, hits };
  });
  scored.sort((a, b) => b.hits - a.hits || a.index - b.index);
  const chosen: typeof scored = [];
  let used = 0;
  for (const c of scored) {
    if (used + c.sentence.length > budget && chosen.length > 0) continue;
    chosen.push(c);
    used += c.sentence.length + 1;
  }
  return chosen.sort((a, b) => a.index - b.index).map((c) => c.sentence);
}

const sourceFrom = (source: ScoredSource) =>
  source.kind === 'document'
    ? 'Your document'
    : source.kind === 'email'
      ? 'Your email'
      : (hostOf(source.url) ?? source.url);
const dayOf = (value: string | null) => parseDate(value)?.toISOString().slice(0, 10) ?? null;

/** What the writer (model or offline template) is given: the topic, the plan and the numbered sources' best passages. */
export function buildReportInput(topic: string, subQuestions: string[], sources: ScoredSource[]): ReportInput {
  const terms = new Set([...queryTerms(topic), ...subQuestionTerms(topic, subQuestions)].map((t) => t.stem));
  return {
    topic,
    subQuestions,
    sources: sources.map((source, i) => ({
      number: i + 1,
      title: source.title,
      from: sourceFrom(source),
      author: source.author,
      date: dayOf(source.publishedAt),
      credibility: source.credibility.score,
      passages: selectPassages(source.text, terms),
    })),
  };
}

// ---- The offline writer: extractive and deterministic ----

/** Words a sub-question's own terms stand for in prose ("causes" is often said as "due to", "leads to"). */
const EXPANSIONS: Record<string, string[]> = {
  cause: [
    'caused',
    'due',
    'because',
    'result',
    'lead',
    'contribute',
    'contributing',
    'contributor',
    'loss',
    'driver',
    'driven',
    'factor',
    'absorb',
    'trap',
  ],
  driver: ['cause', 'caused', 'driven', 'due', 'contribute', 'factor'],
  effect: [
    'impact',
    'risk',
    'consequence',
    'harm',
    'affect',
    'increase',
    'raise',
    'health',
    'mortality',
    'death',
    'illness',
  ],
  evidence: ['study', 'research', 'data', 'found', 'show', 'measured', 'survey', 'analysis'],
  outlook: [
    'mitigation',
    'mitigate',
    'reduce',
    'reducing',
    'policy',
    'plan',
    'strategy',
    'measure',
    'solution',
    'programme',
    'program',
    'adaptation',
    'future',
  ],
};
const DEFINING_VERB = /\b(is|are|refers? to|means)\b/i;
const DEFINITION_PHRASE = /\b(refers? to|defined as|known as)\b/i;

/**
 * Whether a sentence defines the topic: its subject (the words before the first is/are/refers to)
 * consists of the topic's terms ("An urban heat island is …"), or it says "defined as" / "known as".
 */
function definesTopic(text: string, topic: Set<string>): boolean {
  const verb = DEFINING_VERB.exec(text);
  if (verb) {
    const subject = contentStems(text.slice(0, verb.index));
    if (subject.length > 0 && subject.length <= 5 && subject.every((t) => topic.has(t))) return true;
  }
  return DEFINITION_PHRASE.test(text) && [...topic].some((t) => stemsOf(text).has(t));
}
const DEFINITION_QUESTION = /^what (is|are)\b/i;

interface Candidate {
  text: string;
  source: number;
  credibility: number;
  position: number;
  stems: Set<string>;
  words: Set<string>;
}

function candidatesOf(sources: ReportSourceInput[]): Candidate[] {
  const build = (relaxed: boolean) =>
    sources.flatMap((source) =>
      source.passages.flatMap((passage, position) => {
        const text = passage.replace(/\s+/g, ' ').trim();
        const kept = relaxed ? relaxedSentence(text) : isUsableSentence(text) ? text : null;
        return kept
          ? [
              {
                text: kept,
                source: source.number,
                credibility: source.credibility,
                position,
                // "cold-climate" counts as "cold" and "climate" too.
                stems: new Set([...stemsOf(kept), ...stemsOf(kept.replace(/-/g, ' '))]),
                words: wordsOf(kept),
              },
            ]
          : [];
      }),
    );
  const strict = build(false);
  return strict.length ? strict : build(true);
}

const hits = (stems: Set<string>, terms: Set<string>) => {
  let n = 0;
  for (const t of terms) if (stems.has(t)) n++;
  return n;
};

/** Words a facet's own words stand for in prose ("noise" is often said in decibels; "costs" in pounds). */
const FACET_EXPANSIONS: Record<string, string[]> = {
  noise: ['loud', 'louder', 'quiet', 'quieter', 'decibel', 'sound'],
  cost: ['price', 'pay', 'afford', 'expensive', 'cheap', 'grant', '£', '$', '€'],
  performance: ['efficiency', 'efficient', 'coefficient', 'output'],
  benefit: ['help', 'improve', 'advantage'],
  problem: ['issue', 'risk', 'difficult'],
  feed: ['fed'],
  cold: ['minus', 'winter', 'frost', 'freezing', 'icy'],
};

/** One section of the offline report: its heading, the stems a sentence must hit, and whether it defines the topic. */
interface OutlineSection {
  heading: string;
  /** The facet it answers ("noise"), or null for a sub-question of a plan without facets. */
  facet: string | null;
  /** The stems that answer it: a facet's head noun with its expansions ("costs", "price", "£"), a sub-question's own terms. */
  head: Set<string>;
  /**
   * A facet's other words ("installation", "cold"): a sentence answers "installation costs" when it
   * speaks of costs and installing (or of two such words), and only of costs when nothing else does.
   */
  modifiers: Set<string>;
  definitional: boolean;
  /** For the overview of a topic with facets: the facets, whose sentences it leaves to them. */
  general?: OutlineSection[];
}

/**
 * What the offline report is made of: a topic that names its facets gets "What are heat pumps?"
 * (when planned) and one section per facet, headed by the facet ("Installation costs"); any other
 * topic one section per sub-question, headed by the question.
 */
function outlineOf(topic: string, subQuestions: string[]): { sections: OutlineSection[]; subject: Set<string> } {
  const expanded = (terms: string[]) => new Set(terms.flatMap((t) => [t, ...(EXPANSIONS[t] ?? [])]));
  const named = topicFacets(topic);
  if (!named) {
    return {
      subject: new Set(queryTerms(topic).map((t) => t.stem)),
      sections: subQuestions.map((question) => {
        const own = expanded(subQuestionTerms(topic, [question]).map((t) => t.stem));
        return {
          heading: question,
          facet: null,
          head: own,
          modifiers: new Set<string>(),
          definitional: own.size === 0 && DEFINITION_QUESTION.test(question),
        };
      }),
    };
  }
  const subject = new Set(queryTerms(named.subject).map((t) => t.stem));
  // What the subject is comes first, planned or not: the sentences that define it, or else what
  // the pages say about it in general (none of the facets').
  const overview =
    subQuestions.find((q) => DEFINITION_QUESTION.test(q) && subQuestionTerms(named.subject, [q]).length === 0) ??
    definitionQuestion(named.subject);
  const facets: OutlineSection[] = named.facets.map((facet) => {
    const stems = queryTerms(facet.replace(/-/g, ' '))
      .map((t) => t.stem)
      .filter((t) => !subject.has(t));
    // "installation costs": a sentence on costs answers it; "installed" alone does not.
    const head = stems.at(-1);
    return {
      heading: facetHeading(facet),
      facet,
      head: new Set(head ? [head, ...(FACET_EXPANSIONS[head] ?? [])] : []),
      modifiers: new Set(stems.slice(0, -1).flatMap((t) => [t, ...(FACET_EXPANSIONS[t] ?? [])])),
      definitional: false,
    };
  });
  return {
    subject,
    sections: [
      {
        heading: overview,
        facet: null,
        head: new Set<string>(),
        modifiers: new Set<string>(),
        definitional: true,
        general: facets,
      },
      ...facets,
    ],
  };
}

/** Letters two words share at their start. */
function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Whether a sentence's first words (after an article) are the subject's: "A heat pump moves heat …". */
function opensWith(c: Candidate, subject: Set<string>): boolean {
  const first = tokenize(c.text.replace(/^(a|an|the)\s+/i, ''))
    .slice(0, subject.size)
    .map((t) => t.stem);
  return (
    subject.size > 0 &&
    first.length === subject.size &&
    first.every((stem) => subject.has(stem) || [...subject].some((s) => sharedPrefix(s, stem) >= 4))
  );
}

/**
 * Whether a sentence speaks of a facet's term: the same stem, a currency sign for "cost", or a word
 * of the same family (the light stemmer leaves "storage"/"stored", "perform"/"performance" apart:
 * four or more shared first letters, differing only in an ending).
 */
const hitsTerm = (c: Candidate, term: string) =>
  /^[£$€]$/.test(term)
    ? c.text.includes(term)
    : c.stems.has(term) ||
      [...c.stems].some((stem) => {
        const shared = sharedPrefix(stem, term);
        return shared >= 4 && shared >= Math.min(stem.length, term.length) - 3;
      });

/**
 * Ranks candidates for a section: its own terms count double (a facet's head, or two of its other words, must be there), the subject's once; ties go to the
 * more credible source. A definition section takes the sentences that define the subject when there are any.
 */
function rankFor(
  candidates: Candidate[],
  subject: Set<string>,
  section: OutlineSection,
): { c: Candidate; score: number; strict: boolean; loose: boolean }[] {
  const general = section.general;
  // The overview of a topic with facets leaves every facet's sentences to the facet.
  const own = general
    ? candidates.filter((c) => general.every((facet) => !rankFor([c], subject, facet).some((r) => r.strict || r.loose)))
    : candidates;
  const pool = section.definitional ? own.filter((c) => definesTopic(c.text, subject)) : [];
  const scored = (pool.length ? pool : own).map((c) => {
    let headHits = 0;
    let modifierHits = 0;
    for (const t of section.head) if (hitsTerm(c, t)) headHits++;
    for (const t of section.modifiers) if (hitsTerm(c, t)) modifierHits++;
    const subjectHits = hits(c.stems, subject);
    const own = section.head.size + section.modifiers.size > 0;
    const strict = section.modifiers.size
      ? (headHits > 0 && modifierHits > 0) || modifierHits >= 2
      : own
        ? headHits > 0
        : subjectHits > 0;
    // An overview opens with what the subject is: a sentence that starts with it ("A heat pump moves …") first.
    const opens = section.definitional && opensWith(c, subject) ? 3 : 0;
    return { c, score: 2 * (headHits + modifierHits) + subjectHits + opens, strict, loose: headHits > 0 };
  });
  // Sentences on the head alone ("running costs" for "installation costs") only when fewer than two say more.
  const strict = scored.filter((r) => r.strict);
  return (strict.length >= 2 ? strict : scored.filter((r) => r.strict || r.loose))
    .filter((r) => r.score > 0)
    .sort(
      (a, b) =>
        Number(b.strict) - Number(a.strict) ||
        b.score - a.score ||
        b.c.credibility - a.c.credibility ||
        a.c.source - b.c.source ||
        a.c.position - b.c.position,
    );
}

/** Openings that refer back to an earlier sentence: out of context they leave the reader asking "which?". */
const LEANS_BACK =
  /^(it|its|they|their|them|this|these|those|that|such|both|he|she|his|her|there|here|then|also|however|but|and|so|none of (these|them|those)|some of (these|them|those)|the (same|latter|former|other))\b/i;

/** A report from this many sources or fewer is a short note: no summary, a sentence or two per section. */
export const NOTE_SOURCES = 2;
/** The longest report the offline writer makes, in words (issue 25: 600–1,500 from eight pages). */
export const MAX_REPORT_WORDS = 1_400;
/** Sentences per section: a note's, and a full report's at most. */
const NOTE_SECTION_SENTENCES = 2;
const MAX_SECTION_SENTENCES = 8;
/** One page gives at most this many sentences to a section. */
const PER_SOURCE_IN_SECTION = 2;

/**
 * The offline report, extractive and deterministic: every section (a facet, or a sub-question) is
 * answered with the sources' own sentences that speak to it, the best of each page first so that
 * several pages are heard (at most two sentences from one page in a section), each
 * paragraph citing its page. Its length follows the material: a short note from two pages, up to
 * MAX_REPORT_WORDS from many. The summary lifts the lead sentence of the first sections that have
 * more than one. Facets no sentence answers are listed in `uncovered`. Nothing is added that is not in the sources.
 */
export function researchReportTemplate(input: unknown): ResearchReportDraft {
  const { topic, subQuestions, sources } = input as ReportInput;
  const candidates = candidatesOf(sources);
  const { sections: outline, subject } = outlineOf(topic, subQuestions);
  const note = sources.length <= NOTE_SOURCES;
  const chosen: Candidate[] = [];
  const fresh = (c: Candidate) =>
    !chosen.includes(c) && chosen.every((d) => jaccard(c.words, d.words) <= NEAR_DUPLICATE);
  let words = 0;

  // Every section's ranked pool first; then sentences are dealt out in rounds, one per section a
  // round, so that an early section cannot take what is the only answer of a later one.
  // A sentence that leans on the one before it ("They use …", "None of these measures …") is quoted
  // only after it (the continuation below), never on its own.
  const pools = outline.map((section) =>
    rankFor(candidates, subject, section)
      .map((r) => r.c)
      .filter((c) => !LEANS_BACK.test(c.text)),
  );
  const picked: Candidate[][] = outline.map(() => []);
  const limit = note ? NOTE_SECTION_SENTENCES : MAX_SECTION_SENTENCES;
  for (let round = 0; round < limit; round++) {
    let added = false;
    for (const [i, pool] of pools.entries()) {
      if (picked[i].length > round || words >= MAX_REPORT_WORDS) continue;
      const list = picked[i];
      const perSource = (source: number) => list.filter((c) => c.source === source).length;
      // A page not yet heard in this section first, then a page's second sentence; never a third
      // (three sentences from one page make a section that page's summary, not the sources').
      const next =
        pool.find((c) => fresh(c) && perSource(c.source) === 0) ??
        pool.find((c) => fresh(c) && perSource(c.source) < PER_SOURCE_IN_SECTION);
      if (!next) continue;
      list.push(next);
      chosen.push(next);
      words += countWords(next.text);
      added = true;
    }
    if (!added) break;
  }

  // A section left with one sentence takes the sentence that follows it on its page, which usually
  // carries the thought on ("The most common problem is a wet heap." → "Rats can be kept away by …").
  // (Not the overview of a topic with facets: what follows there is often a facet's.)
  for (const [i, list] of picked.entries()) {
    if (list.length !== 1 || outline[i].general || words >= MAX_REPORT_WORDS) continue;
    const [only] = list;
    const next = candidates.find((c) => c.source === only.source && c.position === only.position + 1);
    if (!next || !fresh(next)) continue;
    list.push(next);
    chosen.push(next);
    words += countWords(next.text);
  }

  // The summary: the lead sentence of the first sections that keep two others and as many pages
  // (capped at two) without it, each from a different page.
  const summary: Candidate[] = [];
  const pagesOf = (list: Candidate[]) => Math.min(2, new Set(list.map((c) => c.source)).size);
  if (!note) {
    for (const list of picked) {
      if (summary.length >= SUMMARY_SENTENCES) break;
      const lead = list.find((c) => {
        if (summary.some((s) => s.source === c.source)) return false;
        const rest = list.filter((d) => d !== c);
        return rest.length >= 2 && pagesOf(rest) === pagesOf(list);
      });
      if (!lead) continue;
      summary.push(lead);
      list.splice(list.indexOf(lead), 1);
    }
  }

  const sections: ResearchReportDraft['sections'] = [];
  const uncovered: string[] = [];
  for (const [i, section] of outline.entries()) {
    const list = picked[i];
    if (list.length === 0) {
      if (section.facet) uncovered.push(section.facet);
      continue;
    }
    // One paragraph per page, pages in the order of their best sentence; each page's sentences in its order.
    const bySource = new Map<number, Candidate[]>();
    for (const c of list) bySource.set(c.source, [...(bySource.get(c.source) ?? []), c]);
    sections.push({
      heading: section.heading,
      paragraphs: [...bySource.entries()].map(([source, own]) => ({
        text: own
          .sort((a, b) => a.position - b.position)
          .map((c) => c.text)
          .join(' '),
        citations: [source],
      })),
    });
  }
  return { summary: summary.map((c) => ({ text: c.text, citations: [c.source] })), sections, uncovered };
}

// ---- Rendering: every citation checked, only cited sources listed ----

/** Citation markers a writer put in the text itself: [2], [1, 3], [1][2]. */
const INLINE_CITATION = /\s*\[(\d+(?:\s*[,;]\s*\d+)*)\]/g;

/** The text without inline markers, and the numbers they named. */
function splitCitations(text: string): { text: string; numbers: number[] } {
  const numbers: number[] = [];
  const clean = text
    .replace(INLINE_CITATION, (_, list: string) => {
      numbers.push(...list.split(/[,;]/).map((n) => Number(n.trim())));
      return '';
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { text: clean, numbers };
}

const escapeLinkText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');
const escapeUrl = (url: string) => url.replace(/[\s()<>]/g, (c) => encodeURIComponent(c));
const cleanHeading = (heading: string) =>
  heading
    .replace(/^#+\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();

export interface RenderedReport {
  content: string;
  summary: string;
  citedSources: ScoredSource[];
  /** How many summary sentences and paragraphs cite each of citedSources (same order). */
  citationCounts: number[];
}

/**
 * The Markdown of a drafted report. Citations that name no source are dropped, and so is a
 * paragraph (or summary sentence) left with none: nothing uncited is presented as fact. Sources
 * are renumbered in order of first citation and only cited ones are listed ([n] = citedSources[n - 1]).
 * Null when nothing cited remains.
 */
export function renderReport(
  draft: ResearchReportDraft,
  sources: ScoredSource[],
  options: { webSearchOff: boolean; language?: string },
): RenderedReport | null {
  // The headings the report writes itself, in the user's language (issue 22); English by default.
  // '## Sources' stays as it is: the research screen finds that section by it and lists the sources itself.
  const own = (text: string) => serverMessage(text, options.language ?? 'en');
  const renumber = new Map<number, number>();
  const cite = (item: { text: string; citations: number[] }) => {
    const inline = splitCitations(item.text);
    const valid = [...new Set([...item.citations, ...inline.numbers])].filter(
      (n) => Number.isInteger(n) && n >= 1 && n <= sources.length,
    );
    if (!inline.text || valid.length === 0) return null;
    for (const n of valid) if (!renumber.has(n)) renumber.set(n, renumber.size + 1);
    return { text: inline.text, numbers: valid.map((n) => renumber.get(n)!).sort((a, b) => a - b) };
  };

  const summary = draft.summary.map(cite).filter((s) => s !== null);
  const sections = draft.sections
    .map((section) => ({
      heading: cleanHeading(section.heading) || own('Findings'),
      paragraphs: section.paragraphs.map(cite).filter((p) => p !== null),
    }))
    .filter((s) => s.paragraphs.length > 0);
  if (summary.length === 0 && sections.length === 0) return null;

  const citedSources = [...renumber.keys()].map((n) => sources[n - 1]);
  const citationCounts = citedSources.map(() => 0);
  const marks = (numbers: number[]) => {
    for (const n of numbers) citationCounts[n - 1]++;
    return numbers.map((n) => `[${n}]`).join('');
  };

  const lines: string[] = [];
  if (options.webSearchOff) lines.push(`_${own(RESEARCH_MESSAGES.webSearchOff)}_`, '');
  if (summary.length)
    lines.push(`## ${own('Summary')}`, '', summary.map((s) => `${s.text} ${marks(s.numbers)}`).join(' '), '');
  for (const section of sections) {
    lines.push(`## ${section.heading}`, '');
    for (const p of section.paragraphs) lines.push(`${p.text} ${marks(p.numbers)}`, '');
  }
  // Facets the topic asks about that no source answers: said plainly rather than left out in silence.
  const uncovered = [...new Set((draft.uncovered ?? []).map((facet) => facet.replace(/\s+/g, ' ').trim()))].filter(
    Boolean,
  );
  if (uncovered.length) {
    const facets = new Intl.ListFormat('en', { type: 'conjunction' }).format(uncovered);
    lines.push(
      `## ${own('Not covered by the sources')}`,
      '',
      own(`None of the sources read for this report covers ${facets}.`),
      '',
    );
  }
  lines.push('## Sources', '');
  citedSources.forEach((source, i) => {
    const details = [
      sourceFrom(source),
      source.author?.trim() || null,
      dayOf(source.publishedAt),
      `credibility ${source.credibility.score}/100`,
    ].filter(Boolean);
    lines.push(
      `${i + 1}. [${escapeLinkText(source.title.trim() || source.url)}](${escapeUrl(source.url)}) — ${details.join(' · ')}`,
    );
  });

  // The card's summary: the summary's sentences, or the first sentence of the first paragraphs.
  const plain = summary.length
    ? summary.map((s) => s.text)
    : sections
        .slice(0, RESEARCH_LIMITS.cardSummaryLines)
        .map((s) => splitSentences(s.paragraphs[0].text)[0] ?? s.paragraphs[0].text);
  return { content: `${lines.join('\n').trimEnd()}\n`, summary: plain.join('\n'), citedSources, citationCounts };
}

/**
 * The report for the scored sources, written by the configured model or the offline extractive
 * template, then rendered and checked here (renderReport). A model answer that cites none of the
 * sources is replaced by the offline report, and `method` says so.
 */
export async function writeReport(
  ai: AiService,
  input: { topic: string; subQuestions: string[]; sources: ScoredSource[]; webSearchOff: boolean; language?: string },
  signal?: AbortSignal,
): Promise<WrittenReport & RenderedReport> {
  if (input.sources.length === 0) throw new Error('There are no sources to write a report from');
  const reportInput = buildReportInput(input.topic, input.subQuestions, input.sources);
  const { value, method } = await ai.generateWithMethod(RESEARCH_REPORT_TASK, reportInput, researchReportSchema, {
    instructions: REPORT_INSTRUCTIONS,
    signal,
  });
  const rendered = renderReport(value, input.sources, input);
  if (rendered) return { ...rendered, method };

  const fallback = renderReport(researchReportTemplate(reportInput), input.sources, input);
  if (!fallback) throw new Error('None of the sources had text the report could quote');
  return {
    ...fallback,
    method: `${OFFLINE_TEMPLATE_METHOD}:${RESEARCH_REPORT_TASK} (the model's answer cited none of the sources)`,
  };
}

// ---- Category and tags ----

/** The words that point at each research category (its own name counts too); 'other' has none. */
export const RESEARCH_CATEGORY_WORDS: Record<ResearchCategory, string[]> = {
  technology: [
    'software',
    'hardware',
    'computer',
    'computing',
    'internet',
    'digital',
    'artificial intelligence',
    'machine learning',
    'algorithm',
    'data',
    'cloud',
    'network',
    'app',
    'device',
    'robot',
    'semiconductor',
    'cybersecurity',
    'programming',
  ],
  business: [
    'company',
    'market',
    'customer',
    'industry',
    'strategy',
    'management',
    'startup',
    'revenue',
    'competition',
    'supply chain',
    'employee',
    'workplace',
    'retail',
    'marketing',
    'sales',
    'corporate',
    'productivity',
  ],
  health: [
    'health',
    'disease',
    'patient',
    'medical',
    'medicine',
    'hospital',
    'treatment',
    'symptom',
    'mortality',
    'illness',
    'vaccine',
    'nutrition',
    'mental health',
    'clinical',
    'diet',
    'exercise',
    'heat stroke',
  ],
  science: [
    'research',
    'scientist',
    'physics',
    'chemistry',
    'biology',
    'experiment',
    'theory',
    'laboratory',
    'species',
    'molecule',
    'astronomy',
    'genetics',
    'evolution',
    'quantum',
    'hypothesis',
  ],
  education: [
    'school',
    'student',
    'teacher',
    'university',
    'learning',
    'curriculum',
    'classroom',
    'course',
    'degree',
    'literacy',
    'academic',
    'college',
    'teaching',
    'exam',
  ],
  finance: [
    'investment',
    'stock',
    'bank',
    'interest rate',
    'inflation',
    'loan',
    'credit',
    'tax',
    'budget',
    'fund',
    'bond',
    'currency',
    'cryptocurrency',
    'portfolio',
    'mortgage',
    'pension',
    'debt',
  ],
  environment: [
    'climate',
    'emissions',
    'pollution',
    'temperature',
    'carbon',
    'biodiversity',
    'ecosystem',
    'renewable',
    'energy',
    'forest',
    'vegetation',
    'heat',
    'warming',
    'water',
    'sustainability',
    'urban heat',
    'waste',
  ],
  other: [],
};

/** The research category the text points at; 'other' when nothing points at any (confidence 0). */
export async function suggestCategory(ai: AiService, text: string): Promise<ResearchCategory> {
  const sample = text.slice(0, SUGGESTION_CHARS);
  if (!sample.trim()) return 'other';
  const result = await ai.classify(sample, RESEARCH_CATEGORY_WORDS);
  const category = RESEARCH_CATEGORIES.find((c) => c === result.label);
  return category && result.confidence > 0 ? category : 'other';
}

/**
 * Up to SUGGESTED_TAGS tags, key phrases rather than stray words ("heat pumps", "installation
 * costs", never "heat" and "pumps" apart): the topic's own first (its subject and the facets it
 * names, or its noun phrases), then the text's (wink-nlp noun phrases); lower-case, unique, within
 * the tag length. The AI service stays in the signature for callers; the phrases come from the English model.
 */
export async function suggestTags(_ai: AiService, text: string, topic = ''): Promise<string[]> {
  const sample = text.slice(0, SUGGESTION_CHARS);
  if (!sample.trim() && !topic.trim()) return [];
  const named = topicFacets(topic);
  const fromTopic = named ? [named.subject, ...named.facets] : keyPhrases(topic, SUGGESTED_TAGS).map((p) => p.phrase);
  // The text's phrases only when they recur and read as noun phrases ("remote workers report" is a clause).
  const fromText = sample.trim()
    ? keyPhrases(sample, SUGGESTED_TAGS * 3)
        .filter((p) => p.count >= 3 && isNounPhrase(p.phrase))
        .map((p) => p.phrase)
    : [];
  const tags = new Set<string>();
  for (const phrase of [...fromTopic, ...fromText]) {
    const tag = phrase.trim().toLowerCase().replace(/\s+/g, ' ');
    // A phrase of more than four words ("how teachers use chatbots for grading") is a heading, not a tag.
    const fits = tag.length >= 2 && tag.length <= RESEARCH_LIMITS.tagMax && tag.split(' ').length <= 4;
    if (fits && !/^\d/.test(tag) && ![...tags].some((kept) => kept.includes(tag))) tags.add(tag);
    if (tags.size === SUGGESTED_TAGS) break;
  }
  return [...tags];
}

/** Registers the offline answers for 'research.plan' and 'research.report'; call once, at start-up. */
export function registerResearchTemplates(ai: AiService): void {
  ai.registerTemplate(RESEARCH_PLAN_TASK, researchPlanTemplate);
  ai.registerTemplate(RESEARCH_REPORT_TASK, researchReportTemplate);
}
