import { z } from 'zod';
import { commaSeparatedTags, text } from './text';

// ---- Documents and folders (spec: documents §2, §3, §4, §5, §7, §8, §9; DECISIONS: Free plan limit) ----

/** Spec §5: the categories a document can have (null: none). */
export const DOCUMENT_CATEGORIES = [
  'Work',
  'Personal',
  'Legal',
  'Financial',
  'Medical',
  'Education',
  'Reference',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** Spec §5/§9: six fixed folder colours, default blue. */
export const FOLDER_COLORS = ['blue', 'green', 'purple', 'orange', 'red', 'gray'] as const;
export type FolderColor = (typeof FOLDER_COLORS)[number];
export const DEFAULT_FOLDER_COLOR: FolderColor = 'blue';

/**
 * What the extraction job (documents/extraction) did with a document's text:
 * - pending: queued or running;
 * - done: `content` holds EXTRACTED_TEXT_MARKER and the text;
 * - failed: the file could not be read (a corrupt PDF, a broken DOCX): `extractionError` says why;
 * - unsupported: a type that has no text to extract (images, archives…): `content` stays null.
 */
export const EXTRACTION_STATUSES = ['pending', 'done', 'failed', 'unsupported'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

/**
 * Spec §2: the preview shows a Word file's text only when `content` starts with this marker (text
 * the extraction job put there); without it, 'Text extraction failed'. One line, then the text.
 */
export const EXTRACTED_TEXT_MARKER = '[Extracted text]';

export const DOCUMENT_LIMITS = {
  /** DECISIONS §Plans: the Free plan's "document upload limited to 5 files" (archived ones count). */
  freePlanDocuments: 5,
  /** The API's default per-file limit (DOCUMENT_MAX_FILE_SIZE_MB); larger files answer 413. */
  defaultMaxFileSizeMb: 25,
  /** Files in one POST /api/documents (the screen sends one request per file, for per-file progress). */
  maxFilesPerUpload: 20,
  nameMax: 255,
  folderNameMax: 100,
  summaryMax: 5000,
  tagsMax: 20,
  tagMax: 50,
  /** Spec §9: cards show at most this many tags, then '+N'. */
  cardTags: 3,
} as const;

export const DOCUMENT_MESSAGES = {
  // Spec §8: toasts (titles) of the screen.
  uploadFailed: 'Upload failed',
  createFolderFailed: 'Failed to create folder',
  deleteDocumentFailed: 'Failed to delete document',
  archiveFailed: 'Failed to archive document',
  unarchiveFailed: 'Failed to unarchive document',
  moveFailed: 'Failed to move document',
  updateFailed: 'Failed to update document',
  deleteFolderFailed: 'Failed to delete folder',
  fetchDocumentsFailed: 'Failed to fetch documents',
  fetchFoldersFailed: 'Failed to fetch folders',
  // Spec §2/§8: the preview.
  extractionFailed: 'Text extraction failed',
  previewNotAvailable: 'Preview not available',
  // Spec §5: validation.
  folderNameRequired: 'Folder name is required',
  fileRequired: 'Select at least one file to upload',
  documentNameRequired: 'Document name is required',
  // The API's answers.
  documentNotFound: 'Document not found',
  folderNotFound: 'Folder not found',
  /** 403: DECISIONS §Plans. */
  freePlanLimit: `The Free plan stores up to ${DOCUMENT_LIMITS.freePlanDocuments} documents. Delete one, or upgrade to Premium for unlimited document storage.`,
  /** 413, with the configured limit. */
  fileTooLarge: (maxMb: number) => `Files can be at most ${maxMb} MB`,
  tooManyFiles: `Upload at most ${DOCUMENT_LIMITS.maxFilesPerUpload} files at a time`,
  /** 415: the content is a program, whatever the file's name says. */
  executableRefused: 'Programs and executable files cannot be uploaded',
  /** 400: a multipart body that is not one (or ends early). */
  badUpload: 'The upload was not a valid multipart form with files',
  /** 400: preview is for PDFs (spec §2); other types are downloaded or shown as extracted text. */
  previewPdfOnly: 'Only PDF documents have an inline preview',
  /** 404 from download/preview: the row exists but its bytes are gone from the document store. */
  fileMissing: 'The file of this document is no longer in storage',
  folderExists: 'A folder with this name already exists here',
  /** 400: a folder cannot be moved into itself or one of its own subfolders. */
  folderCycle: 'A folder cannot be moved into itself or one of its subfolders',
  /** 400 from keep-suggestion: neither a suggested tag nor the suggested category was named, or both were. */
  suggestionRequired: 'Name one suggested tag or the suggested category to keep',
  /** 400 from keep-suggestion: the suggestion was dismissed meanwhile (or never made). */
  suggestionNotOffered: 'This suggestion is no longer offered for this document',
  /** 400: a document has at most DOCUMENT_LIMITS.tagsMax tags. */
  tooManyTags: `At most ${DOCUMENT_LIMITS.tagsMax} tags`,
} as const;

/** A folder as GET /api/document-folders returns it. */
export const documentFolderSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.enum(FOLDER_COLORS),
  /** null: at Root. */
  parentFolderId: z.number().nullable(),
  /** Documents directly in this folder (archived included). */
  documentCount: z.number(),
  createdAt: z.string(),
});
export type DocumentFolder = z.infer<typeof documentFolderSchema>;

