import type { ClassificationLabels, ClassificationResult } from '../ai.types';
import { contentStems, tokenize } from '../text/tokens';

export const OFFLINE_CLASSIFY_METHOD = 'offline:keyword-overlap';

const round = (n: number) => Math.round(n * 1000) / 1000;

/** How often the stem sequence `phrase` occurs in `stems`. */
function occurrences(stems: string[], phrase: string[]): number {
  if (phrase.length === 0) return 0;
  let count = 0;
  for (let i = 0; i + phrase.length <= stems.length; i++) {
    if (phrase.every((p, k) => stems[i + k] === p)) count++;
  }
  return count;
}

/**
 * Picks the label whose words (its name, plus the words given for it) occur most in the text.
 * Each matching word or phrase adds 1 + ln(count), so several different matching words beat one
 * word repeated. Confidence is the winner's share of all labels' evidence; with no evidence at
 * all the first label is returned with confidence 0. Ties go to the earlier label.
 */
export function classifyText(text: string, labels: ClassificationLabels): ClassificationResult {
  const entries: [string, string[]][] = Array.isArray(labels) ? labels.map((l) => [l, []]) : Object.entries(labels);
  if (entries.length === 0) throw new Error('classify needs at least one label');
  const stems = tokenize(text).map((t) => t.stem);

  const scores = entries.map(([label, words]) => {
    const phrases = new Set([label, ...words].map((w) => contentStems(w).join(' ')).filter(Boolean));
    let score = 0;
    for (const phrase of phrases) {
      const count = occurrences(stems, phrase.split(' '));
      if (count > 0) score += 1 + Math.log(count);
    }
    return score;
  });
  const total = scores.reduce((a, b) => a + b, 0);
  let best = 0;
  scores.forEach((s, i) => {
    if (s > scores[best]) best = i;
  });
  return {
    label: entries[best][0],
    confidence: total === 0 ? 0 : round(scores[best] / total),
    method: OFFLINE_CLASSIFY_METHOD,
  };
}
