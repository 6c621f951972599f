import { isStopword } from './stopwords';

export interface Token {
  /** Lower-case surface form, as written (apostrophes normalised). */
  word: string;
  /** The form words are compared by: plural endings folded (see stem()). */
  stem: string;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * A light English stemmer that only folds plurals and possessives ("colonies" → "colony",
 * "governments" → "government", "nation's" → "nation"). A full Porter stemmer merges too much for
 * keywords people read ("general"/"generate"), and plural folding is what matching labels needs.
 */
export function stem(word: string): string {
  let w = word.replace(/'s$/, '').replace(/s'$/, 's');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is|ous)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Every word of `text`, lower-cased, with its stem. */
export function tokenize(text: string): Token[] {
  const words = text.toLowerCase().replaceAll('’', "'").match(WORD) ?? [];
  return words.map((word) => ({ word, stem: stem(word) }));
}

/** A word that can carry a topic: not a stopword, not a number, at least 3 letters. */
export const isContentWord = (word: string) =>
  word.length >= 3 &&
  !isStopword(word) &&
  !isStopword(word.replace(/'s$/, '')) &&
  /\p{L}/u.test(word) &&
  !/^\d/.test(word);

/** The stems of `text`'s content words, in order. */
export const contentStems = (text: string) =>
  tokenize(text)
    .filter((t) => isContentWord(t.word))
    .map((t) => t.stem);
