import type { ItemCustomEntity, ItemToken, WinkMethods } from 'wink-nlp';
import { isStopword } from './stopwords';

/**
 * English key phrases (issue 25) with wink-nlp and its English model: part-of-speech tags find
 * noun phrases ("installation costs", "cold-climate performance", "community garden"), which are
 * what tags, hashtags and headings should be made of — not single stray words ("file", "rtl").
 * The model loads once, on first use (about 100 ms): required there, not at the top, because it
 * holds about 13 MB of heap that an API process which never writes a key phrase should not carry.
 */
let engine: WinkMethods | undefined;

function nlp(): WinkMethods {
  if (engine) return engine;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const winkNLP = require('wink-nlp') as typeof import('wink-nlp').default; // CommonJS: module.exports is the function
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const model = require('wink-eng-lite-web-model') as typeof import('wink-eng-lite-web-model').default;
  const loaded = winkNLP(model);
  loaded.learnCustomEntities(
    [
      // Up to four adjectives/nouns ending in a noun; and hyphenated compounds ("cold-climate performance").
      { name: 'phrase', patterns: ['[|ADJ|NOUN|PROPN] [|ADJ|NOUN|PROPN] [|ADJ|NOUN|PROPN] [NOUN|PROPN]'] },
      { name: 'phrase', patterns: ['[ADJ|NOUN] [-] [NOUN|ADJ] [|NOUN] [|NOUN] [NOUN]'] },
    ],
    { matchValue: false, usePOS: true, useEntity: true },
  );
  engine = loaded;
  return loaded;
}

/** Words too vague to be a key phrase on their own. */
const VAGUE = new Set([
  'thing',
  'things',
  'way',
  'ways',
  'lot',
  'lots',
  'kind',
  'part',
  'number',
  'today',
  'time',
  'times',
  'people',
  'something',
  'anything',
  'everything',
  'nothing',
  'use',
  'uses',
  'example',
  'examples',
  'first',
  'one',
  'others',
  // Units of time say nothing on their own ("3 months").
  'hour',
  'hours',
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
]);

export interface KeyPhrase {
  /** As written, lower case but for names and acronyms ("heat pumps", "Reykjavik office", "R290 refrigerant"). */
  phrase: string;
  /** How many times it occurs (plural and singular together). */
  count: number;
  /** Relative weight: 1 for the best. */
  score: number;
}

/** The sentences of a text, as the English model splits them. */
export function sentencesOf(text: string): string[] {
  return nlp()
    .readDoc(text)
    .sentences()
    .out()
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * The text's key phrases, best first: noun phrases scored by how often they occur (plural and
 * singular together, by lemma), how early they first appear and how many words they have (a
 * two-word phrase says more than one word). Phrases of stopwords, numbers or vague words only are
 * left out, as is a phrase inside a better one.
 */
