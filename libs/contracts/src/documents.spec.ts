import {
  commaSeparatedTags,
  createFolderSchema,
  DOCUMENT_MESSAGES,
  editDocumentFormSchema,
  formatFileSize,
  keepDocumentSuggestionSchema,
  listDocumentsQuerySchema,
  sanitizeFileName,
  updateDocumentSchema,
} from './index';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('formatFileSize (spec §9: Bytes, KB, MB, GB in steps of 1024)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [25 * 1024 * 1024, '25 MB'],
    [3.25 * 1024 ** 3, '3.25 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d bytes is %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ada\\report.pdf', 'report.pdf'],
    ['..', 'document'],
    ['.env', 'env'],
    ['in\u0000voice\u0007.pdf', 'invoice.pdf'],
    ['exe\u202Efdp.txt', 'exefdp.txt'],
    ['  notes.md  ', 'notes.md'],
    ['', 'document'],
  ])('%j becomes %j', (name, safe) => {
    expect(sanitizeFileName(name)).toBe(safe);
  });

  it('keeps the extension when it cuts a long name to 255 characters', () => {
    const safe = sanitizeFileName(`${'a'.repeat(300)}.pdf`);
    expect(safe).toHaveLength(255);
    expect(safe.endsWith('.pdf')).toBe(true);
  });
});

describe('tags typed as comma-separated text (spec §5)', () => {
  it('trims, drops empty entries, and is null when none is left', () => {
    expect(commaSeparatedTags(' taxes, 2025 ,, receipts ')).toEqual(['taxes', '2025', 'receipts']);
    expect(commaSeparatedTags(' , ')).toBeNull();
  });

  it('the Edit Document form sends the list, without duplicates', () => {
    const parsed = editDocumentFormSchema.parse({
      originalName: 'lease.pdf',
      category: null,
      tags: 'home, rent, home',
      summary: '',
    });
    expect(parsed.tags).toEqual(['home', 'rent']);
    expect(
      editDocumentFormSchema.parse({ originalName: 'lease.pdf', category: 'Legal', tags: '', summary: '' }).tags,
    ).toEqual([]);
  });
});

describe('document and folder payloads', () => {
  it('a folder needs a non-blank name and is blue unless told otherwise, at Root', () => {
    expect(firstMessage(createFolderSchema.safeParse({ name: '   ' }))).toBe(DOCUMENT_MESSAGES.folderNameRequired);
    expect(createFolderSchema.parse({ name: 'Taxes' })).toEqual({ name: 'Taxes', color: 'blue', parentFolderId: null });
    expect(firstMessage(createFolderSchema.safeParse({ name: 'Taxes', color: 'pink' }))).toMatch(
      /^Colour must be one of/,
    );
  });

  it('a document name is required and may not hide a path', () => {
    expect(firstMessage(updateDocumentSchema.safeParse({ originalName: '' }))).toBe(
      DOCUMENT_MESSAGES.documentNameRequired,
    );
    expect(firstMessage(updateDocumentSchema.safeParse({ originalName: '../x.pdf' }))).toMatch(/must not contain/);
    expect(updateDocumentSchema.parse({ category: null, summary: '' })).toEqual({ category: null, summary: null });
  });

  it("the list's folder is an id, 'root' or absent; archived is a boolean", () => {
    expect(listDocumentsQuerySchema.parse({ folderId: 'root' })).toEqual({ folderId: null, archived: false });
    expect(listDocumentsQuerySchema.parse({ folderId: '7', archived: 'true' })).toEqual({
      folderId: 7,
      archived: true,
    });
    expect(firstMessage(listDocumentsQuerySchema.safeParse({ folderId: '-1' }))).toBe(
      'Folder id must be a positive whole number',
    );
  });
});

describe('keeping a suggestion (issue 30)', () => {
  it('names one suggested tag (trimmed) or the suggested category, not both, not neither', () => {
    expect(keepDocumentSuggestionSchema.parse({ tag: '  boiler repair ' })).toEqual({ tag: 'boiler repair' });
    expect(keepDocumentSuggestionSchema.parse({ category: 'Financial' })).toEqual({ category: 'Financial' });
    expect(firstMessage(keepDocumentSuggestionSchema.safeParse({}))).toBe(DOCUMENT_MESSAGES.suggestionRequired);
    expect(firstMessage(keepDocumentSuggestionSchema.safeParse({ tag: 'tax', category: 'Financial' }))).toBe(
      DOCUMENT_MESSAGES.suggestionRequired,
    );
    expect(firstMessage(keepDocumentSuggestionSchema.safeParse({ tag: '   ' }))).toBe('Tags must not be blank');
    expect(firstMessage(keepDocumentSuggestionSchema.safeParse({ category: 'Taxes' }))).toMatch(
      /^Category must be one of Work/,
    );
  });
});
