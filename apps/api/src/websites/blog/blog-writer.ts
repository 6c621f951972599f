import { z } from 'zod';
import type { AiService } from '../../ai/ai.service';
import { keyPhrases, sentencesOf, taggedTokensOf } from '../../ai/text/phrases';
import type { BlogMaterial } from './blog-material';

export const BLOG_POST_TASK = 'website.blog';

export interface BlogPostInput {
  topic: string;
  keywords: string[];
  /** The site it is for (its name), so a model can match its voice. */
  site: string;
  /** What the post may say: the site's own pages and the person's reports and documents on the topic (blog-material.ts). */
  material?: BlogMaterial[];
}

export const writtenBlogPostSchema = z.object({
  title: z.string().trim().min(1),
  /** Markdown. */
  content: z.string().trim().min(1),
});
export type WrittenBlogPost = z.infer<typeof writtenBlogPostSchema>;

const TITLE_MAX = 300;
/** Sentences per section, and in the introduction. */
const SECTION_SENTENCES = 3;
const INTRO_SENTENCES = 2;
/** A sentence a reader would keep: not a fragment, not a wall of text. */
const SENTENCE_WORDS = { min: 7, max: 45 } as const;

const INSTRUCTIONS = [
  'Write a blog post in Markdown for the website about the topic, built around the keywords, from the material given (the author’s research reports and documents).',
  'title: a clear headline of at most 80 characters. content: an introduction, then one "## " section per keyword that uses the keyword, then a short conclusion, then "## Sources" listing what you cited; do not repeat the title as a heading.',
  'Every fact must come from the material and carry its citation [n] (n: the reference numbers given with the material). Do not invent facts, figures, quotes, names, dates or links; no placeholders in brackets.',
  'When the material says nothing on a keyword, leave that section out and end with one sentence in italics telling the author which keywords still need material.',
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
/** A topic inside a sentence: "Home composting" → "home composting"; names and acronyms keep their capitals ("Python tips", "SEO basics"). */
function inSentence(subject: string): string {
  const [first] = taggedTokensOf(subject);
  // A title's first word is often tagged a name for its capital: a gerund ("Pricing …") is not one.
  const name = first?.pos === 'PROPN' && !/^\p{Lu}\p{Ll}+ing$/u.test(first.text);
  if (!first || name || /^\p{Lu}{2,}/u.test(first.text)) return subject;
  return subject.charAt(0).toLowerCase() + subject.slice(1);
}

/** One reference of the post: a web page a report cited, or the report or document itself. */
interface Reference {
  label: string;
  url: string | null;
}

interface Candidate {
  /** The sentence without the report's own [n] markers. */
  text: string;
  /** Where it came from (an index into the material). */
  material: number;
  /** The reference it cites: the page behind the report's [n], else the material itself. */
  reference: Reference;
  lower: string;
}

/** Every usable sentence of the material, with what it cites. */
function candidatesOf(material: readonly BlogMaterial[]): Candidate[] {
  const candidates: Candidate[] = [];
  material.forEach((item, index) => {
    for (const raw of item.text.split(/\n{2,}/).flatMap((paragraph) => sentencesOf(paragraph.replace(/\s+/g, ' ')))) {
      const cited = /\[(\d+)\]/.exec(raw);
      const text = raw
        .replace(/\s*\[\d+(?:[,–-]\s*\d+)*\]/g, '')
        .replace(/\s+([.!?])/g, '$1')
        .trim();
      const words = text.split(/\s+/).length;
      if (words < SENTENCE_WORDS.min || words > SENTENCE_WORDS.max) continue;
      // Whole sentences only: opening with a capital, closing with a full stop (no questions, no fragments).
      if (!/^[\p{Lu}\p{N}"“]/u.test(text) || !/[.!]["”]?$/.test(text)) continue;
      const source = cited ? item.sources.find((s) => s.number === Number(cited[1])) : undefined;
      const reference: Reference = source
        ? {
            label: source.site ? `${source.title} (${source.site})` : source.title,
            url: source.url.startsWith('http') ? source.url : null,
          }
        : item.kind === 'page'
          ? { label: item.title, url: item.url ?? null }
          : { label: item.kind === 'report' ? `Research report: ${item.title}` : `Notes: ${item.title}`, url: null };
      candidates.push({ text, material: index, reference, lower: text.toLowerCase() });
    }
  });
  return candidates;
}

/** A phrase's words (plural "s" off), to find it in a sentence whatever its number. */
const stems = (phrase: string) =>
  phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2)
    .map((word) => word.replace(/(?<=\w{3})s$/, ''));
const covers = (candidate: Candidate, phrase: string) => stems(phrase).every((stem) => candidate.lower.includes(stem));

/**
 * Up to `count` sentences on `phrase`, taken in turn from different materials (diversity before
 * depth), skipping sentences already used.
 */
