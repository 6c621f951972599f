import { hashtagOf, keyPhrases, sentencesOf, type TaggedToken, taggedTokensOf } from '../ai/text/phrases';

/**
 * What a post's topic is, grammatically, so that the writer never pastes it into a frame it breaks
 * ("Sharing a few thoughts on our community garden opens a free workshop…"):
 * - statement: a sentence with a subject and a verb ("Our community garden opens a composting workshop");
 * - question: a question ("Should cities ban cars from their centres?");
 * - clause: a wh-clause used as a title ("Why sourdough needs time");
 * - phrase: a noun phrase ("Remote work and team culture", "Heat pumps: noise and costs").
 */
export type TopicKind = 'statement' | 'question' | 'clause' | 'phrase';

export interface TopicShape {
  kind: TopicKind;
  /** The topic's sentences as written, each with its closing mark (a statement gets a full stop). */
  sentences: string[];
  /** phrase and clause: the topic's first sentence as a title (no closing mark), its first letter capitalised. */
  title: string;
  /** The topic's key phrases, best first, as written ("composting workshop", "heat pumps"). */
  phrases: string[];
  /** For hashtags when the key phrases are too few: adjective–noun pairs the tagger missed. */
  fallbackPhrases: string[];
}

const QUESTION_OPENERS = new Set([
  'should',
  'can',
  'could',
  'would',
  'will',
  'shall',
  'may',
  'might',
  'must',
  'do',
  'does',
  'did',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
]);
const WH_WORDS = new Set(['how', 'why', 'what', 'when', 'where', 'which', 'who', 'whether', 'whose']);
/** Words that may open a sentence but are written lower-case inside one ("So, our garden opens…"). */
const LOWERCASE_OPENERS = new Set([
  'a',
  'an',
  'the',
  'our',
  'my',
  'your',
  'their',
  'his',
  'her',
  'its',
  'we',
  'this',
  'these',
  'those',
  'that',
  'there',
  'it',
  'they',
  'some',
  'every',
  'all',
  'many',
  'most',
  'should',
  'can',
  'could',
  'would',
  'will',
  'do',
  'does',
  'did',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
]);

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A sentence to follow "So, " or "Quick one: ": its first word lower-cased when it is a function word, names kept. */
export function midSentence(sentence: string): string {
  const first = /^\p{L}+/u.exec(sentence)?.[0] ?? '';
  return LOWERCASE_OPENERS.has(first.toLowerCase()) ? sentence.charAt(0).toLowerCase() + sentence.slice(1) : sentence;
}

/** A sentence without its closing mark, to be closed by the frame ("…!" in an enthusiastic post). */
export const withoutMark = (sentence: string) => sentence.replace(/[.!?]+$/u, '');

function kindOf(first: string): TopicKind {
  const tokens = taggedTokensOf(first).filter((token) => token.pos !== 'PUNCT' || /[?]/.test(token.text));
  if (/\?\s*$/.test(first)) return 'question';
  const head = tokens[0];
  if (!head) return 'phrase';
  if (WH_WORDS.has(head.text.toLowerCase())) return 'clause';
  // "Should cities ban cars", "Is remote work here to stay": an auxiliary first (the model tags "ban" a noun, so
  // the verb after the subject is not required).
  if ((head.pos === 'AUX' || QUESTION_OPENERS.has(head.text.toLowerCase())) && tokens.length >= 3) return 'question';
  // A finite verb right after its subject: "garden opens", "we moved", "the city is answering".
  // Adverbs between subject and verb ("our library now lends") are skipped.
  const core = tokens.filter((token) => token.pos !== 'ADV');
  for (let i = 1; i < core.length; i += 1) {
    const verb = core[i];
    const before = core[i - 1];
    if (!['VERB', 'AUX'].includes(verb.pos) || !['NOUN', 'PROPN', 'PRON'].includes(before.pos)) continue;
    // "composting workshop", "planning meeting": a gerund used as an adjective is no verb.
    if (/ing$/i.test(verb.text) && verb.pos === 'VERB') continue;
    return 'statement';
  }
  return 'phrase';
}

/** Words too vague for a tag or a list of what a topic covers. */
const VAGUE = new Set([
  'year',
  'years',
  'month',
  'months',
  'week',
  'weeks',
  'day',
  'days',
  'hour',
  'hours',
  'lot',
  'lots',
  'half',
]);

/**
 * Whether a key phrase is a noun phrase of the topic rather than a mis-tagged fragment: not the tail
 * of a hyphenated word ("time users" in "first-time users"), not a plural followed by another word
 * ("volunteers show", "cities ban cars": a subject and its verb), not a vague word alone.
 */
