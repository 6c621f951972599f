/**
 * What text-extractor.ts and its worker thread (extract-text.worker.mts) say to each other. Types
 * only: the worker imports them with `import type`, which Node's type stripping erases.
 */

/** The worker's workerData: the file's bytes (transferred, not copied) and how to read them. */
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
}

/** The worker's messages, in order: `ready`, any number of `text`, then one `end`, `unreadable`, `unsupported` or `broken`. */
export type ExtractionWorkerMessage =
  /** The worker's code loaded: an error from now on is the file's doing. */
  | { type: 'ready' }
  /** The next piece of the text (a PDF page, or a slice of a longer text). */
  | { type: 'text'; text: string }
  /** All the text was sent; `truncated` when it stopped at maxChars. */
  | { type: 'end'; truncated: boolean }
  /** The file cannot be read: `reason` is for the user, `detail` (the parser's own words) for the log. */
  | { type: 'unreadable'; reason: string; detail: string }
  /** A type the worker has no reader for. */
  | { type: 'unsupported' }
  /** The reader itself could not start (a package missing from the build): not the file's fault. */
  | { type: 'broken'; detail: string };
