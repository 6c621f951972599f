/**
 * Research reports (issue 25): every corpus topic goes through the pipeline's own stages — plan,
 * read local pages with the real page reader, score, write, suggest tags — on the offline engine
 * (or the model when AI_BASE_URL is set), and the reports are measured:
 * - facet coverage: of the facets some read page covers, the share a cited sentence answers;
 * - uncovered facets named: of the facets no page covers, the share the report says it could not answer;
 * - citation validity: the share of cited sentences whose words are in a source they cite;
 * - source diversity: the share of the kept sources the report cites; and sections where three or
 *   more sentences come from one page while another page was cited nowhere in that section;
 * - grammar issues (eval/lib/measures: retext and the house checks) and malformed headings;
 * - length vs material: a short note (≤ 450 words) from 2–3 pages, 600–1,500 words from 8;
 * - tags: a multi-word key phrase split into single-word tags ("#heat #pumps"), or a tag cut out of
 *   one of the topic's phrases ("heat" from "heat pumps", "climate air" from "cold-climate air-source").
 * Usage: npm run eval:ai -- research (EVAL_SHOW_SAMPLES=1, EVAL_SHOW_ISSUES=1 print more).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundPolicy } from '../../apps/api/src/outbound/outbound-policy';
import { scoreSources } from '../../apps/api/src/research/pipeline/credibility';
import { PageReader } from '../../apps/api/src/research/pipeline/page-reader/page-reader';
import type { RetrievedSource } from '../../apps/api/src/research/pipeline/pipeline.types';
import {
  registerResearchTemplates,
  suggestTags,
  writeReport,
} from '../../apps/api/src/research/pipeline/report-writer';
import { planResearch } from '../../apps/api/src/research/pipeline/research-planner';
import { startResearchWeb } from '../../apps/api/test/research-web';
import { evalAi } from '../lib/ai';
import { grammarIssues, wordCount } from '../lib/measures';
import { type EvalMeasure, type EvalSample, round, writeResult } from '../lib/result';
import { CORPUS_PAGES, CORPUS_TOPICS, type CorpusTopic } from './research.corpus';

const TASK = 'research';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The corpus pages on 127.0.0.1, as ordinary article pages with navigation and a footer. */
async function startCorpusWeb(): Promise<{ origin: string; close: () => Promise<void> }> {
  const byPath = new Map(CORPUS_PAGES.map((p) => [p.path, p]));
  const server = http.createServer((request, response) => {
    const page = byPath.get(new URL(request.url ?? '/', 'http://corpus').pathname);
    if (!page) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>
${page.author ? `<meta name="author" content="${escapeHtml(page.author)}">` : ''}</head>
<body><header><nav><a href="/">Home</a> · <a href="/about">About</a></nav></header>
<main><article><h1>${escapeHtml(page.title)}</h1>
${page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</article></main><footer><p>© Corpus Web. All rights reserved.</p></footer></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- Measuring one report ----

const wordsIn = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,-]*/gu) ?? [];
const norm = (word: string) => word.toLowerCase().replace(/[.,'’]+$/, '');
/** Words a sentence takes from its source (function words and numbers' punctuation aside). */
const contentWords = (text: string) =>
  wordsIn(text)
    .map(norm)
    .filter((w) => w.length > 3);
const mentions = (text: string, word: string) =>
  new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu').test(text);

interface CitedSentence {
  text: string;
  numbers: number[];
  section: string;
}

/** The report's body split into cited sentences: each paragraph's markers cite all its sentences. */
function citedSentences(body: string): CitedSentence[] {
  const out: CitedSentence[] = [];
  let section = '';
  for (const block of body.split(/\n{2,}/)) {
    const line = block.trim();
    if (line.startsWith('## ')) {
      section = line.slice(3);
      continue;
    }
    // A paragraph, or a summary line of several "text [n]" pieces.
    for (const piece of line.matchAll(/([^[\]]+?)\s*((?:\[\d+\])+)/g)) {
      const numbers = [...piece[2].matchAll(/\d+/g)].map((m) => Number(m[0]));
      for (const sentence of piece[1].split(/(?<=[.!?])\s+(?=[A-Z0-9“"])/)) {
        if (sentence.trim()) out.push({ text: sentence.trim(), numbers, section });
      }
    }
  }
  return out;
}

interface RunResult {
  topic: CorpusTopic;
  pagesRead: number;
  kept: number;
  content: string;
  tags: string[];
  sourceTexts: string[];
  /** Every page read, kept or not. */
  readTexts: string[];
  cited: number;
}

interface Tally {
  facetsCoverable: number;
  facetsAnswered: number;
  facetsUncoverable: number;
  /** Facets two or more read pages speak of, and of those, the ones the report cites two or more pages on. */
  facetsMultiPage: number;
  facetsMultiCited: number;
  facetsNamedUncovered: number;
  sentences: number;
  validSentences: number;
  citedShare: number[];
  lopsidedSections: number;
  grammarIssues: number;
  headingIssues: number;
  lengthFits: number;
  splitTags: number;
  cutTags: number;
}

const HEADING_PROBLEMS: [RegExp, string][] = [
  [/^(what|how|why|who|where|when)\b.*:.*\?$/i, 'a question wrapping a titled topic'],
  [/^what (is|are) \p{Lu}/u, 'a capital in the middle of a question'],
  [/\?.*\?/, 'two questions'],
];

async function measureReport(run: RunResult, tally: Tally) {
  const body = run.content.split(/^## Sources\s*$/m)[0];
  const sentences = citedSentences(body);
  const uncited = body
    .split('\n')
    .filter((line) => !/\[\d+\]/.test(line) && !line.startsWith('#'))
    .join('\n');

  for (const facet of run.topic.facets) {
    const about = (text: string) => facet.words.some((w) => mentions(text, w));
    // The read pages' sentences on the facet, and the pages they are on.
    const onFacet = run.readTexts.flatMap((text, page) =>
      text
        .split(/(?<=[.!?])\s+/)
        .filter(about)
        .map(() => page),
    );
    if (onFacet.length > 0) {
      tally.facetsCoverable++;
      // Answered: at least two cited sentences on it when the pages hold two or more.
      const cited = sentences.filter((s) => about(s.text));
      if (cited.length >= Math.min(2, onFacet.length)) tally.facetsAnswered++;
      else if (process.env.EVAL_SHOW_ISSUES) console.log(`unanswered: ${run.topic.topic} / ${facet.name}`);
      if (new Set(onFacet).size >= 2) {
        tally.facetsMultiPage++;
        if (new Set(cited.flatMap((s) => s.numbers)).size >= 2) tally.facetsMultiCited++;
      }
    } else {
      tally.facetsUncoverable++;
      if (mentions(uncited, facet.name)) tally.facetsNamedUncovered++;
    }
  }

  for (const sentence of sentences) {
    tally.sentences++;
    const words = contentWords(sentence.text);
    const ok = sentence.numbers.some((n) => {
      const source = run.sourceTexts[n - 1];
      if (!source) return false;
      const sourceWords = new Set(contentWords(source));
      return words.filter((w) => sourceWords.has(w)).length >= 0.9 * words.length;
    });
    if (ok) tally.validSentences++;
  }

  tally.citedShare.push(run.kept ? run.cited / run.kept : 0);
  const sections = new Map<string, CitedSentence[]>();
  for (const s of sentences) sections.set(s.section, [...(sections.get(s.section) ?? []), s]);
  for (const list of sections.values()) {
    const per = new Map<number, number>();
    for (const s of list) for (const n of s.numbers) per.set(n, (per.get(n) ?? 0) + 1);
    if ([...per.values()].some((count) => count >= 3) && run.kept > 1) tally.lopsidedSections++;
  }

  const headings = body
    .split('\n')
    .filter((l) => l.startsWith('## '))
    .map((l) => l.slice(3));
  for (const heading of headings) if (HEADING_PROBLEMS.some(([re]) => re.test(heading))) tally.headingIssues++;
  const prose = body
    .replace(/^## .*$/gm, '')
    .replace(/\s*\[\d+\]/g, '')
    .replace(/^_|_$/gm, '');
  // The house checker on the report's prose, headings included (as lines of their own).
  const issues = await grammarIssues(body.replace(/\s*\[\d+\]/g, '').replace(/^_|_$/gm, ''));
  if (process.env.EVAL_SHOW_ISSUES) for (const i of issues) console.log(`grammar: ${i.rule} ${i.message} — ${i.where}`);
  tally.grammarIssues += issues.length;

  const words = wordCount(prose);
  const fits = run.pagesRead >= 8 ? words >= 600 && words <= 1500 : words >= 40 && words <= 450;
  if (fits) tally.lengthFits++;

  // A tag cut out of one of the topic's phrases: "heat" from "heat pumps", "climate air" from "cold-climate air-source".
  const wordsOf = (text: string) => text.toLowerCase().replace(/-/g, ' ').split(/\s+/).filter(Boolean);
  const topicWords = wordsOf(run.topic.topic.replace(/([,:;])/g, ' $1 '));
  const boundary = (word: string | undefined) => word === undefined || /^([,:;]|and|or|of|in|for|the|a|an)$/.test(word);
  for (const tag of run.tags) {
    const tagWords = wordsOf(tag);
    for (let i = 0; i + tagWords.length <= topicWords.length; i++) {
      if (tagWords.some((w, j) => topicWords[i + j] !== w)) continue;
      if (!boundary(topicWords[i - 1]) || !boundary(topicWords[i + tagWords.length])) tally.cutTags++;
      break;
    }
  }
  const single = run.tags.filter((t) => !t.includes(' '));
  const lower = body.toLowerCase();
  for (const a of single)
    if (single.some((b) => b !== a && (lower.includes(`${a} ${b}`) || lower.includes(`${b} ${a}`)))) tally.splitTags++;
  return words;
}

async function main() {
  const { ai } = evalAi();
  registerResearchTemplates(ai);
  const reader = new PageReader({ timeoutMs: 5_000, policy: new OutboundPolicy('true') });
  const corpusWeb = await startCorpusWeb();
  const researchWeb = await startResearchWeb({ slowDelayMs: 1 });
  const tally: Tally = {
    facetsCoverable: 0,
    facetsAnswered: 0,
    facetsUncoverable: 0,
    facetsMultiPage: 0,
    facetsMultiCited: 0,
    facetsNamedUncovered: 0,
    sentences: 0,
    validSentences: 0,
    citedShare: [],
    lopsidedSections: 0,
    grammarIssues: 0,
    headingIssues: 0,
    lengthFits: 0,
    splitTags: 0,
    cutTags: 0,
  };
  const samples: EvalSample[] = [];
  try {
    for (const topic of CORPUS_TOPICS) {
      const urls =
        topic.pages === 'research-web'
          ? [researchWeb.urls.strong, researchWeb.urls.decent, researchWeb.urls.thin, researchWeb.urls.offTopic]
          : topic.pages.map((p) => `${corpusWeb.origin}${p}`);
      const subQuestions = await planResearch(ai, topic.topic);
      const retrieved: RetrievedSource[] = [];
      for (const url of urls) {
        const outcome = await reader.read(url);
        if (!outcome.ok) throw new Error(`could not read ${url}: ${outcome.reason}`);
        const { page } = outcome;
        retrieved.push({
          kind: 'web',
          title: page.title,
          url: page.url,
          author: page.author,
          publishedAt: page.publishedAt,
          text: page.text,
        });
      }
      const scored = scoreSources(topic.topic, subQuestions, retrieved, new Date('2026-11-26T00:00:00Z'));
      const written = await writeReport(ai, { topic: topic.topic, subQuestions, sources: scored, webSearchOff: false });
      const text = `${written.summary}\n${written.content.split(/^## Sources\s*$/m)[0]}`;
      const tags = await suggestTags(ai, text, topic.topic);
      const run: RunResult = {
        topic,
        pagesRead: retrieved.length,
        kept: scored.length,
        content: written.content,
        tags,
        sourceTexts: written.citedSources.map((s) => s.text),
        readTexts: retrieved.map((r) => r.text),
        cited: written.citedSources.length,
      };
      const words = await measureReport(run, tally);
      console.log(
        `${topic.topic}: ${retrieved.length} pages read, ${scored.length} kept, ${run.cited} cited, ${words} words, tags ${tags.join(', ')}`,
      );
      samples.push({
        title: `${topic.topic} (${retrieved.length} pages)`,
        input: `${topic.topic}\nPages: ${retrieved.map((r) => r.title).join('; ')}`,
        output: `${written.content}\nTags: ${tags.map((t) => `#${t}`).join(' ')}`,
      });
    }
  } finally {
    await corpusWeb.close();
    await researchWeb.close();
  }

  const share = (a: number, b: number) => (b ? round(a / b) : 1);
  const measures: EvalMeasure[] = [
    {
      name: 'Facets answered (of those a page covers)',
      value: share(tally.facetsAnswered, tally.facetsCoverable),
      threshold: 0.95,
      kind: 'min',
    },
    {
      name: 'Facets no page covers that the report names',
      value: share(tally.facetsNamedUncovered, tally.facetsUncoverable),
      threshold: 1,
      kind: 'min',
    },
    {
      name: 'Cited sentences found in a cited source',
      value: share(tally.validSentences, tally.sentences),
      threshold: 0.98,
      kind: 'min',
    },
    {
      name: 'Facets two pages speak of, answered from two or more',
      value: share(tally.facetsMultiCited, tally.facetsMultiPage),
      threshold: 0.9,
      kind: 'min',
    },
    {
      name: 'Kept sources cited (mean share)',
      value: share(
        tally.citedShare.reduce((a, b) => a + b, 0),
        tally.citedShare.length,
      ),
      threshold: 0.95,
      kind: 'min',
    },
    { name: 'Sections with 3+ sentences from one page', value: tally.lopsidedSections, threshold: 0, kind: 'max' },
    { name: 'Grammar issues (retext and house checks)', value: tally.grammarIssues, threshold: 0, kind: 'max' },
    { name: 'Malformed headings', value: tally.headingIssues, threshold: 0, kind: 'max' },
    {
      name: 'Reports whose length follows the material',
      value: share(tally.lengthFits, CORPUS_TOPICS.length),
      threshold: 1,
      kind: 'min',
    },
    { name: 'Key phrases split into single-word tags', value: tally.splitTags, threshold: 0, kind: 'max' },
    { name: 'Tags cut out of a phrase of the topic', value: tally.cutTags, threshold: 0, kind: 'max' },
  ];
  await writeResult({
    task: TASK,
    title: 'Research reports',
    corpus: `${CORPUS_TOPICS.length} topics (the issue's heat pumps and cold-climate heat pumps, the e2e's urban heat islands, sourdough, remote work, community composting), ${CORPUS_PAGES.length + 4} local pages read with the app's page reader; 2 to 8 pages a topic, one facet with no page.`,
    measures,
    samples: samples.slice(0, 3),
  });
  if (process.env.EVAL_SHOW_SAMPLES) for (const s of samples) console.log(`\n===== ${s.title}\n${s.output}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