function isWholePhrase(phrase: string, topic: string): boolean {
  const lower = topic.toLowerCase();
  const at = lower.indexOf(phrase.toLowerCase());
  if (at > 0 && /[-‐–]/u.test(lower[at - 1])) return false;
  const words = phrase.split(/\s+/);
  if (words.length === 1) return !VAGUE.has(phrase.toLowerCase());
  return !words.slice(0, -1).some((word) => /[^su']s$|ies$/iu.test(word) && word.length > 3 && /^\p{Ll}/u.test(word));
}

/**
 * "workshop" in "a free composting workshop": the tagger reads "composting" as a verb, so the key
 * phrase loses it; a word in -ing between an article or adjective and the phrase belongs to it.
 */
function withLeadingGerund(phrase: string, tokens: TaggedToken[]): string {
  const first = phrase.split(/\s+/)[0].toLowerCase();
  for (let i = 2; i < tokens.length; i += 1) {
    if (tokens[i].text.toLowerCase() !== first) continue;
    const [before, gerund] = [tokens[i - 2], tokens[i - 1]];
    if (/\p{L}{3,}ing$/iu.test(gerund.text) && ['DET', 'ADJ', 'ADV', 'PRON'].includes(before.pos))
      return `${gerund.text.toLowerCase()} ${phrase}`;
  }
  return phrase;
}

/** The topic's shape: its kind, its sentences and its key phrases. */
export function topicShape(topic: string): TopicShape {
  const text = topic.replace(/\s+/g, ' ').trim();
  const sentences = sentencesOf(text).map((sentence) => upperFirst(sentence.replace(/[,;:\s]+$/u, '')));
  // A topic of several sentences is sentence-like, whatever its first one looks like.
  const kind = sentences.length > 1 && kindOf(sentences[0]) === 'phrase' ? 'statement' : kindOf(sentences[0] ?? text);
  const closed = sentences.map((sentence, index) => {
    if (/[.!?]$/.test(sentence)) return sentence;
    return index === 0 && kind === 'question' ? `${sentence}?` : `${sentence}.`;
  });
  // The title is the first sentence: a topic of several has its others told after it.
  const title = upperFirst((sentences[0] ?? text).replace(/[.!?;:,\s]+$/u, ''));
  // A mis-tagged phrase ("cities ban cars") gives its plural nouns ("cities", "cars") instead.
  const tokens = taggedTokensOf(text);
  const phrases = keyPhrases(text, 12).flatMap(({ phrase }) =>
    isWholePhrase(phrase, text)
      ? [withLeadingGerund(phrase, tokens)]
      : phrase.split(/\s+/).filter((word) => /[^su']s$/iu.test(word) && word.length > 3 && !VAGUE.has(word)),
  );
  const fallbackPhrases = phrases.length < 3 ? adjectiveNounPairs(text) : [];
  return { kind, sentences: closed, title, phrases, fallbackPhrases };
}

/**
 * Up to `count` hashtags (without '#') from the topic's key phrases ("#HeatPumps"), then, to reach
 * three, the head nouns of its longer phrases ("team culture" → "#Culture"): words of the topic, never invented.
 */
export function topicHashtags(shape: TopicShape, count: number): string[] {
  const tags: string[] = [];
  const add = (phrase: string) => {
    const tag = keepNameCase(hashtagOf(phrase), phrase);
    if (tag && !tags.some((kept) => kept.toLowerCase() === tag.slice(1).toLowerCase())) tags.push(tag.slice(1));
  };
  for (const phrase of shape.phrases) if (tags.length < count) add(phrase);
  const heads = shape.phrases.filter((phrase) => /\s/.test(phrase)).map((phrase) => phrase.split(/\s+/).at(-1) ?? '');
  for (const head of heads) if (tags.length < Math.min(count, 3) && head.length >= 4) add(head);
  for (const phrase of shape.fallbackPhrases) if (tags.length < Math.min(count, 3)) add(phrase);
  return tags;
}

/** hashtagOf writes "PostgreSQL" as "Postgresql": names written with inner capitals keep them ("#PostgreSQL"). */
function keepNameCase(tag: string | null, phrase: string): string | null {
  if (!tag) return null;
  const words = phrase
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (!words.some((word) => /\p{Ll}/u.test(word) && /\p{Lu}/u.test(word.slice(1)))) return tag;
  return `#${words
    .map((word) => (/\p{Lu}/u.test(word.slice(1)) ? word : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;
}

/**
 * Noun phrases the model's tagger missed: an adjective and the word after it ("reviewable commits",
 * where "commits" is read as a verb), and that word alone. Used only when the key phrases are too few.
 */
function adjectiveNounPairs(text: string): string[] {
  const tokens = taggedTokensOf(text);
  const found: string[] = [];
  for (let i = 1; i < tokens.length; i += 1) {
    const [adjective, noun] = [tokens[i - 1], tokens[i]];
    if (adjective.pos !== 'ADJ' || !['NOUN', 'VERB', 'PROPN'].includes(noun.pos) || noun.text.length < 4) continue;
    found.push(`${adjective.text.toLowerCase()} ${noun.text.toLowerCase()}`, noun.text.toLowerCase());
  }
  return found;
}

/** "a, b and c" */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
