/**
 * Issue 25's evaluation of social posts: a fixed corpus of topics × the four platforms × the five
 * tones, written by the offline engine (or the model, with AI_BASE_URL), measured automatically:
 * grammar issues (retext + house checks for a topic pasted into a frame it breaks), mid-sentence
 * truncation, hashtag validity (real key phrases of the topic), distinctness between platforms and
 * between tones, each platform's shape and its length limit. Writes eval/results/social.json.
 *
 * Run: npm run eval:ai -- social (or, alone: npx node -r ./apps/api/test/swc-register.cjs eval/tasks/social.eval.ts)
 */
import {
  composePostText,
  SOCIAL_LENGTH_LIMITS,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  SOCIAL_TONES,
  type SocialPlatform,
  type SocialTone,
} from '@aide/contracts';
import { registerSocialTemplates, writeSocialPost } from '../../apps/api/src/social/social-writer';
import { evalAi } from '../lib/ai';
import { distinctness, ellipses, grammarIssues, sentenceCount, validHashtag } from '../lib/measures';
import { round, writeResult } from '../lib/result';

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

/** Frames a topic clause breaks: "on our garden opens…", "about the city is answering…". */
const FRAME_WORDS = /\b(on|about|of|for|with|to|into|regarding|overview:|talk about)\s*$/iu;

/**
 * Grammar issues of one post: the shared checks (retext and the house rules) on the whole post as
 * published, plus this task's own: a sentence-like topic pasted after a preposition ("thoughts on
 * our community garden opens…") or used as a subject ("…opens a workshop is one of those topics").
 */
async function grammarIssuesOf(post: Post): Promise<string[]> {
  const issues = (await grammarIssues(composePostText(post.content, post.hashtags))).map(
    (issue) => `${issue.rule}: ${issue.message} (${issue.where})`,
  );
  const bare = post.topic.trim().replace(/[.!?]+$/u, '');
  const at = post.content.toLowerCase().indexOf(bare.toLowerCase());
  if ((post.kind === 'statement' || post.kind === 'question') && at >= 0) {
    if (FRAME_WORDS.test(post.content.slice(0, at))) issues.push('frame: a sentence pasted into a noun-phrase frame');
    if (/^\s*(is|are|was)\b/iu.test(post.content.slice(at + bare.length)))
      issues.push('frame: a sentence used as a subject');
  }
  if (/[:;]\s[^.!?\n]*:\s/u.test(post.content)) issues.push('frame: two colons in one sentence');
  return issues;
}

/** A cut: an ellipsis anywhere in the text, or an X post that does not end a sentence. */
function truncated(post: Post): boolean {
  if (ellipses(post.content) > 0) return true;
  // An X post must end its thought: a closing mark, or an emoji after one.
  if (post.platform !== 'twitter') return false;
  const end = post.content.trim().replace(/[\s\p{Extended_Pictographic}\u{FE0F}\u{200D}]+$/u, '');
  return !/[.!?)]$/u.test(end);
}

/**
 * A hashtag is valid when a person would write it (validHashtag: CamelCase, a noun phrase, not
 * "#CityAnsweringQuestions") and it is a run of the topic's own words ("#HostingBill" of "our
 * hosting bill"), so nothing is invented.
 */
