import { checkPostLength, type ResearchSource, type SocialPlatform, uniqueHashtags } from '@aide/contracts';
import { HASHTAG_COUNT } from './offline-post';
import { topicHashtags, topicShape } from './topic-shape';

/**
 * Posts that carry a link and state only what a text the person already has says (issue 27): a
 * finished research report's findings with its best source, or a blog post's opening with its
 * address. Pure: the claims are sentences taken from the text, whole, never made up or cut; the
 * frames around them say nothing about the subject.
 */

/** A sentence worth posting: long enough to say something, short enough for a post. */
const CLAIM_CHARS = { min: 40, max: 240 } as const;

/** Markdown flattened to plain sentences: citations [n], links, emphasis and headings dropped. */
function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/[*_`]+/g, '')
    .replace(/[ \t]+/g, ' ');
}

/**
 * Whole sentences of `text`, in order: headings, table rows and lines without a full stop are left
 * out (a heading is not a claim); a list item ending in a full stop counts as a sentence.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const rawLine of plainText(text).split('\n')) {
    const line = rawLine.trim().replace(/^(?:[-+•]|\d+[.)])\s+/, '');
    if (!line || line.startsWith('#') || line.startsWith('|') || line.startsWith('>')) continue;
    const parts = line.match(/[^.!?]+(?:[.!?]+(?=\s|$))/gu) ?? [];
    for (const part of parts) {
      const sentence = part.trim();
      if (
        sentence.length >= CLAIM_CHARS.min &&
        sentence.length <= CLAIM_CHARS.max &&
        /^[\p{Lu}\p{N}"“]/u.test(sentence) &&
        /[.!]$/.test(sentence) &&
        !sentences.includes(sentence)
      )
        sentences.push(sentence);
    }
  }
  return sentences;
}

/** The claims a report's posts may make: its summary's sentences first, then its findings'. */
export function reportClaims(summary: string | null, content: string | null): string[] {
  const fromSummary = sentencesOf(summary ?? '');
  return [...fromSummary, ...sentencesOf(content ?? '').filter((sentence) => !fromSummary.includes(sentence))];
}

/** The report's most credible web source (the first on a tie); null when it has none. */
export function bestSource(sources: readonly ResearchSource[]): ResearchSource | null {
  let best: ResearchSource | null = null;
  for (const source of sources) {
    if (!/^https?:\/\//i.test(source.url)) continue;
    if (!best || source.credibility.score > best.credibility.score) best = source;
  }
  return best;
}

export interface LinkedPostInput {
  /** The report's topic or the blog post's title. */
  subject: string;
  /** Sentences from the text, best first: the only claims the post makes. */
  claims: readonly string[];
  link: string;
  /** 'source': the link is the report's best source; 'article': the person's own blog post. */
  linkKind: 'source' | 'article';
}

export interface LinkedPost {
  content: string;
  hashtags: string[];
}

const isQuestion = (subject: string) => subject.trim().endsWith('?');
const bare = (subject: string) => subject.trim().replace(/[.!:;,]+$/u, '');

/** The opening line: the subject as the person asked it, or as a title. */
function headline(subject: string, linkKind: LinkedPostInput['linkKind']): string {
  if (isQuestion(subject)) return subject.trim();
  return linkKind === 'article' ? `New on the blog: ${bare(subject)}.` : `${bare(subject)}: what the research shows.`;
}

const LINK_LINE: Record<LinkedPostInput['linkKind'], string> = {
  source: 'The most reliable source I found:',
  article: 'Read the whole post here:',
};

/** Each platform's post around the chosen claims; `claims` already fit. */
function frame(platform: SocialPlatform, input: LinkedPostInput, claims: readonly string[]): string {
  const link = `${LINK_LINE[input.linkKind]} ${input.link}`;
  switch (platform) {
    case 'twitter':
      return [...claims, link].join(' ');
    case 'linkedin':
      return [
        headline(input.subject, input.linkKind),
        ...claims,
        link,
        input.linkKind === 'source' ? 'Does this match what you have seen?' : 'What would you add?',
      ].join('\n\n');
    case 'facebook':
      return [
        headline(input.subject, input.linkKind),
        claims.join(' '),
        link,
        'Have you come across this yourself? Tell me in the comments.',
      ].join('\n\n');
    case 'instagram':
      return [headline(input.subject, input.linkKind), ...claims, link].join('\n\n');
  }
}

/** How many claims each platform's post makes at most (X has room for one, maybe two). */
const CLAIM_COUNT: Record<SocialPlatform, number> = { twitter: 2, linkedin: 3, facebook: 2, instagram: 3 };

/**
 * The post for `platform`: as many of the claims (in order) as fit within the platform's limit with
 * the hashtags and the link; when not even the first fits, the shortest claim that does. null when
 * no claim fits at all (the caller says the text has nothing to post).
 */
export function writeLinkedPost(platform: SocialPlatform, input: LinkedPostInput): LinkedPost | null {
  const hashtags = uniqueHashtags(topicHashtags(topicShape(input.subject), Math.min(HASHTAG_COUNT[platform], 4)));
  const fits = (claims: readonly string[]) => !checkPostLength(platform, frame(platform, input, claims), hashtags);
  const chosen: string[] = [];
  for (const claim of input.claims) {
    if (chosen.length >= CLAIM_COUNT[platform]) break;
    if (fits([...chosen, claim])) chosen.push(claim);
    else if (chosen.length) break;
  }
  if (!chosen.length) {
    const shortest = [...input.claims].sort((a, b) => a.length - b.length)[0];
    if (!shortest || !fits([shortest])) return null;
    chosen.push(shortest);
  }
  const content = frame(platform, input, chosen);
  return { content, hashtags: checkPostLength(platform, content, hashtags) ? [] : hashtags };
}
