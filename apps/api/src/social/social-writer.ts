import {
  checkPostLength,
  SOCIAL_LENGTH_LIMITS,
  SOCIAL_LIMITS,
  SOCIAL_TONES,
  type SocialPlatform,
  type SocialTone,
  uniqueHashtags,
} from '@aide/contracts';
import { z } from 'zod';
import type { AiService } from '../ai/ai.service';

export const SOCIAL_POST_TASK = 'social.post';

/** What the writer is given: the post's platform, topic and tone, and the platform's limit (hashtags included). */
export interface SocialPostInput {
  platform: SocialPlatform;
  topic: string;
  tone: SocialTone;
  maxLength: number;
}

export const socialPostSchema = z.object({
  content: z.string().trim().min(1),
  /** With or without '#'; normalised after generation. */
  hashtags: z.array(z.string()).max(60),
});
export type WrittenSocialPost = z.infer<typeof socialPostSchema>;

const INSTRUCTIONS = [
  'Write one social media post for the platform about the topic, in the tone given.',
  'content: the post text only, without hashtags; hashtags: 3 to 5 relevant hashtags without "#", taken from the topic.',
  'The content and the hashtags together must stay well under maxLength characters; an X (twitter) post is short, one or two sentences.',
  'Write about the topic only. Do not invent facts, figures, quotes, names, dates, links or claims of success.',
].join(' ');

/** The ellipsis a cut post ends with. */
const ELLIPSIS = '…';

const chars = (text: string) => [...text];

/**
 * Cuts `text` to at most `max` characters (code points) with '…' at the end: after the last whole
 * sentence when that keeps at least half the room, otherwise at the last word boundary.
 */
export function cutAtBoundary(text: string, max: number): string {
  const all = chars(text.trim());
  if (all.length <= max) return all.join('');
  if (max <= 1) return ELLIPSIS.slice(0, max);
  const room = all.slice(0, max - 1).join('');
  const sentenceEnd = Math.max(...['. ', '! ', '? ', '.\n', '!\n', '?\n'].map((end) => room.lastIndexOf(end)));
  if (sentenceEnd >= 0 && chars(room.slice(0, sentenceEnd + 1)).length >= max / 2)
    return `${room.slice(0, sentenceEnd + 1)}${ELLIPSIS}`;
  const space = room.search(/\s\S*$/);
  const cut = space > 0 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.!?–—-]+$/u, '')}${ELLIPSIS}`;
}

/**
 * Makes any writer's answer (a model's or the template's) a post the platform accepts: hashtags
 * normalised, one of each, within the count and length caps; then, while the whole text is over the
 * platform's limit, hashtags are dropped from the end, and when none are left the content is cut at
 * a sentence or word boundary with '…'. The result always passes checkPostLength.
 */
export function fitToPlatform(
  platform: SocialPlatform,
  content: string,
  hashtags: readonly string[],
): { content: string; hashtags: string[] } {
  let tags = uniqueHashtags(hashtags)
    .filter((tag) => tag.length <= SOCIAL_LIMITS.hashtagMax)
    .slice(0, SOCIAL_LIMITS.hashtagsMax);
  let text = content.trim();
  while (checkPostLength(platform, text, tags) && tags.length) tags = tags.slice(0, -1);
  if (checkPostLength(platform, text, tags)) text = cutAtBoundary(text, SOCIAL_LENGTH_LIMITS[platform]);
  return { content: text, hashtags: tags };
}

/** Writes a draft post with whichever AI engine is configured, always within the platform's limit. */
export async function writeSocialPost(
  ai: AiService,
  platform: SocialPlatform,
  topic: string,
  tone: SocialTone,
): Promise<{ content: string; hashtags: string[]; method: string }> {
  const input: SocialPostInput = { platform, topic, tone, maxLength: SOCIAL_LENGTH_LIMITS[platform] };
  const { value, method } = await ai.generateWithMethod(SOCIAL_POST_TASK, input, socialPostSchema, {
    instructions: INSTRUCTIONS,
  });
  return { ...fitToPlatform(platform, value.content, value.hashtags), method };
}

// ---- The offline writer: fixed wording per tone around the topic, hashtags from its keywords ----

/** How many hashtags each platform's post gets (X reads best with few, Instagram's reach grows with more). */
const HASHTAG_COUNT: Record<SocialPlatform, number> = { twitter: 3, linkedin: 4, facebook: 3, instagram: 5 };
/** An X post's subject is cut to this many characters so the whole post stays short. */
const SHORT_SUBJECT = 90;
/** Other platforms' subject (a long topic is quoted up to its first sentence, then cut). */
const LONG_SUBJECT = 300;

interface ToneWording {
  opening: (subject: string) => string;
  /** Only on the longer platforms. */
  body: string;
  closing: string;
}

/** Clearly different openings, middles and closings per tone; none states a fact about the topic. */
const TONES: Record<SocialTone, ToneWording> = {
  professional: {
    opening: (subject) => `Sharing a few thoughts on ${subject}.`,
    body: 'It is a subject worth a considered look, for teams and organisations alike.',
    closing: 'How is your organisation approaching it? I would welcome your perspective.',
  },
  casual: {
    opening: (subject) => `So, let's talk about ${subject} 🙂`,
    body: 'Been thinking about this a lot lately, and I keep coming back to it.',
    closing: "What's your take? Drop it below 👇",
  },
  enthusiastic: {
    opening: (subject) => `🚀 Really excited to talk about ${subject}!`,
    body: "There is so much energy around this right now, and I can't wait to see where it goes!",
    closing: 'Who else is as excited as I am? 🙌',
  },
  informative: {
    opening: (subject) => `📌 A quick overview: ${subject}.`,
    body: 'A short post to put the topic on your radar and start a conversation about it.',
    closing: 'Save this for later, and share it with someone who would find it useful.',
  },
  humorous: {
    opening: (subject) => `Let's be honest: ${subject} is one of those topics everyone has an opinion about 😄`,
    body: 'Mine is still loading… ☕',
    closing: 'Tell me yours below. The funnier the better 😂',
  },
};

