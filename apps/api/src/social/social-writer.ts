import {
  checkPostLength,
  SOCIAL_LENGTH_LIMITS,
  SOCIAL_LIMITS,
  type SocialPlatform,
  type SocialTone,
  uniqueHashtags,
} from '@aide/contracts';
import { z } from 'zod';
import type { AiService } from '../ai/ai.service';
import { offlinePost } from './offline-post';

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

/** An ellipsis inside the text: a cut sentence ("…for all…."), which no post should carry. */
const ELLIPSIS_INSIDE = /(…|\.\.\.)/u;
const paragraphsOf = (content: string) => content.split(/\n\s*\n/).filter((part) => part.trim());

/**
 * The answer the platform's shape needs (issue 25), checked whichever engine wrote it; a model is
 * re-asked with the failed checks. X: one paragraph within 280 with its hashtags; LinkedIn: a hook,
 * paragraphs and a closing question; Facebook: asks its readers something; none with an ellipsis.
 */
export function socialPostSchemaFor(platform: SocialPlatform) {
  return socialPostSchema.superRefine((post, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', message, path: ['content'] });
    const tags = uniqueHashtags(post.hashtags);
    if (ELLIPSIS_INSIDE.test(post.content)) fail('content must not contain an ellipsis: write whole sentences');
    if (checkPostLength(platform, post.content, tags))
      fail(`content and hashtags together must stay within ${SOCIAL_LENGTH_LIMITS[platform]} characters`);
    if (platform === 'twitter' && /\n/.test(post.content.trim()))
      fail('an X post is one paragraph, without line breaks');
    if (platform === 'linkedin') {
      const parts = paragraphsOf(post.content);
      if (parts.length < 3)
        fail('a LinkedIn post has a hook line, short paragraphs separated by blank lines and a question');
      else if (!parts.at(-1)?.includes('?')) fail('a LinkedIn post ends with a question to its readers');
    }
    if (platform === 'facebook' && !post.content.includes('?')) fail('a Facebook post asks its readers a question');
  });
}

const SHAPES: Record<SocialPlatform, string> = {
  twitter:
    'X: one complete thought in one or two whole sentences, no line breaks, 2 or 3 hashtags; content plus hashtags (as "#Tag", space-separated, after a blank line) at most 280 characters.',
  linkedin:
    'LinkedIn: a one-line hook, then 2 or 3 short paragraphs, then a closing question to the reader; paragraphs separated by a blank line; 3 to 5 hashtags.',
  instagram:
    'Instagram: a short caption of 2 or 3 short lines with a call to action; 5 to 10 hashtags, which are shown as a block after the caption.',
  facebook:
    'Facebook: conversational, as if talking to friends: a greeting, 2 or 3 short paragraphs, and a question inviting comments; 2 or 3 hashtags.',
};

const INSTRUCTIONS = [
  'Write one social media post for the platform about the topic, in the tone given.',
  'content: the post text only, without hashtags; hashtags: without "#", each a key phrase of the topic written in CamelCase (HeatPumps, Composting), never a fragment of a sentence.',
  'Every sentence is grammatical and complete: never cut a sentence, never use an ellipsis ("…" or "...").',
  'The tone changes the wording throughout the post, not only its first words.',
  'Write about the topic only. Do not invent facts, figures, quotes, names, dates, links or claims of success.',
].join(' ');

/** The instructions for the platform: the shared rules and the platform's own shape. */
export const instructionsFor = (platform: SocialPlatform) => `${INSTRUCTIONS} Shape: ${SHAPES[platform]}`;

const chars = (text: string) => [...text];

/** Cuts `text` at a word boundary, with '…': the last resort of fitToPlatform, for one sentence longer than the platform allows. */
export function cutAtBoundary(text: string, max: number): string {
  const all = chars(text.trim());
  if (all.length <= max) return all.join('');
  if (max <= 1) return '…'.slice(0, max);
  const room = all.slice(0, max - 1).join('');
  const space = room.search(/\s\S*$/);
  const cut = space > 0 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}

/** Whole sentences and paragraphs of `text` from the start, as many as fit in `max` characters; '' when not even the first does. */
export function wholeSentencesWithin(text: string, max: number): string {
  const pieces = text.trim().match(/[^.!?\n]+(?:[.!?]+["'”’)]*|\n+|$)\s*/gu) ?? [];
  let kept = '';
  for (const piece of pieces) {
    if (chars((kept + piece).trimEnd()).length > max) break;
    kept += piece;
  }
  return kept.trimEnd();
}

/**
 * Makes any writer's answer (a model's or the template's) a post the platform accepts: hashtags
 * normalised, one of each, within the count and length caps; then, while the whole text is over the
 * platform's limit, hashtags are dropped from the end, and when none are left the content keeps the
 * whole sentences that fit (no ellipsis); only a first sentence longer than the limit is cut at a
 * word, with '…'. The result always passes checkPostLength.
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
  if (checkPostLength(platform, text, tags))
    text =
      wholeSentencesWithin(text, SOCIAL_LENGTH_LIMITS[platform]) || cutAtBoundary(text, SOCIAL_LENGTH_LIMITS[platform]);
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
  const { value, method } = await ai.generateWithMethod(SOCIAL_POST_TASK, input, socialPostSchemaFor(platform), {
    instructions: instructionsFor(platform),
  });
  return { ...fitToPlatform(platform, value.content, value.hashtags), method };
}

/** The offline engine's answer for 'social.post' (offline-post.ts). */
export function offlineSocialPost(input: SocialPostInput): WrittenSocialPost {
  return offlinePost(input);
}

/** Registers the offline answer for 'social.post'; call once, at start-up. */
export function registerSocialTemplates(ai: AiService): void {
  ai.registerTemplate(SOCIAL_POST_TASK, (input) => offlineSocialPost(input as SocialPostInput));
}
