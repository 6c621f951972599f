/**
 * Issue 25's evaluation of social posts: a fixed corpus of topics × the four platforms × the five
 * tones, written by the offline engine (or the model, with AI_BASE_URL), measured automatically:
 * grammar issues (retext + house checks for a topic pasted into a frame it breaks), mid-sentence
 * truncation, hashtag validity (real key phrases of the topic), distinctness between platforms and
 * between tones, each platform's shape and its length limit. Writes eval/results/social.json.
 *
 * Run: npm run eval:ai -- social (or, alone: npx node -r ./apps/api/test/swc-register.cjs eval/tasks/social.eval.ts)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  composePostText,
  SOCIAL_LENGTH_LIMITS,
  SOCIAL_PLATFORMS,
  SOCIAL_TONES,
  type SocialPlatform,
  type SocialTone,
} from '@aide/contracts';
import { retext } from 'retext';
import retextContractions from 'retext-contractions';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextRepeatedWords from 'retext-repeated-words';
import retextSentenceSpacing from 'retext-sentence-spacing';
import { AiService } from '../../apps/api/src/ai/ai.service';
import { createAiProvider } from '../../apps/api/src/ai/ai-provider.factory';
import { OfflineTemplates } from '../../apps/api/src/ai/offline/templates';
import { hashtagOf, keyPhrases } from '../../apps/api/src/ai/text/phrases';
import { registerSocialTemplates, writeSocialPost } from '../../apps/api/src/social/social-writer';

type TopicKind = 'statement' | 'question' | 'clause' | 'phrase';

/** The issue's topics and more of our own, each with its grammatical kind, set by hand. */
const CORPUS: { topic: string; kind: TopicKind }[] = [
  { topic: 'Our community garden opens a free composting workshop every Saturday morning for all.', kind: 'statement' },
  { topic: 'The city is answering questions about the new bike lanes on Main Street', kind: 'statement' },
  { topic: 'Remote work and team culture', kind: 'phrase' },
  { topic: 'Heat pumps: refrigerants, noise, installation costs and cold-climate performance', kind: 'phrase' },
  { topic: 'Why sourdough needs time', kind: 'clause' },
  { topic: 'Should cities ban cars from their centres?', kind: 'question' },
  { topic: 'We moved our search to PostgreSQL full-text search and cut our hosting bill in half', kind: 'statement' },
  { topic: 'Urban gardening', kind: 'phrase' },
  { topic: 'How small teams can run their own email server', kind: 'clause' },
  {
    topic:
      'Our library now lends tools as well as books. Drills, ladders and sewing machines can be borrowed for a week with a library card, and volunteers show first-time users how to handle them safely.',
    kind: 'statement',
  },
  { topic: 'Lessons from ten years of running a neighbourhood repair café', kind: 'phrase' },
];

interface Post {
  topic: string;
  kind: TopicKind;
  platform: SocialPlatform;
  tone: SocialTone;
  content: string;
  hashtags: string[];
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
const bigrams = (text: string) => {
  const list = words(text);
  return new Set(list.slice(1).map((word, index) => `${list[index]} ${word}`));
};
/** 1 − Jaccard similarity of word pairs: 0 for identical texts, 1 for texts sharing no two words in a row. */
function distinctness(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  const shared = [...x].filter((pair) => y.has(pair)).length;
  const union = x.size + y.size - shared;
  return union === 0 ? 0 : 1 - shared / union;
}

const checker = retext()
  .use(retextSentenceSpacing)
  .use(retextRepeatedWords)
  .use(retextIndefiniteArticle)
  .use(retextContractions, { straight: true });

/** Frames a topic clause breaks: "on our garden opens…", "about the city is answering…". */
const FRAME_WORDS = /\b(on|about|of|for|with|to|into|regarding|overview:|talk about)\s*$/iu;

/** Grammar issues of one post: retext's messages plus the house checks. */
async function grammarIssues(post: Post): Promise<string[]> {
  const issues = (await checker.process(post.content)).messages.map((message) => `retext: ${message.reason}`);
  const bare = post.topic.trim().replace(/[.!?]+$/u, '');
  const at = post.content.toLowerCase().indexOf(bare.toLowerCase());
  // A sentence-like topic pasted after a preposition, or followed by more words in the same sentence.
  if ((post.kind === 'statement' || post.kind === 'question') && at >= 0) {
    if (FRAME_WORDS.test(post.content.slice(0, at))) issues.push('house: a sentence pasted into a noun-phrase frame');
    if (/^\s*(is|are|was)\b/iu.test(post.content.slice(at + bare.length)))
      issues.push('house: a sentence used as a subject');
  }
  if (/[:;]\s[^.!?\n]*:\s/u.test(post.content)) issues.push('house: two colons in one sentence');
  if (/[.!?]\s*[.!?]/u.test(post.content.replace(/\?!|!\?|\.\.\.|…/gu, ''))) issues.push('house: doubled end mark');
  if (/\b(\w+) \1\b/iu.test(post.content)) issues.push('house: repeated word');
  return issues;
}

/** A cut: an ellipsis anywhere in the text, or an X post that does not end a sentence. */
function truncated(post: Post): boolean {
  if (/…|\.\.\./u.test(post.content)) return true;
  // An X post must end its thought: a closing mark, or an emoji after one.
  if (post.platform !== 'twitter') return false;
  const end = post.content.trim().replace(/[\s\p{Extended_Pictographic}\u{FE0F}\u{200D}]+$/u, '');
  return !/[.!?)]$/u.test(end);
}