function validHashtags(post: Post): { valid: number; total: number; invalid: string[] } {
  // Every run of the topic's words, joined as a hashtag joins them ("hosting bill" → "hostingbill").
  const words = post.topic.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const runs = new Set(
    words.flatMap((_, start) => words.slice(start).map((__, end) => words.slice(start, start + end + 1).join(''))),
  );
  const ofTopic = (tag: string) => runs.has(tag.toLowerCase());
  const invalid = post.hashtags.filter(
    (tag) => !validHashtag(`#${tag.replace(/^#/, '')}`) || !ofTopic(tag.replace(/^#/, '')),
  );
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

async function main() {
  const { ai } = evalAi();
  registerSocialTemplates(ai);
  const posts = written;
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

  const issues = await Promise.all(posts.map(grammarIssuesOf));
  const sentences = posts.reduce((sum, post) => sum + sentenceCount(post.content), 0);
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
  const share = (count: number, of: number) => round((100 * count) / Math.max(1, of), 1);
  const issueCount = issues.reduce((sum, list) => sum + list.length, 0);
  await writeResult({
    task: 'social',
    title: 'Social posts',
    corpus: `${CORPUS.length} topics (the issue's community garden and city-answering examples, noun phrases, a wh-clause, a question, a statement of two sentences) × ${SOCIAL_PLATFORMS.length} platforms × ${SOCIAL_TONES.length} tones = ${posts.length} posts, through writeSocialPost.`,
    measures: [
      {
        name: 'posts not written (the schema rejected the answer)',
        value: failed,
        kind: 'max',
        threshold: 0,
        unit: 'count',
        note: 'Only a model can fail here: the platform schema (socialPostSchemaFor) re-asks, then gives up.',
      },
      {
        name: 'grammar issues per 100 sentences',
        value: share(issueCount, sentences),
        kind: 'max',
        threshold: 1,
        note: 'retext and the house rules on the post as published, plus a sentence-like topic pasted into a noun-phrase frame or used as a subject, and two colons in one sentence.',
      },
      {
        name: 'posts with a grammar issue',
        value: share(issues.filter((list) => list.length).length, posts.length),
        kind: 'max',
        threshold: 2,
        unit: '%',
      },
      {
        name: 'cut posts (an ellipsis, or an X post not ending its sentence)',
        value: posts.filter(truncated).length,
        kind: 'max',
        threshold: 0,
        unit: 'count',
      },
      {
        name: 'valid hashtags',
        value: share(validTags, totalTags),
        kind: 'min',
        threshold: 95,
        unit: '%',
        note: "validHashtag (CamelCase, a noun phrase, not a clause) and a run of the topic's own words.",
      },
      {
        name: 'posts with at least 3 hashtags',
        value: share(posts.filter((post) => post.hashtags.length >= 3).length, posts.length),
        kind: 'min',
        threshold: 80,
        unit: '%',
      },
      {
        name: 'distinctness between platforms, mean',
        value: round(mean(platformDistinct)),
        kind: 'min',
        threshold: 0.6,
        note: 'distinctness (1 − Jaccard of word trigrams) of every two platforms for the same topic and tone.',
      },
      {
        name: 'distinctness between platforms, lowest pair',
        value: round(Math.min(...platformDistinct)),
        kind: 'min',
        threshold: 0.2,
      },
      {
        name: 'distinctness between tones, mean',
        value: round(mean(toneDistinct)),
        kind: 'min',
        threshold: 0.7,
        note: 'Every two tones for the same topic and platform.',
      },
      {
        name: 'distinctness between tones, lowest pair',
        value: round(Math.min(...toneDistinct)),
        kind: 'min',
        threshold: 0.45,
      },
      {
        name: "posts in their platform's shape",
        value: share(posts.filter(hasShape).length, posts.length),
        kind: 'min',
        threshold: 95,
        unit: '%',
        note: 'X one paragraph with hashtags; LinkedIn a hook, 2–3 paragraphs and a closing question; Instagram a caption and 3+ hashtags; Facebook a question.',
      },
      {
        name: "posts within their platform's length limit",
        value: share(posts.filter(within).length, posts.length),
        kind: 'min',
        threshold: 100,
        unit: '%',
      },
    ],
    samples: [
      sample(CORPUS[0].topic, 'twitter', 'professional'),
      sample(CORPUS[0].topic, 'linkedin', 'professional'),
      sample(CORPUS[3].topic, 'instagram', 'enthusiastic'),
      sample(CORPUS[4].topic, 'facebook', 'casual'),
      sample(CORPUS[1].topic, 'twitter', 'humorous'),
      sample(CORPUS[9].topic, 'linkedin', 'informative'),
    ],
  });
  if (process.env.EVAL_DEBUG)
    for (const [index, post] of posts.entries())
      if (issues[index].length || hashtagCounts[index].invalid.length || truncated(post))
        console.log(
          `${post.platform}/${post.tone} ${JSON.stringify(post.content)}`,
          issues[index],
          hashtagCounts[index].invalid,
        );
}

function sample(topic: string, platform: SocialPlatform, tone: SocialTone) {
  const post = written.find((one) => one.topic === topic && one.platform === platform && one.tone === tone)!;
  return {
    title: `${SOCIAL_PLATFORM_LABELS[platform]}, ${tone}`,
    input: topic,
    output: composePostText(post.content, post.hashtags),
  };
}

/** Every post written this run (for the samples). */
const written: Post[] = [];

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
