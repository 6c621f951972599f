import { RESEARCH_LIMITS } from '@aide/contracts';
import { z } from 'zod';
import type { AiService } from '../../ai/ai.service';
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
  if (/^\p{Lu}\p{Ll}+$/u.test(first) && words.length > 1) words[0] = first.toLowerCase();
  if (RELATIONAL.has(words[0].toLowerCase()) && LINKS.has((words[1] ?? '').toLowerCase())) words.unshift('the');
  return { subject: words.join(' '), words };
}

/**
 * The offline plan: four questions built from the topic itself (what it is; causes and drivers;
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
 * A few web search queries for the plan, the topic first: each sub-question adds its own words
 * ("causes drivers", "effects evidence") to the topic's terms; a sub-question that adds nothing,
 * or repeats a query, gives none. At most MAX_SEARCH_QUERIES.
 */
export function searchQueries(topic: string, subQuestions: string[]): string[] {
  const first = topic.replace(/\s+/g, ' ').trim();
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
