import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { aDocument } from '../../test/factories';
import { cardTags, extractedText, fileKind, previewOf } from './documentFiles';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('previewOf (spec §2 preview rules)', () => {
  it('previews a PDF through the preview call, whatever its content', () => {
    expect(previewOf(aDocument({ mimeType: 'application/pdf', content: null }))).toEqual({ kind: 'pdf' });
    expect(previewOf(aDocument({ mimeType: 'application/pdf', content: `${EXTRACTED_TEXT_MARKER}\nText` }))).toEqual({
      kind: 'pdf',
    });
  });

  it('shows the extracted text, without the marker line, of a Word or text file', () => {
    const content = `${EXTRACTED_TEXT_MARKER}\nDear Ada,\n\nThe engine is ready.\n`;
    expect(previewOf(aDocument({ mimeType: DOCX, originalName: 'letter.docx', content }))).toEqual({
      kind: 'text',
      text: 'Dear Ada,\n\nThe engine is ready.',
    });
    expect(
      previewOf(
        aDocument({
          mimeType: 'text/plain',
          originalName: 'notes.txt',
          content: `${EXTRACTED_TEXT_MARKER}\nmilk, eggs`,
        }),
      ),
    ).toEqual({ kind: 'text', text: 'milk, eggs' });
  });

  it("says 'Text extraction failed' for a Word file whose content lacks the marker", () => {
    expect(previewOf(aDocument({ mimeType: DOCX, content: 'raw bytes', extractionStatus: 'done' }))).toEqual({
      kind: 'extractionFailed',
      reason: null,
    });
    expect(
      previewOf(
        aDocument({
          mimeType: 'application/msword',
          content: null,
          extractionStatus: 'failed',
          extractionError: 'The Word file is damaged',
        }),
      ),
    ).toEqual({
      kind: 'extractionFailed',
      reason: 'The Word file is damaged',
    });
  });

  it('says the text is being read while extraction is pending', () => {
    expect(previewOf(aDocument({ mimeType: DOCX, content: null, extractionStatus: 'pending' }))).toEqual({
      kind: 'reading',
    });
    expect(previewOf(aDocument({ mimeType: 'text/markdown', content: null, extractionStatus: 'pending' }))).toEqual({
      kind: 'reading',
    });
  });

  it("says 'Preview not available' for other types", () => {
    expect(
      previewOf(
        aDocument({ mimeType: 'image/png', originalName: 'scan.png', content: null, extractionStatus: 'unsupported' }),
      ),
    ).toEqual({ kind: 'unavailable' });
    expect(previewOf(aDocument({ mimeType: 'application/zip', originalName: 'photos.zip', content: null }))).toEqual({
      kind: 'unavailable',
    });
  });
});

describe('fileKind', () => {
  it('goes by the detected type, and by the name only for a generic one', () => {
    expect(fileKind({ mimeType: 'application/pdf', originalName: 'a.docx' })).toBe('pdf');
    expect(fileKind({ mimeType: DOCX, originalName: 'a' })).toBe('word');
    expect(fileKind({ mimeType: 'application/zip', originalName: 'letter.docx' })).toBe('word');
    expect(fileKind({ mimeType: 'text/csv; charset=utf-8', originalName: 'a.csv' })).toBe('text');
    expect(fileKind({ mimeType: 'image/jpeg', originalName: 'a.jpg' })).toBe('image');
    expect(fileKind({ mimeType: 'application/octet-stream', originalName: 'a.bin' })).toBe('other');
  });
});

describe('extractedText', () => {
  it('drops the marker line and surrounding blank lines', () => {
    expect(extractedText(`${EXTRACTED_TEXT_MARKER}\n\nHello\n\n`)).toBe('Hello');
    expect(extractedText(EXTRACTED_TEXT_MARKER)).toBe('');
  });
});

describe('cardTags (spec §9: at most 3, then +N)', () => {
  it('shows three tags and keeps the rest for +N', () => {
    expect(cardTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], hidden: ['d', 'e'] });
    expect(cardTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], hidden: [] });
  });
});
