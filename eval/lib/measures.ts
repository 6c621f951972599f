/**
 * Measures of generated text shared by the evaluation tasks (issue 25). Each answers what a reader
 * would notice: a grammar slip, a placeholder left in, a sentence cut off, a hashtag that is not a
 * real phrase, two texts that say the same thing. Grammar is checked with retext (a kept checker:
 * indefinite articles, repeated words, sentence spacing, contractions) plus the house rules below.
 */
import { retext } from 'retext';
import retextContractions from 'retext-contractions';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextRepeatedWords from 'retext-repeated-words';
import retextSentenceSpacing from 'retext-sentence-spacing';
import { isNounPhrase, sentencesOf } from '../../apps/api/src/ai/text/phrases';

export interface Issue {
  /** The rule, e.g. 'retext-indefinite-article' or 'sentence-start'. */
  rule: string;
  message: string;
  /** The sentence it was found in. */
  where: string;
}

const checker = retext()
  .use(retextEnglish)
  .use(retextIndefiniteArticle)
  .use(retextRepeatedWords)
  .use(retextSentenceSpacing)
  .use(retextContractions, { straight: true });

/** Lines that are not prose: headings, list bullets, hashtag blocks, citations lists, links. */
const NOT_PROSE = /^(#{1,6}\s|[-*•]\s|#\w|\[\d+\]\s|https?:\/\/)/;

/**
 * Grammar issues in prose (one sentence or many; lines that are headings, bullets or hashtag blocks
 * are checked by retext only): retext's findings, a sentence opening in lower case, a sentence of
 * four words or more without closing punctuation, doubled or spaced punctuation, unbalanced
 * brackets or quotes, and a question mark inside a sentence.
 */
export async function grammarIssues(text: string): Promise<Issue[]> {
  const issues: Issue[] = [];
  const file = await checker.process(text);
  for (const message of file.messages)
    issues.push({
      rule: String(message.source ?? message.ruleId ?? 'retext'),
      message: message.reason,
      where: String(message.actual ?? ''),
    });
  for (const line of text.split(/\n+/).map((l) => l.trim())) {
    if (!line || NOT_PROSE.test(line)) continue;
    for (const sentence of sentencesOf(line)) {
      const words = sentence.split(/\s+/).filter((w) => /\p{L}/u.test(w));
      const first = sentence.replace(/^[\s"“‘'([]+/, '')[0] ?? '';
      if (/\p{Ll}/u.test(first))
        issues.push({ rule: 'sentence-start', message: 'Sentence opens in lower case', where: sentence });
      if (words.length >= 4 && !/[.!?…:]["”’)\]]*$|\[\d+\]\.?$/.test(sentence))
        issues.push({ rule: 'sentence-end', message: 'Sentence without closing punctuation', where: sentence });
      if (/…[.!?,;:]|[.!?,;:]\s*[.!?,;:](?!\))|\s[,.;:!?](?!\d)/.test(sentence.replace(/\.\.\.(?![.])|\?!|!\?/g, '…')))
        issues.push({ rule: 'punctuation', message: 'Doubled or spaced punctuation', where: sentence });
      if (/\?\s*\S/.test(sentence.replace(/\?["”’)]?$/, '').replace(/\?(?=\s*$)/, '')))
        issues.push({ rule: 'question-inside', message: 'A question mark inside a sentence', where: sentence });
      if (!balanced(sentence))
        issues.push({ rule: 'unbalanced', message: 'Unbalanced brackets or quotes', where: sentence });
    }
  }
  return issues;
}

function balanced(sentence: string): boolean {
  const pairs: Array<[string, string]> = [
    ['(', ')'],
    ['[', ']'],
    ['“', '”'],
  ];
  if (pairs.some(([open, close]) => sentence.split(open).length !== sentence.split(close).length)) return false;
  return (sentence.match(/"/g)?.length ?? 0) % 2 === 0;
}

/** Sentences in a text (for rates: issues per 100 sentences). */
export const sentenceCount = (text: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim() && !NOT_PROSE.test(line.trim()))
    .reduce((sum, line) => sum + sentencesOf(line).length, 0);

/** Placeholders a person would have to fill in: [Add your own example…], {{name}}, TODO, lorem ipsum. Citations [1] and Markdown links [text](url) are not. */
export function placeholders(text: string): string[] {
  const found = [
    ...text.matchAll(/\[(?!\d+(?:[,–-]\s*\d+)*\])[^\]\n]{1,120}\](?!\()/g),
    ...text.matchAll(/\{\{[^}]*\}\}|\bTODO\b|\bTBD\b|\bXXX\b|lorem ipsum|<insert[^>]*>/gi),
  ];
  return found.map((match) => match[0]);
}

/** Ellipses in generated text: the offline engine never has a reason to write one, least of all mid-sentence. */
export const ellipses = (text: string) => (text.match(/…|\.\.\./g) ?? []).length;

/**
 * A hashtag a person would write: '#' then words in CamelCase (or an acronym), letters and digits,
 * at most 24 characters and three words, no word of one letter, several words a noun phrase
 * ("#HeatPumps", "#R290"); not "#heat", "#CityAnsweringQuestions".
 */
export function validHashtag(tag: string): boolean {
  if (!/^#[\p{Lu}\p{N}][\p{L}\p{N}]{1,23}$/u.test(tag)) return false;
  const words = tag.slice(1).match(/\p{Lu}+(?![\p{Ll}])|\p{Lu}[\p{Ll}\p{N}]*|\p{N}+/gu) ?? [];
  if (words.length > 3 || words.some((word) => word.length < 2)) return false;
  // Several words must read as a noun phrase ("Heat Pumps"), not a clause ("City Answering Questions").
  return words.length === 1 || isNounPhrase(words.join(' '));
}

const trigrams = (text: string) => {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const grams = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) grams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return grams;
};

/** How different two texts are: 1 − the Jaccard similarity of their word trigrams (0 = the same text). */
export function distinctness(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 && y.size === 0) return a.trim() === b.trim() ? 0 : 1;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return 1 - shared / (x.size + y.size - shared);
}

export const wordCount = (text: string) => text.split(/\s+/).filter((word) => /\p{L}|\p{N}/u.test(word)).length;

/** The median of a list (0 for none). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
