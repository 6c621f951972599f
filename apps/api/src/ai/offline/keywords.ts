import type { KeywordsOptions, KeywordsResult } from '../ai.types';
import { keyPhrases } from '../text/phrases';
import { splitSentences } from '../text/sentences';
import { isStopword } from '../text/stopwords';
import { isContentWord, tokenize } from '../text/tokens';
import { pageRank } from './pagerank';

export const OFFLINE_KEYWORDS_METHOD = 'offline:textrank-keywords';
export const OFFLINE_KEY_PHRASES_METHOD = 'offline:key-phrases';
export const DEFAULT_KEYWORD_LIMIT = 10;
/** Content words this close to each other (stopwords skipped) are linked. */
const WINDOW = 3;

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The text's keywords: for English, its key phrases (noun phrases found by part of speech, so
 * "installation costs" and "heat pumps" rather than "installation", "heat" and "pumps"; issue 25);
 * for other languages, single words by TextRank (extractWords), which needs no grammar.
 */
export function extractKeywords(text: string, options: KeywordsOptions = {}): KeywordsResult {
  const limit = options.limit ?? DEFAULT_KEYWORD_LIMIT;
  if (limit >= 1 && looksEnglish(text)) {
    const phrases = keyPhrases(text, limit);
    if (phrases.length > 0)
      return {
        keywords: phrases.map((p) => ({ term: p.phrase, score: p.score })),
        method: OFFLINE_KEY_PHRASES_METHOD,
      };
  }
  return extractWords(text, options);
}

/**
 * Whether the English model can read the text: a longer text has English function words (at least
 * one word in eight), a short one (a topic, a title) is written in plain Latin letters.
 */
export function looksEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return false;
  if (words.length < 30) return words.every((word) => /^[a-z]+$/.test(word));
  return words.filter(isStopword).length / words.length >= 0.125;
}

/**
 * Keyword extraction by TextRank over word co-occurrence: content words (no stopwords, numbers or
 * words under 3 letters) are linked when they appear within a few words of each other in one
 * sentence, and ranked with PageRank. A word central to many contexts outranks one merely
 * repeated in one place. Plurals are merged; each keyword is shown in its most frequent written
 * form. Scores are relative to the best keyword (1).
 */
export function extractWords(text: string, options: KeywordsOptions = {}): KeywordsResult {
  const limit = options.limit ?? DEFAULT_KEYWORD_LIMIT;
  const index = new Map<string, number>();
  const forms: Map<string, number>[] = [];
  const edges = new Map<string, number>();

  for (const sentence of splitSentences(text)) {
    const stems: number[] = [];
    for (const token of tokenize(sentence)) {
      if (!isContentWord(token.word)) continue;
      let id = index.get(token.stem);
      if (id === undefined) {
        id = index.size;
        index.set(token.stem, id);
        forms.push(new Map());
      }
      forms[id].set(token.word, (forms[id].get(token.word) ?? 0) + 1);
      stems.push(id);
    }
    for (let i = 0; i < stems.length; i++) {
      for (let j = i + 1; j < Math.min(stems.length, i + WINDOW); j++) {
        if (stems[i] === stems[j]) continue;
        const key = stems[i] < stems[j] ? `${stems[i]} ${stems[j]}` : `${stems[j]} ${stems[i]}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
    }
  }
  if (index.size === 0 || limit < 1) return { keywords: [], method: OFFLINE_KEYWORDS_METHOD };

  const weights = Array.from({ length: index.size }, () => new Array<number>(index.size).fill(0));
  for (const [key, weight] of edges) {
    const [a, b] = key.split(' ').map(Number);
    weights[a][b] = weight;
    weights[b][a] = weight;
  }
  const scores = pageRank(weights);
  const frequency = forms.map((f) => [...f.values()].reduce((a, b) => a + b, 0));
  /** Most frequent written form; ties go to the shorter, then alphabetical (deterministic). */
  const display = (id: number) =>
    [...forms[id].entries()].sort(([a, x], [b, y]) => y - x || a.length - b.length || a.localeCompare(b))[0][0];

  const ranked = [...index.values()].sort(
    (a, b) => scores[b] - scores[a] || frequency[b] - frequency[a] || display(a).localeCompare(display(b)),
  );
  const best = scores[ranked[0]];
  return {
    keywords: ranked.slice(0, limit).map((id) => ({ term: display(id), score: round(scores[id] / best) })),
    method: OFFLINE_KEYWORDS_METHOD,
  };
}