/** Words that start a topic but not a name: written lower-case mid-sentence ("on the future of…"). */
const LEADING_FUNCTION_WORDS = /^(The|A|An|Our|My|Your|How|Why|What|When|Where|Which|Who|New|Some|This|These|Those)\b/;

/** The topic as it reads inside a sentence: one line, no closing punctuation, cut to `max` at its first sentence or a word. */
export function subjectOf(topic: string, max: number): string {
  let subject = topic
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?;:,\s]+$/u, '');
  if (chars(subject).length > max) {
    const firstSentence = /^(.+?[.!?])\s/.exec(subject)?.[1]?.replace(/[.!?]+$/, '');
    subject = firstSentence && chars(firstSentence).length <= max ? firstSentence : cutAtBoundary(subject, max);
  }
  return subject.replace(LEADING_FUNCTION_WORDS, (word) => word.toLowerCase());
}

/** 'urban heat island' → 'UrbanHeatIsland' (readable and one hashtag); letters keep their case otherwise. */
const toHashtag = (term: string) =>
  term
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

/** Keywords asked of the engine per topic: enough that neighbouring ones form phrases. */
const KEYWORDS_ASKED = 20;
const MAX_PHRASE_WORDS = 3;

/**
 * Up to `count` hashtags from the topic's keywords (TextRank): keywords that stand next to each
 * other in the topic become one phrase tag ("remote work" → RemoteWork), best-scored first; then the
 * other keywords on their own, best first; then, only to reach three, the words already inside a phrase.
 */
export async function topicHashtags(ai: AiService, topic: string, count: number): Promise<string[]> {
  const { keywords } = await ai.keywords(topic, { limit: KEYWORDS_ASKED });
  const score = new Map(keywords.filter((k) => !/\s/.test(k.term)).map((k) => [k.term.toLowerCase(), k.score]));
  const multiWord = keywords
    .filter((k) => /\s/.test(k.term))
    .map((k) => ({ words: k.term.split(/\s+/), score: k.score }));
  // Runs of keywords next to each other in the topic (a sentence or comma breaks a run).
  const phrases: { words: string[]; score: number }[] = [...multiWord];
  for (const clause of topic.split(/[.,;:!?()\n]+/)) {
    let run: string[] = [];
    const flush = () => {
      for (let i = 0; i + 1 < run.length; i += MAX_PHRASE_WORDS) {
        const words = run.slice(i, i + MAX_PHRASE_WORDS);
        if (words.length > 1)
          phrases.push({ words, score: words.reduce((sum, word) => sum + (score.get(word.toLowerCase()) ?? 0), 0) });
      }
      run = [];
    };
    for (const word of clause.match(/[\p{L}\p{N}'’-]+/gu) ?? []) {
      if (score.has(word.toLowerCase())) run.push(word);
      else flush();
    }
    flush();
  }
  phrases.sort((a, b) => b.score - a.score);
  const inPhrase = new Set(phrases.flatMap((phrase) => phrase.words.map((word) => word.toLowerCase())));
  const singles = keywords.filter((k) => !/\s/.test(k.term) && k.term.length >= 4);
  const ordered = [
    ...phrases.map((phrase) => phrase.words.join(' ')),
    ...singles.filter((k) => !inPhrase.has(k.term.toLowerCase())).map((k) => k.term),
  ];
  const tags = uniqueHashtags(ordered.map(toHashtag).filter((tag) => tag.length >= 2 && tag.length <= 30)).slice(
    0,
    count,
  );
  if (tags.length >= 3) return tags;
  const topUp = singles.filter((k) => inPhrase.has(k.term.toLowerCase())).map((k) => toHashtag(k.term));
  return uniqueHashtags([...tags, ...topUp]).slice(0, Math.min(count, 3));
}

/** The offline engine's answer for 'social.post'. */
export async function offlineSocialPost(ai: AiService, input: SocialPostInput): Promise<WrittenSocialPost> {
  const tone = SOCIAL_TONES.includes(input.tone) ? input.tone : 'professional';
  const wording = TONES[tone];
  const short = input.platform === 'twitter';
  const hashtags = await topicHashtags(ai, input.topic, HASHTAG_COUNT[input.platform]);
  const subject = subjectOf(input.topic, short ? SHORT_SUBJECT : LONG_SUBJECT);
  const content = short
    ? `${wording.opening(subject)} ${wording.closing}`
    : [wording.opening(subject), wording.body, wording.closing].join('\n\n');
  return { content, hashtags };
}

/** Registers the offline answer for 'social.post'; call once, at start-up. */
export function registerSocialTemplates(ai: AiService): void {
  ai.registerTemplate(SOCIAL_POST_TASK, (input) => offlineSocialPost(ai, input as SocialPostInput));
}
