import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExtractionRequest, ExtractionWorkerMessage, OcrRequest, PageSource } from './extraction-protocol';

export type { PageSource } from './extraction-protocol';

/** Where one page's text came from. */
export interface PageText {
  page: number;
  source: PageSource;
}

/** What reading a file's text came to. */
export type ExtractionOutcome =
  | {
      status: 'done';
      text: string;
      truncated: boolean;
      /** Per page (a PDF's, an image's): whether its text was extracted, recognised or neither; [] for other types. */
      pages: PageText[];
      /** Why recognition did not run where it was needed (not installed, an image too large), for the user; else null. */
      recognitionError: string | null;
    }
  /** The file cannot be read (damaged, password-protected, too big or too slow to parse): `error` is for the user. */
  | { status: 'failed'; error: string; detail: string }
  | { status: 'unsupported' };

export interface ExtractionLimits {
  /** Text beyond this many characters is dropped. */
  maxChars: number;
  /** The worker is stopped after this long. */
  timeoutMs: number;
  /** The worker's V8 heap (old generation); past it the worker dies, not the API. */
  maxHeapMb: number;
  /**
   * What a file may unpack to (DOCUMENT_MAX_UNPACKED_MB): a .docx's parts, declared and actual,
   * and the worker's buffers outside its heap (a PDF's decoded streams), beyond the file itself.
   */
  maxUnpackedMb: number;
  /** An archive with more entries than this is refused (a .docx has tens, a big one a few hundred). */
  maxArchiveEntries: number;
  /** Text recognition of scans and photos: how many pages, how long each, how large. */
  ocr: OcrLimits;
}

export interface OcrLimits {
  /** Pages recognised per file; further scanned pages are left unread. */
  maxPages: number;
  /** One program run (rasterising or recognising a page) is killed after this long. */
  pageTimeoutMs: number;
  /** Larger images are not recognised; PDF pages are rasterised at most this many pixels. */
  maxPixels: number;
  /** Each program's address space. */
  maxMemoryMb: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = {
  maxChars: 1_000_000,
  timeoutMs: 60_000,
  maxHeapMb: 256,
  maxUnpackedMb: 100,
  maxArchiveEntries: 10_000,
  // An A4 page at 300 dpi is 8.7 megapixels; tesseract takes 1–3 s on it.
  ocr: { maxPages: 20, pageTimeoutMs: 30_000, maxPixels: 40_000_000, maxMemoryMb: 1024 },
};

/**
 * Tesseract's languages: the Latin-script ones of the app's six always (a letter in German is read
 * as well as one in English), Japanese or Chinese when that is the person's language (they slow
 * recognition of everything else down, so only then). A language whose data is not installed is
 * left out by the caller (ocrLanguages).
 */
export const OCR_BASE_LANGUAGES = ['eng', 'deu', 'fra', 'spa'];
export const OCR_LANGUAGE_BY_APP_LANGUAGE: Record<string, string> = { ja: 'jpn', zh: 'chi_sim' };

/** Photos and scans whose text is recognised. */
export const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/tiff', 'image/webp']);

/** How often the worker's buffer memory is looked at; a bomb inflates at most a few tens of MB in between. */
export const MEMORY_CHECK_MS = 50;
/** Room in the worker's buffers for pdf.js's own tables, fonts and character maps. */
const BUFFER_SLACK_MB = 32;

const MB = 1024 * 1024;

/** The reason a file over the unpacked-size ceiling is marked failed with, shown in the Documents screen. */
export const unpackedReason = (maxUnpackedMb: number) =>
  `This file expands to more than ${maxUnpackedMb} MB when unpacked, so its text was not extracted.`;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The types with a reader in the worker; anything else is 'unsupported' without reading a byte. */
export const EXTRACTABLE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  DOCX,
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/json',
  'text/html',
  ...IMAGE_TYPES,
]);

/** A MIME type as stored may carry parameters ('text/plain; charset=utf-8'): its bare, lower-case type. */
export const bareMimeType = (mimeType: string) => mimeType.split(';')[0].trim().toLowerCase();

/**
 * The worker's entry: the TypeScript source when this module runs from the sources (jest; Node
 * strips the types), the .mjs tsc emits beside this file's .js in dist otherwise.
 */
export const WORKER_FILE = path.join(
  __dirname,
  __filename.endsWith('.ts') ? 'extract-text.worker.mts' : 'extract-text.worker.mjs',
);

const seconds = (ms: number) => Math.round(ms / 1000);

export interface ExtractTextOptions {
  limits?: ExtractionLimits;
  /** Aborted when the job is stopping. */
  signal?: AbortSignal;
  /** Another worker entry (tests of a reader that cannot start). */
  workerFile?: string;
  /**
   * Tesseract's languages ('eng+deu'), for scanned PDF pages and images; absent: text layers only
   * (an image's page is then 'none', with no reason given).
   */
  ocrLanguages?: string;
  /** Where tesseract and pdftoppm are looked up: the API's PATH unless told (tests of a machine without them). */
  ocrPath?: string;
}

/**
 * Reads the text of a file in a worker thread (extract-text.worker.mts) with a heap limit, a
 * timeout and a watch on its buffers, so a hostile or huge file costs at most that thread. `bytes` is handed over to the
 * worker (transferred: the caller's copy is emptied), the text comes back in pieces and is joined
 * once. Everything the file does wrong is an outcome; it rejects only when the fault is not the
 * file's, for the job to run again later: `signal` aborted (the job is stopping), or the reader
 * could not start (a broken build: marking every file 'failed' would hide it).
 */