/** A hashtag is valid when it is a key phrase of the topic (hashtagOf(keyPhrases(topic))) or words of one. */
function validHashtags(post: Post): { valid: number; total: number; invalid: string[] } {
  const phrases = keyPhrases(post.topic, 20).map((phrase) => phrase.phrase);
  // Any run of words inside a key phrase: "Cities" and "Cars" of "cities ban cars", "Garden" of "community garden".
  const heads = phrases.flatMap((phrase) => {
    const list = phrase.split(/\s+/);
    return list.flatMap((_, start) => list.slice(start).map((__, end) => list.slice(start, start + end + 1).join(' ')));
  });
  const allowed = new Set(
    [...phrases, ...heads].map((phrase) => hashtagOf(phrase)?.slice(1).toLowerCase()).filter(Boolean) as string[],
  );
  const invalid = post.hashtags.filter((tag) => !allowed.has(tag.replace(/^#/, '').toLowerCase()));
  return { valid: post.hashtags.length - invalid.length, total: post.hashtags.length, invalid };
}

const paragraphs = (content: string) => content.split(/\n\s*\n/).filter((part) => part.trim());

/** Each platform's shape (issue 25). */
function hasShape(post: Post): boolean {
  const parts = paragraphs(post.content);
  switch (post.platform) {
    case 'twitter':
      return !post.content.includes('\n') && post.hashtags.length >= 1;
    case 'linkedin':
      return parts.length >= 4 && parts.length <= 5 && parts.at(-1)!.includes('?');
    case 'instagram':
      return parts.length >= 2 && parts.length <= 4 && post.hashtags.length >= 3;
    default:
      return post.content.includes('?') && parts.length >= 2;
  }
}

const within = (post: Post) =>
  [...composePostText(post.content, post.hashtags)].length <= SOCIAL_LENGTH_LIMITS[post.platform];

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

async function main() {
  const templates = new OfflineTemplates();
  // The offline engine, or with AI_BASE_URL (and AI_MODEL) the model, as the app chooses.
  const provider = createAiProvider(
    {
      AI_BASE_URL: process.env.AI_BASE_URL,
      AI_API_KEY: process.env.AI_API_KEY,
      AI_MODEL: process.env.AI_MODEL,
      AI_TIMEOUT_MS: Number(process.env.AI_TIMEOUT_MS ?? 120_000),
      AI_MAX_RETRIES: Number(process.env.AI_MAX_RETRIES ?? 2),
    } as Parameters<typeof createAiProvider>[0],
    templates,
  );
  const ai = new AiService(provider, templates);
  registerSocialTemplates(ai);
  const posts: Post[] = [];
  let failed = 0;
  for (const { topic, kind } of CORPUS)
    for (const platform of SOCIAL_PLATFORMS)
      for (const tone of SOCIAL_TONES) {
        try {
          const written = await writeSocialPost(ai, platform, topic, tone);
          posts.push({ topic, kind, platform, tone, content: written.content, hashtags: written.hashtags });
        } catch (error) {
          // A model's answer that never passed the platform's schema: counted, and the post left empty.
          failed += 1;
          console.error(`${platform}/${tone} "${topic}": ${(error as Error).message}`);
          posts.push({ topic, kind, platform, tone, content: '', hashtags: [] });
        }
      }

  const issues = await Promise.all(posts.map(grammarIssues));
  const hashtagCounts = posts.map(validHashtags);
  const find = (topic: string, platform: SocialPlatform, tone: SocialTone) =>
    posts.find((post) => post.topic === topic && post.platform === platform && post.tone === tone)!;
  const pairs = <T>(list: readonly T[]) => list.flatMap((a, i) => list.slice(i + 1).map((b) => [a, b] as const));
  const platformDistinct = CORPUS.flatMap(({ topic }) =>
    SOCIAL_TONES.flatMap((tone) =>
      pairs(SOCIAL_PLATFORMS).map(([a, b]) => distinctness(find(topic, a, tone).content, find(topic, b, tone).content)),
    ),
  );
  const toneDistinct = CORPUS.flatMap(({ topic }) =>
    SOCIAL_PLATFORMS.flatMap((platform) =>
      pairs(SOCIAL_TONES).map(([a, b]) =>
        distinctness(find(topic, platform, a).content, find(topic, platform, b).content),
      ),
    ),
  );
  const totalTags = hashtagCounts.reduce((sum, count) => sum + count.total, 0);
  const validTags = hashtagCounts.reduce((sum, count) => sum + count.valid, 0);
  const measures = [
    { name: 'Posts not written (answer rejected by the schema)', value: failed, threshold: 0, kind: 'max' as const },
    {
      name: 'Grammar issues per post',
      value: round(mean(issues.map((list) => list.length))),
      threshold: 0.05,
      kind: 'max' as const,
    },
    {
      name: 'Posts with a grammar issue',
      value: issues.filter((list) => list.length).length,
      threshold: 2,
      kind: 'max' as const,
    },
    {
      name: 'Truncated posts (ellipsis or unfinished sentence)',
      value: posts.filter(truncated).length,
      threshold: 0,
      kind: 'max' as const,
    },
    {
      name: 'Valid hashtags (key phrases of the topic)',
      value: round(totalTags ? validTags / totalTags : 0),
      threshold: 0.95,
      kind: 'min' as const,
      unit: 'share',
    },
    {
      name: 'Posts with at least 3 hashtags',
      value: round(mean(posts.map((post) => (post.hashtags.length >= 3 ? 1 : 0)))),
      threshold: 0.8,
      kind: 'min' as const,
      unit: 'share',
    },
    {
      name: 'Distinctness between platforms (mean)',
      value: round(mean(platformDistinct)),
      threshold: 0.5,
      kind: 'min' as const,
    },
    {
      name: 'Distinctness between platforms (lowest pair)',
      value: round(Math.min(...platformDistinct)),
      threshold: 0.15,
      kind: 'min' as const,
    },
    {
      name: 'Distinctness between tones (mean)',
      value: round(mean(toneDistinct)),
      threshold: 0.6,
      kind: 'min' as const,
    },
    {
      name: 'Distinctness between tones (lowest pair)',
      value: round(Math.min(...toneDistinct)),
      threshold: 0.3,
      kind: 'min' as const,
    },
    {
      name: "Posts in their platform's shape",
      value: round(mean(posts.map((post) => (hasShape(post) ? 1 : 0)))),
      threshold: 0.95,
      kind: 'min' as const,
      unit: 'share',
    },
    {
      name: "Posts within their platform's length limit",
      value: round(mean(posts.map((post) => (within(post) ? 1 : 0)))),
      threshold: 1,
      kind: 'min' as const,
      unit: 'share',
    },
  ];
  const sample = (topic: string, platform: SocialPlatform, tone: SocialTone) => {
    const post = find(topic, platform, tone);
    return { title: `${platform}, ${tone}`, input: topic, output: composePostText(post.content, post.hashtags) };
  };
  const samples = [
    sample(CORPUS[0].topic, 'twitter', 'professional'),
    sample(CORPUS[0].topic, 'linkedin', 'professional'),
    sample(CORPUS[3].topic, 'instagram', 'enthusiastic'),
    sample(CORPUS[4].topic, 'facebook', 'casual'),
    sample(CORPUS[9].topic, 'twitter', 'humorous'),
  ];
  const result = {
    task: 'social',
    title: 'Social posts',
    engine: process.env.AI_BASE_URL ? 'model' : 'offline',
    measures,
    samples,
    details: posts
      .map((post, index) => ({ ...post, issues: issues[index], invalidHashtags: hashtagCounts[index].invalid }))
      .filter((post) => post.issues.length || post.invalidHashtags.length || truncated(post)),
  };
  const dir = join(__dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'social.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (process.env.EVAL_DEBUG) {
    const worst = CORPUS.flatMap(({ topic }) =>
      SOCIAL_PLATFORMS.flatMap((platform) =>
        pairs(SOCIAL_TONES).map(([a, b]) => ({
          topic,
          platform,
          a,
          b,
          d: distinctness(find(topic, platform, a).content, find(topic, platform, b).content),
        })),
      ),
    ).sort((x, y) => x.d - y.d);
    console.log(worst.slice(0, 5));
  }
  for (const measure of measures) {
    const pass = measure.kind === 'min' ? measure.value >= measure.threshold : measure.value <= measure.threshold;
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${measure.name}: ${measure.value} (${measure.kind} ${measure.threshold})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
