import type { SummaryOptions, SummaryResult } from '../ai.types';
import { countWords, splitSentences } from '../text/sentences';
import { contentStems } from '../text/tokens';
import { pageRank } from './pagerank';

export const OFFLINE_SUMMARY_METHOD = 'offline:textrank';
/** Without limits a summary keeps this many sentences. */
export const DEFAULT_SUMMARY_SENTENCES = 3;

/** TextRank's sentence similarity: shared words, normalised by length so long sentences do not win by size alone. */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared === 0 ? 0 : shared / (Math.log(1 + a.size) + Math.log(1 + b.size));
}

/** The first `maxWords` words of a sentence too long to fit whole, marked as cut. */
const truncate = (sentence: string, maxWords: number) =>
  `${sentence
    .split(/\s+/)
    .slice(0, maxWords)
    .join(' ')
    .replace(/[,;:—–-]+$/, '')}…`;

/**
 * Extractive summary: ranks sentences by TextRank over their word overlap, keeps the best that fit
 * the limits (ties go to the earlier sentence) and returns them in the text's order. Nothing is
 * reworded, so the summary never says anything the text does not.
 */
export function summarizeText(text: string, options: SummaryOptions = {}): SummaryResult {
  const maxSentences =
    options.maxSentences ?? (options.maxWords === undefined ? DEFAULT_SUMMARY_SENTENCES : Number.POSITIVE_INFINITY);
  const maxWords = options.maxWords ?? Number.POSITIVE_INFINITY;
  const sentences = splitSentences(text);
  if (sentences.length === 0 || maxSentences < 1 || maxWords < 1)
    return { summary: '', sentences: [], method: OFFLINE_SUMMARY_METHOD };

  const words = sentences.map((s) => new Set(contentStems(s)));
  const weights = words.map((a, i) => words.map((b, j) => (i === j ? 0 : similarity(a, b))));
  const scores = pageRank(weights);
  const ranked = sentences.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);

  const chosen: number[] = [];
  let used = 0;
  for (const index of ranked) {
    if (chosen.length >= maxSentences) break;
    const length = countWords(sentences[index]);
    if (used + length > maxWords) continue;
    chosen.push(index);
    used += length;
  }

  let picked = chosen.sort((a, b) => a - b).map((i) => sentences[i]);
  // Every sentence is longer than maxWords: cut the best one rather than answer nothing.
  if (picked.length === 0) picked = [truncate(sentences[ranked[0]], maxWords)];
  return { summary: picked.join(' '), sentences: picked, method: OFFLINE_SUMMARY_METHOD };
}
