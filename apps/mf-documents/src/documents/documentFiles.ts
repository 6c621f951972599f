/** What a document is (by its detected type) and what its preview shows (spec §2). Pure. */
import { DOCUMENT_LIMITS, EXTRACTED_TEXT_MARKER, type DocumentCategory, type DocumentSummary } from '@aide/contracts';
import { t } from '../i18n';

/** A category's name in the reader's language (the stored value is the English one). */
export const categoryLabel = (category: DocumentCategory) => t(`category.${category}`);

export type FileKind = 'pdf' | 'word' | 'text' | 'image' | 'spreadsheet' | 'presentation' | 'archive' | 'other';

const WORD_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
]);
const TEXT_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/rtf',
  'application/x-yaml',
  'application/yaml',
]);
const SPREADSHEET_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.oasis.opendocument.spreadsheet',
]);
const PRESENTATION_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.presentation',
]);
const ARCHIVE_TYPES = new Set([
  'application/zip',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/gzip',
  'application/x-tar',
]);

const extension = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The kind of file, from its detected MIME type (the name's extension only when the type says nothing). */
export function fileKind({ mimeType, originalName }: Pick<DocumentSummary, 'mimeType' | 'originalName'>): FileKind {
  const type = mimeType.toLowerCase().split(';')[0].trim();
  if (type === 'application/pdf') return 'pdf';
  if (WORD_TYPES.has(type)) return 'word';
  if (type.startsWith('text/') || TEXT_TYPES.has(type)) return 'text';
  if (type.startsWith('image/')) return 'image';
  if (SPREADSHEET_TYPES.has(type)) return 'spreadsheet';
  if (PRESENTATION_TYPES.has(type)) return 'presentation';
  // A generic type (octet-stream, or a .docx seen as the zip it is): the name is the only hint.
  if (type === 'application/octet-stream' || type === 'application/zip' || type === '') {
    const ext = extension(originalName);
    if (ext === 'docx' || ext === 'doc') return 'word';
  }
  if (ARCHIVE_TYPES.has(type)) return 'archive';
  return 'other';
}

/** A readable name of the type for the details: 'PDF document', 'Word document', else the MIME type. */
export function typeLabel(doc: Pick<DocumentSummary, 'mimeType' | 'originalName'>): string {
  const kind = fileKind(doc);
  return kind === 'pdf' || kind === 'word' || kind === 'spreadsheet' || kind === 'presentation'
    ? t(`type.${kind}`)
    : doc.mimeType;
}

/** Whether `content` holds text the extraction job put there (spec §2: it starts with the marker). */
export const hasExtractedText = (content: string | null | undefined): content is string =>
  typeof content === 'string' && content.trimStart().startsWith(EXTRACTED_TEXT_MARKER);

/** The text after the marker's line. */
export function extractedText(content: string): string {
  const rest = content.trimStart().slice(EXTRACTED_TEXT_MARKER.length);
  const newline = rest.indexOf('\n');
  return (newline === -1 ? rest : rest.slice(newline + 1)).replace(/^\s*\n/, '').trimEnd();
}

export type Preview =
  | { kind: 'pdf' }
  | { kind: 'text'; text: string }
  /** Extraction is still running: the text comes (the stream refetches the document). */
  | { kind: 'reading' }
  | { kind: 'extractionFailed'; reason: string | null }
  | { kind: 'unavailable' };

/**
 * Spec §2: a PDF is shown by the preview call; a document whose content starts with the marker
 * shows that text; a Word file without it says 'Text extraction failed' (or that it is still being
 * read); everything else 'Preview not available'. A text file whose reading failed says so too.
 */
export function previewOf(
  doc: Pick<DocumentSummary, 'mimeType' | 'originalName' | 'extractionStatus' | 'extractionError'> & {
    content: string | null;
  },
): Preview {
  const kind = fileKind(doc);
  if (kind === 'pdf') return { kind: 'pdf' };
  if (hasExtractedText(doc.content)) return { kind: 'text', text: extractedText(doc.content) };
  if (kind === 'word' || kind === 'text') {
    if (doc.extractionStatus === 'pending') return { kind: 'reading' };
    if (kind === 'word' || doc.extractionStatus === 'failed')
      return { kind: 'extractionFailed', reason: doc.extractionError };
  }
  return { kind: 'unavailable' };
}

/** Spec §9: at most 3 tags on a card, then '+N'. */
export function cardTags(
  tags: readonly string[],
  max: number = DOCUMENT_LIMITS.cardTags,
): { shown: string[]; hidden: string[] } {
  return { shown: tags.slice(0, max), hidden: tags.slice(max) };
}
