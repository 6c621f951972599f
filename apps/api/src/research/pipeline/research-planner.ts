import { RESEARCH_LIMITS } from '@aide/contracts';
import { z } from 'zod';
import type { AiService } from '../../ai/ai.service';
import { keyPhrases } from '../../ai/text/phrases';
import { queryTerms, subQuestionTerms } from './credibility';

export const RESEARCH_PLAN_TASK = 'research.plan';
/** Web searches per report: the topic itself, then sub-questions that add words of their own. */
export const MAX_SEARCH_QUERIES = 4;
/** A topic longer than this many words is referred to in quotes rather than rephrased. */
const LONG_TOPIC_WORDS = 12;

export const researchPlanSchema = z.object({
  subQuestions: z.array(z.string().trim().min(3).max(300)).min(1).max(RESEARCH_LIMITS.maxSubQuestions),
});
export type ResearchPlan = z.infer<typeof researchPlanSchema>;

const PLAN_INSTRUCTIONS = [
  `Break the research topic into 1 to ${RESEARCH_LIMITS.maxSubQuestions} sub-questions that together cover it`,
  '(for example: what it is, its causes or drivers, its effects and the evidence, responses and outlook).',
  'Each sub-question is one plain English question that names the subject, so it can be searched on its own.',
  'Do not state facts or figures in the questions.',
].join(' ');

/**
 * The topic broken into 1–RESEARCH_LIMITS.maxSubQuestions sub-questions, by the configured model
 * or the offline template (researchPlanTemplate). Blank and repeated questions are left out.
 */
