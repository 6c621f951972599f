import { SEARCH_QUERY_MAX, searchQuerySchema } from './search';

const messages = (input: unknown) => searchQuerySchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('searchQuerySchema', () => {
  it('trims the text', () => {
    expect(searchQuerySchema.parse({ q: '  quarterly report ' })).toEqual({ q: 'quarterly report' });
  });

  it('refuses a missing, empty or blank query rather than matching everything', () => {
    for (const input of [{}, { q: '' }, { q: '   ' }]) expect(messages(input)).toEqual(['Search text is required']);
  });

  it(`limits the text to ${SEARCH_QUERY_MAX} characters`, () => {
    expect(searchQuerySchema.safeParse({ q: 'a'.repeat(SEARCH_QUERY_MAX) }).success).toBe(true);
    expect(messages({ q: 'a'.repeat(SEARCH_QUERY_MAX + 1) })).toEqual([
      `Search text must be at most ${SEARCH_QUERY_MAX} characters`,
    ]);
  });
});
