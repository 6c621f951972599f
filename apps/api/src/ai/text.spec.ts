import { extractJson } from './remote/extract-json';
import { isStrictCompatible, schemaName, toModelJsonSchema } from './remote/json-schema';
import { countWords, splitSentences } from './text/sentences';
import { contentStems, stem } from './text/tokens';
import { z } from 'zod';

describe('splitSentences', () => {
  it('does not split after abbreviations, initials, dotted forms or inside decimals', () => {
    const text =
      'Mr. Smith paid $3.50 for e.g. apples at 9 a.m. on Main St. yesterday. J. R. R. Tolkien wrote it, i.e. the book. Dr. Who? No. See No. 5 and Fig. 2. It cost 2.5 million!';
    expect(splitSentences(text)).toEqual([
      'Mr. Smith paid $3.50 for e.g. apples at 9 a.m. on Main St. yesterday.',
      'J. R. R. Tolkien wrote it, i.e. the book.',
      'Dr. Who?',
      'No.',
      'See No. 5 and Fig. 2.',
      'It cost 2.5 million!',
    ]);
  });

  it('splits after closing quotes and before a dash-led sentence, not before a lower-case word', () => {
    expect(
      splitSentences(
        'He said, "Stop." Then he left.--After that, silence. "Yes!" she cried. I think it was his eye! yes, it was.',
      ),
    ).toEqual([
      'He said, "Stop."',
      'Then he left.',
      'After that, silence.',
      '"Yes!" she cried.',
      'I think it was his eye! yes, it was.',
    ]);
  });

  it('ends a sentence at a blank line and joins wrapped lines', () => {
    expect(splitSentences('A heading\n\nFirst line\nwraps here. Second one.\n\n\n')).toEqual([
      'A heading',
      'First line wraps here.',
      'Second one.',
    ]);
    expect(splitSentences('  \n ')).toEqual([]);
  });

  it('counts words', () => {
    expect(countWords(' one two\nthree ')).toBe(3);
  });
});

describe('tokens', () => {
  it('folds plurals and possessives only', () => {
    expect(
      ['colonies', 'governments', "nation's", 'laws', 'class', 'boxes', 'focus', 'analysis', 'dangerous'].map(stem),
    ).toEqual(['colony', 'government', 'nation', 'law', 'class', 'box', 'focus', 'analysis', 'dangerous']);
  });

  it('keeps content words: no stopwords, numbers or short words', () => {
    expect(contentStems("We hold these truths, that all men are created equal in 1776 and it's ok")).toEqual([
      'hold',
      'truth',
      'men',
      'created',
      'equal',
    ]);
  });
});

describe('extractJson', () => {
  it('reads plain JSON, a fenced block, and JSON inside prose', () => {
    expect(extractJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('Sure!\n```json\n{"a": [1, 2]}\n```\nAnything else?')).toEqual({
      ok: true,
      value: { a: [1, 2] },
    });
    expect(extractJson('Here it is: {"a": "x}"} hope this helps {')).toEqual({ ok: true, value: { a: 'x}' } });
    expect(extractJson('<think>maybe {"a": 0}? no</think>\n[{"b": true}]')).toEqual({ ok: true, value: [{ b: true }] });
  });

  it('reports answers with no JSON instead of guessing', () => {
    expect(extractJson('I cannot help with that.')).toEqual({ ok: false });
    expect(extractJson('{"a": 1')).toEqual({ ok: false });
  });
});

describe('JSON Schema for the model', () => {
  it('converts zod, drops $schema, and knows when strict mode is accepted', () => {
    const strict = toModelJsonSchema(z.object({ title: z.string(), tags: z.array(z.object({ name: z.string() })) }));
    expect(strict).toEqual({
      type: 'object',
      properties: {
        title: { type: 'string' },
        tags: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
      required: ['title', 'tags'],
      additionalProperties: false,
    });
    expect(isStrictCompatible(strict)).toBe(true);
    expect(isStrictCompatible(toModelJsonSchema(z.object({ title: z.string(), note: z.string().optional() })))).toBe(
      false,
    );
    expect(isStrictCompatible(toModelJsonSchema(z.object({ when: z.date() })))).toBe(true);
  });

  it('names the schema from the task with allowed characters only', () => {
    expect(schemaName('travel.itinerary')).toBe('travel_itinerary');
  });
});
