import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AiNoTemplateError, AiOutputError } from './ai.errors';
import { OfflineProvider } from './offline/offline.provider';
import { OfflineTemplates } from './offline/templates';
import { countWords, splitSentences } from './text/sentences';
import { STOPWORDS } from './text/stopwords';

/** Public-domain texts, see test/fixtures/ai/README.md. */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../../test/fixtures/ai', `${name}.txt`), 'utf8');
const declaration = fixture('declaration-of-independence');
const gettysburg = fixture('gettysburg-address');
const tellTaleHeart = fixture('tell-tale-heart');
const origin = fixture('origin-of-species-conclusion');

const engine = () => new OfflineProvider(new OfflineTemplates());
const terms = async (text: string, limit = 10) =>
  (await engine().keywords(text, { limit })).keywords.map((k) => k.term);
/** The sentence of `text` that contains `fragment`, to name key sentences by a phrase. */
const sentenceWith = (text: string, fragment: string) => {
  const found = splitSentences(text).filter((s) => s.includes(fragment));
  if (found.length !== 1) throw new Error(`"${fragment}" is in ${found.length} sentences`);
  return found[0];
};

describe('offline engine: summaries (TextRank)', () => {
  it("keeps the Declaration's opening purpose and its resolution of independence, and represents the grievances", async () => {
    const { sentences, summary, method } = await engine().summarize(declaration, { maxSentences: 3 });
    expect(method).toBe('offline:textrank');
    expect(sentences).toHaveLength(3);
    expect(sentences).toContain(sentenceWith(declaration, 'When in the Course of human events'));
    expect(sentences).toContain(sentenceWith(declaration, 'of Right ought to be Free and Independent States'));
    expect(sentences.some((s) => s.startsWith('He has'))).toBe(true);
    expect(summary).toBe(sentences.join(' '));
  });

  it('with more room, adds the theory of government: the right of the People to alter or abolish it', async () => {
    const { sentences } = await engine().summarize(declaration, { maxSentences: 5 });
    expect(sentences).toHaveLength(5);
    expect(sentences).toContain(
      sentenceWith(declaration, 'That to secure these rights, Governments are instituted among Men'),
    );
  });

  it("keeps the Gettysburg Address's opening, its civil war, and its closing resolve", async () => {
    const { sentences } = await engine().summarize(gettysburg, { maxSentences: 3 });
    expect(sentences).toEqual([
      sentenceWith(gettysburg, 'Four score and seven years ago'),
      sentenceWith(gettysburg, 'Now we are engaged in a great civil war'),
      sentenceWith(gettysburg, 'government of the people, by the people, for the people'),
    ]);
  });

  it("keeps the narrator's resolve to kill the old man for his eye in The Tell-Tale Heart", async () => {
    const { sentences } = await engine().summarize(tellTaleHeart, { maxSentences: 3 });
    expect(sentences).toContain(sentenceWith(tellTaleHeart, 'I made up my mind to take the life of the old man'));
    expect(sentences).toContain(sentenceWith(tellTaleHeart, 'his Evil Eye'));
  });

  it("keeps Darwin's laws of natural selection and, with five sentences, the 'grandeur in this view of life'", async () => {
    expect((await engine().summarize(origin, { maxSentences: 3 })).sentences).toContain(
      sentenceWith(origin, 'Natural Selection, entailing Divergence of Character'),
    );
    expect((await engine().summarize(origin, { maxSentences: 5 })).sentences).toContain(
      sentenceWith(origin, 'There is grandeur in this view of life'),
    );
  });

  it('keeps whole sentences in their original order and within maxSentences', async () => {
    for (const text of [declaration, gettysburg, tellTaleHeart, origin]) {
      const all = splitSentences(text);
      for (const maxSentences of [1, 2, 4, 7]) {
        const { sentences } = await engine().summarize(text, { maxSentences });
        expect(sentences).toHaveLength(Math.min(maxSentences, all.length));
        const positions = sentences.map((s) => all.indexOf(s));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
    }
  });

  it('stays within maxWords, and cuts the best sentence when no whole one fits', async () => {
    for (const maxWords of [40, 80, 150]) {
      const { summary, sentences } = await engine().summarize(gettysburg, { maxWords });
      expect(countWords(summary)).toBeLessThanOrEqual(maxWords);
      expect(sentences.length).toBeGreaterThan(0);
    }
    const both = await engine().summarize(origin, { maxWords: 120, maxSentences: 2 });
    expect(both.sentences.length).toBeLessThanOrEqual(2);
    expect(countWords(both.summary)).toBeLessThanOrEqual(120);

    // Gettysburg's shortest sentence has 10 words.
    const cut = await engine().summarize(gettysburg, { maxWords: 8 });
    expect(cut.sentences).toEqual(['Now we are engaged in a great civil…']);
    expect(countWords(cut.summary)).toBe(8);
  });

  it('is deterministic, returns short texts whole and empty text as an empty summary', async () => {
    expect(await engine().summarize(declaration, { maxSentences: 4 })).toEqual(
      await engine().summarize(declaration, { maxSentences: 4 }),
    );
    expect((await engine().summarize('One sentence only. And a second.', {})).sentences).toEqual([
      'One sentence only.',
      'And a second.',
    ]);
    expect(await engine().summarize('   ', {})).toEqual({ summary: '', sentences: [], method: 'offline:textrank' });
  });
});

describe('offline engine: keywords (key phrases for English, TextRank words otherwise)', () => {
  it("finds the Declaration's subjects as phrases: laws, rights, states, government", async () => {
    const result = await engine().keywords(declaration, { limit: 8 });
    expect(result.method).toBe('offline:key-phrases');
    expect(result.keywords).toHaveLength(8);
    expect(result.keywords.map((k) => k.term.toLowerCase())).toEqual(
      expect.arrayContaining(['laws', 'right', 'states', 'government']),
    );
    expect(result.keywords[0].score).toBe(1);
    const scores = result.keywords.map((k) => k.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('finds whole phrases: the great civil war at Gettysburg, the old man in Poe, natural selection in Darwin', async () => {
    expect(await terms(gettysburg, 5)).toEqual(expect.arrayContaining(['nation', 'great civil war']));
    expect(await terms(tellTaleHeart, 5)).toEqual(expect.arrayContaining(['old man', 'eye']));
    expect(await terms(origin, 8)).toEqual(expect.arrayContaining(['species', 'life', 'laws', 'natural selection']));
  });

  it('falls back to TextRank words for a text the English model cannot read', async () => {
    const german = 'Die Wärmepumpe nutzt die Umgebungswärme. Die Installation ist teuer, die Wärmepumpe ist leise.';
    const result = await engine().keywords(german, { limit: 5 });
    expect(result.method).toBe('offline:textrank-keywords');
    expect(result.keywords.map((k) => k.term)).toContain('wärmepumpe');
  });

  it('never returns stopwords, numbers or duplicates, and is deterministic', async () => {
    for (const text of [declaration, gettysburg, tellTaleHeart, origin]) {
      const list = await terms(text, 30);
      expect(list.filter((t) => STOPWORDS.has(t) || /^\d/.test(t) || t.length < 3)).toEqual([]);
      expect(new Set(list).size).toBe(list.length);
      expect(await terms(text, 30)).toEqual(list);
    }
    expect((await engine().keywords('the and of it', {})).keywords).toEqual([]);
  });
});

describe('offline engine: classification (keyword overlap)', () => {
  const topics = {
    politics: ['government', 'law', 'rights', 'congress', 'nation', 'liberty'],
    science: ['species', 'evolution', 'natural selection', 'organic', 'biology'],
    horror: ['madman', 'fear', 'dread', 'midnight', 'killed', 'evil'],
  };

  it('picks the obvious label for each text, with a label → words map', async () => {
    expect(await engine().classify(declaration, topics)).toMatchObject({
      label: 'politics',
      method: 'offline:keyword-overlap',
    });
    expect((await engine().classify(gettysburg, topics)).label).toBe('politics');
    expect((await engine().classify(origin, topics)).label).toBe('science');
    expect((await engine().classify(tellTaleHeart, topics)).label).toBe('horror');
  });

  it('uses the label names themselves when only names are given', async () => {
    expect((await engine().classify(declaration, ['species', 'government', 'eye'])).label).toBe('government');
    expect((await engine().classify(tellTaleHeart, ['species', 'government', 'eye'])).label).toBe('eye');
  });

  it('reports the winning share as confidence, and 0 when no label matches', async () => {
    const sure = await engine().classify(origin, topics);
    expect(sure.confidence).toBeGreaterThan(0.5);
    expect(sure.confidence).toBeLessThanOrEqual(1);
    expect(await engine().classify('Lunch at noon with Sam.', ['travel', 'finance'])).toEqual({
      label: 'travel',
      confidence: 0,
      method: 'offline:keyword-overlap',
    });
  });
});

describe('offline engine: generate by template', () => {
  const itinerary = z.object({ city: z.string(), days: z.array(z.string()).min(1) });

  it("runs the task's registered template and validates its result", async () => {
    const templates = new OfflineTemplates();
    templates.register('travel.itinerary', (input) => {
      const { city, days } = input as { city: string; days: number };
      return { city, days: Array.from({ length: days }, (_, i) => `Day ${i + 1} in ${city}`) };
    });
    const result = await new OfflineProvider(templates).generate(
      'travel.itinerary',
      { city: 'Lisbon', days: 2 },
      itinerary,
      {},
    );
    expect(result).toEqual({
      value: { city: 'Lisbon', days: ['Day 1 in Lisbon', 'Day 2 in Lisbon'] },
      method: 'offline:template:travel.itinerary',
    });
  });

  it('fails clearly for an unknown task and for a template whose result the schema rejects', async () => {
    const templates = new OfflineTemplates();
    templates.register('broken', () => ({ city: 'Lisbon', days: [] }));
    const provider = new OfflineProvider(templates);
    await expect(provider.generate('travel.itinerary', {}, itinerary, {})).rejects.toThrow(
      new AiNoTemplateError('travel.itinerary').message,
    );
    expect(new AiNoTemplateError('x').message).toBe(
      'No offline template for task x; configure AI_BASE_URL to use a model',
    );
    const failure = provider.generate('broken', {}, itinerary, {});
    await expect(failure).rejects.toBeInstanceOf(AiOutputError);
    await expect(failure).rejects.toMatchObject({ issues: [expect.stringContaining('days')] });
    expect(() => templates.register('broken', () => null)).toThrow('already registered');
  });
});