function pick(candidates: Candidate[], phrase: string, count: number, used: Set<Candidate>): Candidate[] {
  const matching = candidates.filter((candidate) => !used.has(candidate) && covers(candidate, phrase));
  const byMaterial = new Map<number, Candidate[]>();
  for (const candidate of matching)
    byMaterial.set(candidate.material, [...(byMaterial.get(candidate.material) ?? []), candidate]);
  const picked: Candidate[] = [];
  while (picked.length < count && [...byMaterial.values()].some((list) => list.length > 0))
    for (const list of byMaterial.values()) {
      const next = list.shift();
      if (next && picked.length < count) picked.push(next);
    }
  for (const candidate of picked) used.add(candidate);
  return picked;
}

/**
 * The offline engine's answer for 'website.blog' (issue 25): a draft written only from the
 * material: an introduction from the sentences on the topic, a section per keyword from the
 * sentences on it (across sources, each cited [n]), a conclusion naming what the post covered, and
 * the sources. A keyword the material says nothing about gets no invented section: a closing note
 * tells the author. Without material, a short honest note instead of a skeleton with placeholders.
 */
export function offlineBlogPost(input: BlogPostInput): WrittenBlogPost {
  const subject = subjectOf(input.topic);
  const material = input.material ?? [];
  const keywords = input.keywords.length
    ? input.keywords
    : keyPhrases(subject, 4)
        .map((p) => p.phrase)
        .filter((phrase) => phrase.toLowerCase() !== subject.toLowerCase());
  const title = upperFirst(subject);
  const candidates = candidatesOf(material);
  if (candidates.length === 0)
    return {
      title,
      content: [
        `This draft on ${inSentence(subject)} has no material yet: none of your research reports or documents mention it, and the offline writer only writes what your own material says.`,
        '',
        `*Run a research report on ${inSentence(subject)}, or upload your notes on it to Documents, then write the post again${keywords.length ? `; it will have a section on ${listOf(keywords)}` : ''}.*`,
      ].join('\n'),
    };

  const references: Reference[] = [];
  const cite = (reference: Reference) => {
    let index = references.findIndex((r) => r.label === reference.label && r.url === reference.url);
    if (index < 0) index = references.push(reference) - 1;
    return `[${index + 1}]`;
  };
  const paragraph = (picked: Candidate[]) =>
    picked.map((c) => `${c.text.replace(/([.!])(["”]?)$/, ` ${cite(c.reference)}$1$2`)}`).join(' ');

  const used = new Set<Candidate>();
  // Sections choose first (a keyword's only sentence is never spent on the introduction); the
  // introduction takes what is left on the topic. Cited in reading order, introduction first.
  const picks = keywords.map((keyword) => ({ keyword, picked: pick(candidates, keyword, SECTION_SENTENCES, used) }));
  const topicWords = keyPhrases(subject, 3).map((p) => p.phrase);
  const intro = pick(candidates, topicWords[0] ?? subject, INTRO_SENTENCES, used);
  const covered = picks.filter(({ picked }) => picked.length > 0).map(({ keyword }) => keyword);
  const missing = picks.filter(({ picked }) => picked.length === 0).map(({ keyword }) => keyword);
  // The material's own sentences on the topic when some are left; else a plain framing of what follows.
  const introText = intro.length
    ? paragraph(intro)
    : `This post looks at ${inSentence(subject)} through ${listOf(covered.map((k) => k.toLowerCase()))}, with its sources listed at the end.`;
  const sections = picks
    .filter(({ picked }) => picked.length > 0)
    .map(({ keyword, picked }) => ({ keyword, text: paragraph(picked) }));
  const lines = [
    introText,
    '',
    ...sections.flatMap(({ keyword, text }) => [`## ${upperFirst(keyword)}`, '', text, '']),
    '## In summary',
    '',
    covered.length
      ? `This post covered ${listOf(covered)}, drawing on the ${references.length === 1 ? 'source' : `${references.length} sources`} listed below.`
      : `The sources below are where to read more about ${inSentence(subject)}.`,
    '',
    '## Sources',
    '',
    ...references.map((r, i) => `${i + 1}. ${r.url ? `[${r.label}](${r.url})` : r.label}`),
  ];
  if (missing.length)
    lines.push(
      '',
      `*Note for the author: your reports and documents say nothing yet about ${listOf(missing)}, so this draft has no section on ${missing.length > 1 ? 'them' : 'it'}.*`,
    );
  return { title, content: lines.join('\n') };
}

/**
 * Makes any writer's answer a post the site can take: the title on one line within TITLE_MAX, a
 * leading '# title' heading dropped (WordPress shows the title itself), and, for keywords the text
 * does not mention, a closing note to the author naming them (never a placeholder section).
 */
export function fitBlogPost(written: WrittenBlogPost, input: BlogPostInput): WrittenBlogPost {
  const title = written.title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^#+\s*/, '')
    .slice(0, TITLE_MAX);
  let content = written.content.trim().replace(/^#\s+[^\n]*\n+/, '');
  const missing = input.keywords.filter((keyword) => !mentions(`${title}\n${content}`, keyword));
  if (missing.length && !/note for the author/i.test(content))
    content = `${content}\n\n*Note for the author: this draft does not cover ${listOf(missing)} yet.*`;
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