/** A document as the list returns it: everything but the extracted text. */
export const documentSummarySchema = z.object({
  id: z.number(),
  /** The uploaded file's name, sanitised (no path, no control characters). */
  originalName: z.string(),
  /** Detected from the file's content, never taken from the browser. */
  mimeType: z.string(),
  /** Bytes. */
  size: z.number(),
  category: z.enum(DOCUMENT_CATEGORIES).nullable(),
  /** The person's own tags: typed in Edit Document, or a suggestion they kept. */
  tags: z.array(z.string()),
  /**
   * Issue 30: tags the AI suggests from the text, shown apart ("Suggested: …") until the person
   * keeps one (keep-suggestion moves it to `tags`) or dismisses them; never one of `tags`.
   */
  suggestedTags: z.array(z.string()),
  /** Issue 30: the category the AI suggests, while the document has none of the person's; else null. */
  suggestedCategory: z.enum(DOCUMENT_CATEGORIES).nullable(),
  summary: z.string().nullable(),
  folderId: z.number().nullable(),
  isArchived: z.boolean(),
  extractionStatus: z.enum(EXTRACTION_STATUSES),
  /** Why extraction failed, readable (e.g. 'The PDF is damaged or is not a PDF'); null otherwise. */
  extractionError: z.string().nullable(),
  uploadedAt: z.string(),
  /** The message it was saved from (an attachment), if any (issue 26). */
  sourceEmailId: z.number().int().nullable().optional(),
  /** With a search (`q`): the passage that matched, else null. */
  match: z.string().nullable(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** Where a page's text came from: its text layer ('text'), recognition of a scan or photo ('ocr'), or neither ('none'). */
export const PAGE_TEXT_SOURCES = ['text', 'ocr', 'none'] as const;
export type PageTextSource = (typeof PAGE_TEXT_SOURCES)[number];

export const documentPageSchema = z.object({ page: z.number(), source: z.enum(PAGE_TEXT_SOURCES) });
export type DocumentPage = z.infer<typeof documentPageSchema>;

/** GET /api/documents/:id: the document with its extracted text (EXTRACTED_TEXT_MARKER first), or null. */
export const documentSchema = documentSummarySchema.extend({
  content: z.string().nullable(),
  /** Per page of a PDF or image, once read: extracted, recognised or neither. [] for other types and before extraction. */
  pages: z.array(documentPageSchema),
  /**
   * Why scanned pages were not recognised (recognition not installed on the server, an image too
   * large), readable; null when nothing was left unread for such a reason.
   */
  recognitionError: z.string().nullable(),
});
export type Document = z.infer<typeof documentSchema>;

/** POST /api/documents answers the documents it stored, in upload order. */
export const uploadDocumentsResultSchema = z.object({ documents: z.array(documentSummarySchema) });
export type UploadDocumentsResult = z.infer<typeof uploadDocumentsResultSchema>;

const folderIdValue = z.coerce
  .number({ error: 'Folder id must be a positive whole number' })
  .int('Folder id must be a positive whole number')
  .positive('Folder id must be a positive whole number');

/** null, '' and 'root' mean Root (multipart and query strings carry text). */
export const folderIdSchema = z.preprocess(
  (value) => (value === '' || value === 'root' || value === 'null' ? null : value),
  folderIdValue.nullable(),
);

/**
 * GET /api/documents. Without `folderId` every folder's documents; `folderId=root` Root's only.
 * `q` searches name, tags, summary and extracted text (every word as a prefix) across all folders
 * when `folderId` is left out; `archived=true` includes archived documents (Show Archived).
 */
export const listDocumentsQuerySchema = z
  .object({
    folderId: folderIdSchema.optional(),
    q: text('Search', 200).optional(),
    category: z
      .enum(DOCUMENT_CATEGORIES, { error: `Category must be one of ${DOCUMENT_CATEGORIES.join(', ')}` })
      .optional(),
    archived: z.stringbool({ error: 'archived must be true or false' }).default(false),
  })
  .strict();
export type ListDocumentsQuery = z.output<typeof listDocumentsQuerySchema>;

/** The multipart fields of POST /api/documents besides the files. */
export const uploadDocumentsFieldsSchema = z.object({ folderId: folderIdSchema.optional() }).strict();

const documentName = text('Document name', DOCUMENT_LIMITS.nameMax, {
  required: DOCUMENT_MESSAGES.documentNameRequired,
}).refine(
  // A blank name already fails as required: say only that.
  (name) => name === '' || sanitizeFileName(name) === name,
  'Document name must not contain / or \\, control characters, or start with a dot',
);

/** Spec §5: tags are typed like research tags, comma-separated; the API takes the list (or null: none). */
export const documentTagsSchema = z
  .array(text('Tag', DOCUMENT_LIMITS.tagMax, { required: 'Tags must not be blank' }), {
    error: 'Tags must be a list of text',
  })
  .max(DOCUMENT_LIMITS.tagsMax, DOCUMENT_MESSAGES.tooManyTags)
  .nullable()
  .transform((tags) => [...new Set(tags ?? [])]);

/** PATCH /api/documents/:id: originalName, category, tags, summary (each optional). */
export const updateDocumentSchema = z
  .object({
    originalName: documentName.optional(),
    category: z
      .enum(DOCUMENT_CATEGORIES, { error: `Category must be one of ${DOCUMENT_CATEGORIES.join(', ')}` })
      .nullable()
      .optional(),
    tags: documentTagsSchema.optional(),
    summary: text('Summary', DOCUMENT_LIMITS.summaryMax)
      .nullable()
      .optional()
      .transform((s) => (s === '' ? null : s)),
  })
  .strict();
export type UpdateDocumentInput = z.input<typeof updateDocumentSchema>;
export type UpdateDocumentPayload = z.output<typeof updateDocumentSchema>;

/**
 * PATCH /api/documents/:id/keep-suggestion (issue 30): one suggested tag, or the suggested
 * category, becomes the person's own. Keeping what is already theirs changes nothing.
 */
export const keepDocumentSuggestionSchema = z
  .object({
    tag: text('Tag', DOCUMENT_LIMITS.tagMax, { required: 'Tags must not be blank' }).optional(),
    category: z
      .enum(DOCUMENT_CATEGORIES, { error: `Category must be one of ${DOCUMENT_CATEGORIES.join(', ')}` })
      .optional(),
  })
  .strict()
  .refine((body) => (body.tag === undefined) !== (body.category === undefined), DOCUMENT_MESSAGES.suggestionRequired);
export type KeepDocumentSuggestionPayload = z.output<typeof keepDocumentSuggestionSchema>;

/**
 * The Edit Document form: tags as the comma-separated text the user types (spec §5: trimmed,
 * empties dropped, null when none), turned into the list PATCH takes.
 */
export const editDocumentFormSchema = z.object({
  originalName: documentName,
  category: z.enum(DOCUMENT_CATEGORIES).nullable(),
  tags: z.string().transform(commaSeparatedTags).pipe(documentTagsSchema),
  summary: text('Summary', DOCUMENT_LIMITS.summaryMax),
});
export type EditDocumentFormInput = z.input<typeof editDocumentFormSchema>;

/** PATCH /api/documents/:id/move: a folder, or null for Root. */
export const moveDocumentSchema = z.object({ folderId: folderIdSchema }).strict();
export type MoveDocumentPayload = z.output<typeof moveDocumentSchema>;

const folderName = text('Folder name', DOCUMENT_LIMITS.folderNameMax, {
  required: DOCUMENT_MESSAGES.folderNameRequired,
});
const folderColor = z.enum(FOLDER_COLORS, { error: `Colour must be one of ${FOLDER_COLORS.join(', ')}` });

/** POST /api/document-folders (spec §7: name, parentFolderId, color). */
export const createFolderSchema = z
  .object({
    name: folderName,
    parentFolderId: folderIdSchema.optional().transform((id) => id ?? null),
    color: folderColor.default(DEFAULT_FOLDER_COLOR),
  })
  .strict();
export type CreateFolderInput = z.input<typeof createFolderSchema>;
export type CreateFolderPayload = z.output<typeof createFolderSchema>;

/** PATCH /api/document-folders/:id: rename, recolour, or move under another folder (null: Root). */
export const updateFolderSchema = z
  .object({ name: folderName.optional(), color: folderColor.optional(), parentFolderId: folderIdSchema.optional() })
  .strict();
export type UpdateFolderPayload = z.output<typeof updateFolderSchema>;

// eslint-disable-next-line no-control-regex -- control characters are what sanitizeFileName removes
const HIDDEN_FILE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name safe to store and show: the last path segment only (no ../), without control and
 * bidi-override characters, trimmed of dots and spaces at the ends (no hidden or dot-dot names),
 * at most 255 characters keeping the extension. Empty becomes 'document'.
 */
export function sanitizeFileName(name: string): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  let clean = lastSegment.normalize('NFC').replace(HIDDEN_FILE_NAME_CHARACTERS, '');
  clean = clean.replace(/^[\s.]+|[\s.]+$/g, '');
  if (clean.length > DOCUMENT_LIMITS.nameMax) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = clean.slice(0, DOCUMENT_LIMITS.nameMax - extension.length).trimEnd() + extension;
  }
  return clean || 'document';
}

/** Spec §9: Bytes, KB, MB, GB in steps of 1024 ('0 Bytes', '512 Bytes', '1.5 KB', '25 MB'). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** power;
  return `${power === 0 ? value : Math.round(value * 100) / 100} ${units[power]}`;
}
