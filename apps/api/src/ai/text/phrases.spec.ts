import { hashtagOf, isNounPhrase, keyPhrases, sentencesOf } from './phrases';

const phrases = (text: string, limit?: number) => keyPhrases(text, limit).map((p) => p.phrase);

describe('keyPhrases', () => {
  it("finds a topic's facets as noun phrases, not single stray words", () => {
    expect(phrases('Heat pumps: refrigerants, noise, installation costs and cold-climate performance')).toEqual([
      'heat pumps',
      'cold-climate performance',
      'installation costs',
      'refrigerants',
      'noise',
    ]);
  });

  it('ranks a repeated phrase first, merges plural and singular, keeps names and acronyms capitalised', () => {
    const text =
      'The quarterly budget covers travel costs for the Reykjavik office. A second quarterly budget follows. ' +
      'Modern units use the R290 refrigerant.';
    const found = keyPhrases(text);
    expect(found[0]).toMatchObject({ phrase: 'quarterly budget', count: 2, score: 1 });
    expect(found.map((p) => p.phrase)).toEqual(
      expect.arrayContaining(['travel costs', 'Reykjavik office', 'R290 refrigerant']),
    );
  });

  it('leaves out vague words and stopwords, and answers nothing for a text without nouns', () => {
    expect(phrases('We did a lot of things, one way or another.')).toEqual([]);
    expect(phrases('')).toEqual([]);
    expect(phrases('Heat pumps: refrigerants, noise, installation costs', 2)).toHaveLength(2);
  });
});

describe('hashtagOf', () => {
  it('capitalises and joins the words of a phrase', () => {
    expect(hashtagOf('heat pumps')).toBe('#HeatPumps');
    expect(hashtagOf('cold-climate performance')).toBe('#ColdClimatePerformance');
    expect(hashtagOf('R290 refrigerant')).toBe('#R290Refrigerant');
    expect(hashtagOf('Reykjavik')).toBe('#Reykjavik');
  });

  it('refuses phrases that make poor tags: too long, numbers only, nothing left', () => {
    expect(hashtagOf('a very long phrase of many words')).toBeNull();
    expect(hashtagOf('2026')).toBeNull();
    expect(hashtagOf('—')).toBeNull();
  });
});

describe('sentencesOf', () => {
  it('splits sentences without breaking at abbreviations', () => {
    expect(sentencesOf('Dr. Smith went home. It was 3 p.m. and raining.')).toEqual([
      'Dr. Smith went home.',
      'It was 3 p.m. and raining.',
    ]);
  });
});

describe('isNounPhrase', () => {
  it('tells a noun phrase from a clause', () => {
    expect(isNounPhrase('heat pumps')).toBe(true);
    expect(isNounPhrase('Installation Costs')).toBe(true);
    expect(isNounPhrase('composting workshop')).toBe(true);
    expect(isNounPhrase('city answering questions')).toBe(false);
    expect(isNounPhrase('')).toBe(false);
  });
});
