import { documentListKey, documentListUrl } from './documentsQuery';

describe('the documents list request', () => {
  it("asks for Root's documents by default, or the open folder's", () => {
    expect(documentListUrl({ folderId: null })).toBe('/api/documents?folderId=root');
    expect(documentListUrl({ folderId: 7, category: 'Legal', archived: true })).toBe(
      '/api/documents?folderId=7&category=Legal&archived=true',
    );
  });

  it('searches every folder: a search leaves the folder out', () => {
    expect(documentListUrl({ folderId: 7, q: '  tax return ' })).toBe('/api/documents?q=tax+return');
    expect(documentListUrl({ folderId: 7, q: '   ' })).toBe('/api/documents?folderId=7');
  });

  it("keys every list under '/api/documents', which the live stream invalidates", () => {
    expect(documentListKey({ folderId: null })[0]).toBe('/api/documents');
  });
});
