/**
 * What text-extractor.ts and the reader's process (extract-text.worker.mts) say to each other. Types
 * only: the reader imports them with `import type`, which Node's type stripping erases.
 */

/** The one message the reader gets, once it said `ready`: the file's bytes and how to read them. */
export interface ExtractionRequest {
  bytes: Uint8Array;
  mimeType: string;
  /** Stop after this many characters of text. */
  maxChars: number;
  /** An archive (a .docx) whose parts unpack to more bytes than this is refused, declared or actual. */
  maxUnpackedBytes: number;
  /** An archive with more entries than this is refused. */
  maxArchiveEntries: number;
  /** The reason a file over maxUnpackedBytes is given, for the user. */
  unpackedReason: string;
  /** Text recognition for scanned pages and photos; null: none (only a text layer is read). */
  ocr: OcrRequest | null;
}

/** How the reader recognises text (tesseract, PDF pages rasterised by pdftoppm), as child processes. */
export interface OcrRequest {
  /** A directory of this extraction's own for the page images; the caller removes it. */
  tempDir: string;
  /** The PATH the programs are looked up in (the reader's own environment is empty). */
  path: string;
  /** Tesseract's languages, joined with '+' ('eng+deu+fra+spa'). */
  languages: string;
  /** Pages past this many recognised ones are left unread ('none'). */
  maxPages: number;
  /** One program run (a page rasterised, a page recognised) is killed after this long. */
  pageTimeoutMs: number;
  /** An image with more pixels than this is not recognised; a PDF page is rasterised at most this size. */
  maxPixels: number;
  /** The programs' address space (ulimit -v), so a hostile image costs at most this. */
  maxMemoryMb: number;
}

/** Where a page's text came from: its text layer, recognition of its image, or neither (no text, or not recognised). */
export type PageSource = 'text' | 'ocr' | 'none';

/** The reader's messages, in order: `ready`, `heap` (it then gets the request), any number of `text` (and `heap` again), then one `end`, `unreadable`, `unsupported` or `broken`. */
export type ExtractionWorkerMessage =
  /** The reader's code loaded: an error from now on is the file's doing. */
  | { type: 'ready' }
  /**
   * The reader's V8 heap as it stands (bytes committed), sent every MEMORY_CHECK_MS while its event
   * loop is free: what of its resident memory is heap, so the rest can be counted as buffers.
   */
  | { type: 'heap'; heapBytes: number }
  /** The next piece of the text (a PDF page, or a slice of a longer text). */
  | { type: 'text'; text: string }
  /** Where page `page`'s text came from (sent once per page; an image is page 1). */
  | { type: 'page'; page: number; source: PageSource }
  /** Recognition could not run (the program is missing, or failed): `reason` is for the user; the text layer is still read. */
  | { type: 'ocr-unavailable'; reason: string; detail: string }
  /** A child process was started: killed by the caller if the reader is stopped before it ends. */
  | { type: 'child'; pid: number }
  /** That child process ended (its pid is no longer the caller's to kill). */
  | { type: 'child-ended'; pid: number }
  /** All the text was sent; `truncated` when it stopped at maxChars. */
  | { type: 'end'; truncated: boolean }
  /** The file cannot be read: `reason` is for the user, `detail` (the parser's own words) for the log. */
  | { type: 'unreadable'; reason: string; detail: string }
  /** A type there is no reader for. */
  | { type: 'unsupported' }
  /** The reader itself could not start (a package missing from the build): not the file's fault. */
  | { type: 'broken'; detail: string };