export function extractText(
  bytes: Uint8Array,
  mimeType: string,
  options: ExtractTextOptions = {},
): Promise<ExtractionOutcome> {
  const limits = options.limits ?? EXTRACTION_LIMITS;
  const type = bareMimeType(mimeType);
  if (!EXTRACTABLE_TYPES.has(type)) return Promise.resolve({ status: 'unsupported' });
  const { signal } = options;
  signal?.throwIfAborted();

  // Only a whole buffer of its own can be handed over (a small Buffer is a view of a shared pool): else a copy.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

  // Only PDFs and images can need recognition; their page images go to a directory of this extraction's own.
  const ocr: OcrRequest | null =
    options.ocrLanguages && (type === 'application/pdf' || IMAGE_TYPES.has(type))
      ? {
          tempDir: mkdtempSync(path.join(os.tmpdir(), 'aide-ocr-')),
          path: options.ocrPath ?? process.env.PATH ?? '/usr/bin:/bin',
          languages: options.ocrLanguages,
          ...limits.ocr,
        }
      : null;
  // Recognition gets time of its own on top of reading the file: every page it may read, at most.
  const timeoutMs = limits.timeoutMs + (ocr ? Math.min(limits.ocr.maxPages * limits.ocr.pageTimeoutMs, 120_000) : 0);

  return new Promise<ExtractionOutcome>((resolve, reject) => {
    const reason = unpackedReason(limits.maxUnpackedMb);
    const request: ExtractionRequest = {
      bytes: own,
      mimeType: type,
      maxChars: limits.maxChars,
      maxUnpackedBytes: limits.maxUnpackedMb * MB,
      maxArchiveEntries: limits.maxArchiveEntries,
      unpackedReason: reason,
      ocr,
    };
    const maxBufferBytes = own.byteLength + (limits.maxUnpackedMb + BUFFER_SLACK_MB) * MB;
    const worker = new Worker(options.workerFile ?? WORKER_FILE, {
      workerData: request,
      transferList: [own.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      // Nothing of the API's own flags or environment is the parser's business.
      execArgv: [],
      env: {},
      stdout: true,
      stderr: true,
    });
    const pieces: string[] = [];
    const pages: PageText[] = [];
    let recognitionError: string | null = null;
    /** tesseract and pdftoppm processes the worker started: killed with it. */
    const children = new Set<number>();
    let settled = false;
    let ready = false;

    const finish = (outcome: ExtractionOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryCheck);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      for (const pid of children) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already ended.
        }
      }
      if (ocr) rmSync(ocr.tempDir, { recursive: true, force: true });
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const failed = (error: string, detail: string) => finish({ status: 'failed', error, detail });
    const broken = (detail: string) => finish(new Error(`The text reader could not start: ${detail}`));
    const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('Extraction was stopped'));
    const timer = setTimeout(
      () =>
        failed(`Reading the file took longer than ${seconds(timeoutMs)} seconds`, `timed out after ${timeoutMs} ms`),
      timeoutMs,
    );
    /*
     * resourceLimits bound the worker's JS heap only: ArrayBuffers and Buffers (a PDF stream pdf.js
     * inflates, a .docx part) live outside it, in the API's own process. The .docx path counts every
     * byte it unpacks (checkedDocx in the worker); for everything else (pdf.js's FlateDecode, LZW and
     * other stream filters, which take no limit) the worker's external memory is watched from here
     * and the worker stopped past the file plus maxUnpackedMb (and a little room for pdf.js's own
     * tables). getHeapStatistics() answers even while the worker's JS is busy (it runs as a V8
     * interrupt); between two looks a decoder can add a few tens of MB, or double one buffer.
     * A worker thread rather than a child process: the file's bytes are handed over without a copy,
     * and stopping the thread frees its buffers at once (terminate disposes its isolate).
     */
    let checking = false;
    const memoryCheck = setInterval(() => {
      if (checking || settled) return;
      checking = true;
      worker
        .getHeapStatistics()
        .then((stats) => {
          if (stats.external_memory > maxBufferBytes)
            failed(
              reason,
              `the reader's buffers reached ${Math.round(stats.external_memory / MB)} MB (limit ${Math.round(maxBufferBytes / MB)} MB)`,
            );
        })
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, MEMORY_CHECK_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    // The worker's own output (pdf.js warnings) is not the API's log.
    worker.stdout.resume();
    worker.stderr.resume();

    worker.on('message', (message: ExtractionWorkerMessage) => {
      switch (message.type) {
        case 'ready':
          ready = true;
          return;
        case 'text':
          pieces.push(message.text);
          return;
        case 'page':
          pages.push({ page: message.page, source: message.source });
          return;
        case 'ocr-unavailable':
          recognitionError ??= message.reason;
          return;
        case 'child':
          children.add(message.pid);
          return;
        case 'child-ended':
          children.delete(message.pid);
          return;
        case 'end':
          return finish({
            status: 'done',
            text: pieces.join(''),
            truncated: message.truncated,
            pages,
            // A reason matters only where a page was left unread.
            recognitionError: pages.some((page) => page.source === 'none') ? recognitionError : null,
          });
        case 'unreadable':
          return failed(message.reason, message.detail);
        case 'unsupported':
          return finish({ status: 'unsupported' });
        case 'broken':
          return broken(message.detail);
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        return failed('The file is too large or too complex to read', error.message);
      if (!ready) return broken(`${error.name}: ${error.message}`);
      failed('The file could not be read', `${error.name}: ${error.message}`);
    });
    worker.on('exit', (code) =>
      ready
        ? failed('The file could not be read', `the reader stopped (exit code ${code}) before it finished`)
        : broken(`it exited with code ${code}`),
    );
  });
}
