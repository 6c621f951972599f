import { endpointQuery, endpointUrl } from '@aide/api-client';
import { documentsEndpoints } from '@aide/contracts';
import { normaliseFilters } from './documentsQuery';

const listUrl = (filters: Parameters<typeof normaliseFilters>[0]) =>
  endpointUrl(documentsEndpoints.list, undefined, normaliseFilters(filters));

describe('the documents list request', () => {
  it("asks for Root's documents by default, or the open folder's", () => {
    expect(normaliseFilters({ folderId: null })).toEqual({ folderId: 'root' });
    expect(normaliseFilters({ folderId: 7, category: 'Legal', archived: true })).toEqual({
      folderId: '7',
      category: 'Legal',
      archived: 'true',
    });
    expect(listUrl({ folderId: 7, category: 'Legal', archived: true })).toBe(
      `${documentsEndpoints.list.path}?folderId=7&category=Legal&archived=true`,
    );
  });

  it('searches every folder: a search leaves the folder out', () => {
    expect(listUrl({ folderId: 7, q: '  tax return ' })).toBe(`${documentsEndpoints.list.path}?q=tax+return`);
    expect(listUrl({ folderId: 7, q: '   ' })).toBe(`${documentsEndpoints.list.path}?folderId=7`);
  });

  it('keys every list under a path that a document change invalidates (here and from the live stream)', () => {
    const { queryKey } = endpointQuery(documentsEndpoints.list, { query: normaliseFilters({ folderId: null }) });
    expect(documentsEndpoints.update.invalidates).toContain(queryKey[0]);
    expect(queryKey).toEqual([documentsEndpoints.list.path, { folderId: 'root' }]);
  });
});
