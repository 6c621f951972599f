import { z } from 'zod';
import type { AiService } from '../../ai/ai.service';

export const BLOG_POST_TASK = 'website.blog';

export interface BlogPostInput {
  topic: string;
  keywords: string[];
  /** The site it is for (its name), so a model can match its voice. */
  site: string;
}

export const writtenBlogPostSchema = z.object({
  title: z.string().trim().min(1),
  /** Markdown. */
  content: z.string().trim().min(1),
});
export type WrittenBlogPost = z.infer<typeof writtenBlogPostSchema>;

const TITLE_MAX = 300;

const INSTRUCTIONS = [
  'Write a blog post in Markdown for the website about the topic, built around the keywords.',
  'title: a clear headline of at most 80 characters. content: an introduction, then one "## " section per keyword that uses the keyword, then a short conclusion; do not repeat the title as a heading.',
  'Do not invent facts, figures, statistics, quotes, names, dates, links or customer stories; where the author should add specifics, say so in brackets.',
].join(' ');

const upperFirst = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);
const subjectOf = (topic: string) =>
  topic
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?;:,\s]+$/u, '');
const listOf = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const mentions = (text: string, keyword: string) => text.toLowerCase().includes(keyword.toLowerCase());

/** The offline template's section for a keyword: a structure to fill in, stating nothing about the keyword as fact. */
function keywordSection(keyword: string, subject: string): string {
  return [
    `## ${upperFirst(keyword)}`,
    '',
    `How does ${keyword} relate to ${subject}? This section explains ${keyword} for readers who are new to it, and why it is worth their attention.`,
    '',
    `- What ${keyword} means in the context of ${subject}`,
    `- Where ${keyword} makes a difference for your readers`,
    `- One practical step readers can take with ${keyword}`,
    '',
    '[Add your own example or experience here.]',
  ].join('\n');
}

/** The offline engine's answer for 'website.blog': a title from the topic, an introduction, a section per keyword and a conclusion. */
export function offlineBlogPost(input: BlogPostInput): WrittenBlogPost {
  const subject = subjectOf(input.topic);
  const keywords = input.keywords.length ? input.keywords : [subject];
  const content = [
    `${upperFirst(subject)} is the subject of this post. It looks at it through ${keywords.length === 1 ? 'one angle' : 'these angles'}: ${listOf(keywords)}.`,
    '',
    ...keywords.flatMap((keyword) => [keywordSection(keyword, subject), '']),
    '## In summary',
    '',
    `${upperFirst(listOf(keywords))} each shape how we think about ${subject}. Which of them matters most to you? Share your thoughts in the comments.`,
  ].join('\n');
  return { title: upperFirst(subject), content };
}

/**
 * Makes any writer's answer a post the site can take: the title on one line within TITLE_MAX, a
 * leading '# title' heading dropped (WordPress shows the title itself), and a template section for
 * any keyword the text does not mention, so every keyword the user asked for is in the post.
 */
export function fitBlogPost(written: WrittenBlogPost, input: BlogPostInput): WrittenBlogPost {
  const title = written.title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^#+\s*/, '')
    .slice(0, TITLE_MAX);
  let content = written.content.trim().replace(/^#\s+[^\n]*\n+/, '');
  const missing = input.keywords.filter((keyword) => !mentions(`${title}\n${content}`, keyword));
  if (missing.length)
    content = [content, ...missing.map((keyword) => keywordSection(keyword, subjectOf(input.topic)))].join('\n\n');
  return { title, content };
}

export async function writeBlogPost(
  ai: AiService,
  input: BlogPostInput,
  signal?: AbortSignal,
): Promise<WrittenBlogPost & { method: string }> {
  const { value, method } = await ai.generateWithMethod(BLOG_POST_TASK, input, writtenBlogPostSchema, {
    instructions: INSTRUCTIONS,
    signal,
  });
  return { ...fitBlogPost(value, input), method };
}

export function registerBlogTemplates(ai: AiService): void {
  ai.registerTemplate(BLOG_POST_TASK, (input) => offlineBlogPost(input as BlogPostInput));
}