export async function planResearch(ai: AiService, topic: string, signal?: AbortSignal): Promise<string[]> {
  const plan = await ai.generate(RESEARCH_PLAN_TASK, { topic }, researchPlanSchema, {
    instructions: PLAN_INSTRUCTIONS,
    signal,
  });
  const seen = new Set<string>();
  const questions = plan.subQuestions
    .map((q) => q.replace(/\s+/g, ' ').trim())
    .filter((q) => {
      const key = q.toLowerCase();
      if (!q || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return questions.slice(0, RESEARCH_LIMITS.maxSubQuestions);
}

const QUESTION_START =
  /^(how|why|what|when|where|who|whom|which|whose|is|are|was|were|do|does|did|can|could|should|would|will|has|have|had)\b/i;
/** Words before "of" that read better with "the": "the impact of remote work". */
const RELATIONAL = new Set([
  'impact',
  'impacts',
  'effect',
  'effects',
  'role',
  'future',
  'history',
  'state',
  'use',
  'cost',
  'costs',
  'benefits',
  'risks',
  'causes',
  'influence',
  'ethics',
  'economics',
  'regulation',
  'rise',
  'growth',
  'decline',
  'spread',
]);
/** Heads that already name effects: "What are the effects of the impact of …" would be clumsy. */
const EFFECT_HEADS = new Set([
  'impact',
  'impacts',
  'effect',
  'effects',
  'consequences',
  'influence',
  'role',
  'benefits',
  'risks',
]);
const LINKS = new Set([
  'of',
  'on',
  'in',
  'for',
  'with',
  'vs',
  'versus',
  'to',
  'at',
  'by',
  'from',
  'among',
  'between',
  'during',
  'under',
  'across',
]);
/** Nouns in -s that are singular. */
const SINGULAR_S = new Set([
  'news',
  'series',
  'species',
  'diabetes',
  'measles',
  'means',
  'lens',
  'gas',
  'bus',
  'bias',
  'chaos',
  'status',
  'virus',
  'campus',
  'census',
  'consensus',
]);

/** Whether the topic's subject takes "are": "urban heat islands", "cats and dogs". */
function isPlural(words: string[]): boolean {
  const linkAt = words.findIndex((w, i) => i > 0 && LINKS.has(w.toLowerCase()));
  const head = linkAt === -1 ? words : words.slice(0, linkAt);
  if (head.some((w) => w.toLowerCase() === 'and')) return true;
  const last = (head.at(-1) ?? '').toLowerCase().replace(/[^\p{L}\p{N}-]/gu, '');
  return /\p{L}s$/u.test(last) && !/(ss|us|is|ics)$/.test(last) && !SINGULAR_S.has(last) && last.length > 3;
}

/** The topic as the object of a sentence: first word lower-cased unless it looks like a name or an acronym. */
function subjectOf(topic: string): { subject: string; words: string[] } {
  const words = topic.split(' ');
  const first = words[0];
  // "Urban", "Cold-climate": an ordinary capitalised word; "AI", "iPhone", "McKinsey" keep their case.
  if (/^\p{Lu}\p{Ll}+(-\p{L}\p{Ll}*)*$/u.test(first) && words.length > 1) words[0] = first.toLowerCase();
  if (RELATIONAL.has(words[0].toLowerCase()) && LINKS.has((words[1] ?? '').toLowerCase())) words.unshift('the');
  return { subject: words.join(' '), words };
}

/** Words a facet list is split at: commas, semicolons, "and", "or", "&". */
const LIST_SPLIT = /\s*[,;]\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+/i;
/** A facet longer than this is named by its key phrase ("how much it costs to install one" → "install"). */
const FACET_WORDS = 4;

/** A topic that names its facets: "Heat pumps: refrigerants, noise, installation costs and cold-climate performance". */
export interface TopicFacets {
  /** What the facets are of, as it reads inside a sentence: "heat pumps". */
  subject: string;
  /** "refrigerants", "noise", "installation costs", "cold-climate performance". */
  facets: string[];
}

const lowerFirst = (text: string) =>
  /^\p{Lu}\p{Ll}+(-\p{L}\p{Ll}*)*\b/u.test(text) ? text[0].toLowerCase() + text.slice(1) : text;

/**
 * The facets a topic names after a colon (or a dash), split at commas and "and"; null when it names
 * none. A long item is reduced to its key phrase (wink-nlp noun phrases); at most
 * RESEARCH_LIMITS.maxSubQuestions facets. Only the topic's own words are used.
 */
export function topicFacets(topic: string): TopicFacets | null {
  const bare = topic
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.?!;:,]+$/, '');
  const colon = /\s*(?::|\s[—–-]\s)\s*/.exec(bare);
  if (!colon || colon.index === 0) return null;
  const subjectText = bare.slice(0, colon.index).trim();
  const list = bare.slice(colon.index + colon[0].length).trim();
  if (!subjectText || !list || QUESTION_START.test(subjectText) || subjectText.split(' ').length > 8) return null;
  const seen = new Set<string>();
  const facets: string[] = [];
  for (const item of list.split(LIST_SPLIT)) {
    let facet = lowerFirst(item.trim().replace(/^(the|its|their|a|an)\s+/i, ''));
    if (!facet) continue;
    // "how teachers grade" stays a clause (it reads as a heading); a long noun phrase is cut to its key phrase.
    const clause = /^(how|why|what|when|where|who|which|whether)\b/i.test(facet) && facet.split(' ').length <= 8;
    if (!clause && facet.split(' ').length > FACET_WORDS) facet = keyPhrases(facet, 1)[0]?.phrase ?? '';
    const key = facet.toLowerCase();
    if (!facet || seen.has(key)) continue;
    seen.add(key);
    facets.push(facet);
  }
  if (facets.length === 0) return null;
  return { subject: subjectOf(subjectText).subject, facets: facets.slice(0, RESEARCH_LIMITS.maxSubQuestions) };
}

/** The question a facet is researched by: "What do sources say about heat pumps and noise?" */
export const facetQuestion = (subject: string, facet: string) => `What do sources say about ${subject} and ${facet}?`;

/** The first letter of a facet upper-cased: a section heading ("Installation costs"). */
export const facetHeading = (facet: string) => facet[0].toUpperCase() + facet.slice(1);

/** "What are heat pumps?" / "What is quantum computing?" */
export function definitionQuestion(subjectText: string): string {
  const { subject, words } = subjectOf(subjectText);
  const be = isPlural(words.filter((w) => w !== 'the')) ? 'are' : 'is';
  return `What ${be} ${subject}?`;
}

/**
 * The offline plan. A topic that names its facets ("Heat pumps: refrigerants, noise …") gets one
 * question per facet, after "What are heat pumps?" when there is room. Otherwise four questions built from the topic itself (what it is; causes and drivers;
 * effects and evidence; responses and outlook), worded for a noun-phrase topic ("Urban heat
 * islands" → "What are urban heat islands?"). A topic that is already a question, or too long to
 * rephrase, is asked as typed and then referred to in quotes. Nothing but the topic's own words
 * and fixed question wording goes in: no facts are invented.
 */
export function researchPlanTemplate(input: unknown): ResearchPlan {
  const raw =
    typeof input === 'object' && input !== null && 'topic' in input
      ? String((input as { topic: unknown }).topic)
      : String(input ?? '');
  const topic = raw.replace(/\s+/g, ' ').trim();
  const bare = topic.replace(/[\s.?!;:,]+$/, '');
  if (!bare) return { subQuestions: ['What is known about this topic?'] };

  // A topic that names its facets is researched facet by facet, after what the subject is when there is room.
  const named = topicFacets(bare);
  if (named) {
    const questions = named.facets.map((facet) => facetQuestion(named.subject, facet));
    if (questions.length < RESEARCH_LIMITS.maxSubQuestions) questions.unshift(definitionQuestion(named.subject));
    return { subQuestions: questions };
  }

  const isQuestion = QUESTION_START.test(bare) || topic.endsWith('?');
  if (isQuestion || bare.split(' ').length > LONG_TOPIC_WORDS) {
    const reference = `"${bare}"`;
    return {
      subQuestions: [
        isQuestion ? `${bare[0].toUpperCase()}${bare.slice(1)}?` : `What is known about ${reference}?`,
        `What background and definitions are needed to understand ${reference}?`,
        `What evidence do sources offer on ${reference}, and how strong is it?`,
        `Where do sources disagree on ${reference}, and what remains open?`,
      ],
    };
  }

  const { subject, words } = subjectOf(bare);
  const be = isPlural(words.filter((w) => w !== 'the')) ? 'are' : 'is';
  const head = words.find((w) => w !== 'the')?.toLowerCase() ?? '';
  const effects = EFFECT_HEADS.has(head);
  return {
    subQuestions: [
      `What ${be} ${subject}?`,
      effects ? `What factors shape ${subject}?` : `What are the main causes and drivers of ${subject}?`,
      effects
        ? `What evidence is there on ${subject}, and how strong is it?`
        : `What are the effects of ${subject}, and what evidence supports them?`,
      `What is being done about ${subject}, and what is the outlook?`,
    ],
  };
}

/**
 * A few web search queries for the plan, the topic first (a topic with facets: one per facet): each sub-question adds its own words
 * ("causes drivers", "effects evidence") to the topic's terms; a sub-question that adds nothing,
 * or repeats a query, gives none. At most MAX_SEARCH_QUERIES.
 */
export function searchQueries(topic: string, subQuestions: string[]): string[] {
  const first = topic.replace(/\s+/g, ' ').trim();
  // A topic with facets: the subject with each facet ("heat pumps noise"), the whole topic first when there is room.
  const named = topicFacets(first);
  if (named) {
    const facetQueries = named.facets.map((facet) => `${named.subject} ${facet}`);
    const all = facetQueries.length < MAX_SEARCH_QUERIES ? [first, ...facetQueries] : facetQueries;
    return all.slice(0, MAX_SEARCH_QUERIES);
  }
  const topicWords = queryTerms(first).map((t) => t.word);
  const queries = first ? [first] : [];
  const seen = new Set(queries.map((q) => q.toLowerCase()));
  for (const question of subQuestions) {
    if (queries.length >= MAX_SEARCH_QUERIES) break;
    const extra = subQuestionTerms(first, [question]).map((t) => t.word);
    if (extra.length === 0) continue;
    const query = [...topicWords.slice(0, 8), ...extra.slice(0, 4)].join(' ');
    if (seen.has(query.toLowerCase())) continue;
    seen.add(query.toLowerCase());
    queries.push(query);
  }
  return queries;
}
