import { endpointUrl, queryKeyOf } from '@aide/api-client';
import { emailEndpoints } from '@aide/contracts';
import { type EmailListFilters, isFiltering, normaliseFilters, ZEN_FILTERS } from './emailQuery';

const { list } = emailEndpoints;
/** The list's URL as the client sends it, from its path on: '?tab=inbox&page=1&pageSize=20'. */
const emailListUrl = (filters: EmailListFilters) =>
  endpointUrl(list, undefined, { ...normaliseFilters(filters) }).slice(list.path.length);
const emailListKey = (filters: EmailListFilters) => queryKeyOf(list, { query: normaliseFilters(filters) });

describe('filters → the email list query (emailEndpoints.list)', () => {
  it('sends the tab, page and page size, and leaves out filters that are not set', () => {
    expect(emailListUrl({ tab: 'inbox', page: 1, pageSize: 20 })).toBe('?tab=inbox&page=1&pageSize=20');
    expect(emailListUrl({ tab: 'archived', q: '   ', priority: null, category: null, page: 3, pageSize: 50 })).toBe(
      '?tab=archived&page=3&pageSize=50',
    );
  });

  it('sends search text trimmed, and the priority and category filters', () => {
    expect(
      normaliseFilters({
        tab: 'sent',
        q: '  quarterly report ',
        priority: 'urgent',
        category: 'work',
        page: 2,
        pageSize: 20,
      }),
    ).toEqual({
      tab: 'sent',
      q: 'quarterly report',
      priority: 'urgent',
      category: 'work',
      page: 2,
      pageSize: 20,
    });
  });

  it('encodes search text for the query string', () => {
    expect(emailListUrl({ tab: 'inbox', q: 'a&b=c #1', page: 1, pageSize: 20 })).toBe(
      '?tab=inbox&q=a%26b%3Dc+%231&page=1&pageSize=20',
    );
  });

  it('keeps within what the API accepts: q at most 200 characters, page size 1–100, page ≥ 1', () => {
    const params = normaliseFilters({ tab: 'inbox', q: 'x'.repeat(250), page: 0, pageSize: 500 });
    expect(params.q).toHaveLength(200);
    expect(params.page).toBe(1);
    expect(params.pageSize).toBe(100);
  });

  it('gives each distinct request its own key under the list path, the same key for the same request', () => {
    const a = emailListKey({ tab: 'inbox', q: 'x', page: 1, pageSize: 20 });
    expect(a[0]).toBe(list.path);
    expect(emailListKey({ tab: 'inbox', q: ' x ', page: 1, pageSize: 20 })).toEqual(a);
    expect(emailListKey({ tab: 'inbox', q: 'x', page: 2, pageSize: 20 })).not.toEqual(a);
  });

  it('Zen Mode asks for the Inbox’s first 5 (spec §9)', () => {
    expect(emailListUrl(ZEN_FILTERS)).toBe('?tab=inbox&page=1&pageSize=5');
  });

  it('tells when a filter narrows the tab', () => {
    expect(isFiltering({ q: ' ' })).toBe(false);
    expect(isFiltering({ q: 'a' })).toBe(true);
    expect(isFiltering({ priority: 'regular' })).toBe(true);
    expect(isFiltering({ category: 'travel' })).toBe(true);
  });
});