export function keyPhrases(text: string, limit = 8): KeyPhrase[] {
  const winkNlp = nlp();
  const its = winkNlp.its;
  const doc = winkNlp.readDoc(text);
  const total = Math.max(1, doc.tokens().length());
  const found = new Map<string, { forms: Map<string, number>; count: number; first: number; words: number }>();
  doc.customEntities().each((entity: ItemCustomEntity) => {
    const tokens = entity.tokens();
    const words = (tokens.out(its.normal) as string[]).filter((word) => word !== '-');
    // wink-nlp's typings give its.lemma another signature than the other token properties; it works the same.
    const lemmas = (tokens.out(its.lemma as unknown as typeof its.normal) as string[]).filter((lemma) => lemma !== '-');
    // Leading adjectives that only grade ("new", "other", "many") and stopwords go.
    while (words.length > 1 && (isStopword(words[0]) || /^\d/.test(words[0]))) {
      words.shift();
      lemmas.shift();
    }
    if (words.length === 0 || words.every((word) => isStopword(word) || VAGUE.has(word) || /^\d+$/.test(word))) return;
    if (words.some((word) => /[^\p{L}\p{N}'’-]/u.test(word) || word.length > 30)) return;
    const key = lemmas.join(' ');
    // Written as in the text, lower-cased but for names (proper nouns not opening a sentence) and acronyms.
    const allTokens = doc.tokens();
    const written: string[] = [];
    tokens.each((token: ItemToken) => {
      const value = token.out();
      if (value === '-') {
        written.push(`${written.pop() ?? ''}-`);
        return;
      }
      const index = token.index();
      const before = index > 0 ? allTokens.itemAt(index - 1).out() : '.';
      const opensSentence = /^[.!?:;]$/.test(before);
      const keep = /^\p{Lu}[\p{Lu}\p{N}]+$/u.test(value) || (token.out(its.pos) === 'PROPN' && !opensSentence);
      const word = keep ? value : value.toLowerCase();
      if (written.length > 0 && written[written.length - 1].endsWith('-')) written.push(`${written.pop()}${word}`);
      else written.push(word);
    });
    const form = written.slice(-words.length).join(' ');
    const start = tokens.itemAt(0).index();
    const entry = found.get(key) ?? { forms: new Map(), count: 0, first: start, words: words.length };
    entry.count += 1;
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
    found.set(key, entry);
  });
  const scored = [...found.entries()].map(([key, entry]) => {
    const early = 1 - entry.first / total;
    const score = entry.count * (1 + 0.5 * early) * (1 + 0.35 * Math.min(entry.words - 1, 2));
    return { key, entry, score };
  });
  scored.sort((a, b) => b.score - a.score || a.entry.first - b.entry.first);
  const chosen: typeof scored = [];
  for (const candidate of scored) {
    // "heat pump" and "heat pump noise": the second is kept only when it stands on its own.
    const overlaps = chosen.some(
      (kept) => ` ${kept.key} `.includes(` ${candidate.key} `) || ` ${candidate.key} `.includes(` ${kept.key} `),
    );
    if (overlaps) continue;
    chosen.push(candidate);
    if (chosen.length >= limit) break;
  }
  const best = chosen[0]?.score ?? 1;
  return chosen.map(({ entry, score }) => ({
    phrase: displayForm(entry.forms),
    count: entry.count,
    score: Math.round((score / best) * 1000) / 1000,
  }));
}

/** The most frequent written form. */
function displayForm(forms: Map<string, number>): string {
  return [...forms.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))[0][0];
}

/**
 * A phrase as a hashtag: its words capitalised and joined ("heat pumps" → "#HeatPumps"), letters
 * and digits only; null for a phrase that would make a poor tag (over three words or 24 letters).
 */
export function hashtagOf(phrase: string): string | null {
  const words = phrase
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0 || words.length > 3) return null;
  const tag = words
    .map((word) => (/^\p{Lu}[\p{Lu}\p{N}]+$/u.test(word) ? word : word[0].toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
  if (tag.length > 24 || /^\d+$/.test(tag)) return null;
  return `#${tag}`;
}

/**
 * Whether words read as a noun phrase: adjectives, nouns and numbers ending in a noun ("heat
 * pumps", "cold climate performance"); a gerund may lead ("composting workshop") but not follow
 * ("city answering questions" is a clause).
 */
export function isNounPhrase(words: string): boolean {
  const its = nlp().its;
  const tokens = nlp().readDoc(words.toLowerCase()).tokens();
  const tags = tokens.out(its.pos) as string[];
  const values = tokens.out() as string[];
  if (tags.length === 0) return false;
  const nominal = (tag: string, i: number) =>
    ['ADJ', 'NOUN', 'PROPN', 'NUM', 'PUNCT'].includes(tag) || (i === 0 && tag === 'VERB' && values[i].endsWith('ing'));
  if (values.some((value, i) => i > 0 && values.length > 1 && i < values.length - 1 && value.endsWith('ing')))
    return false;
  return tags.every(nominal) && ['NOUN', 'PROPN', 'NUM'].includes(tags[tags.length - 1]);
}

/** A word or mark of a text with its part of speech (universal tags: NOUN, VERB, AUX, PRON, PUNCT…). */
export interface TaggedToken {
  text: string;
  pos: string;
}

/**
 * The text's tokens with their part of speech, from the same model instance as keyPhrases (a second
 * winkNLP instance would disturb the first's learnt patterns), for callers that parse a topic's shape.
 */
export function taggedTokensOf(text: string): TaggedToken[] {
  const winkNlp = nlp();
  const tokens = winkNlp.readDoc(text).tokens();
  const words = tokens.out() as string[];
  const tags = tokens.out(winkNlp.its.pos) as string[];
  return words.map((word, index) => ({ text: word, pos: tags[index] }));
}
