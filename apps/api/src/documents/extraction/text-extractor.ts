import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  /** The reader is stopped after this long. */
  timeoutMs: number;
  /** The reader's V8 heap (old generation); past it the reader's process dies, not the API. */
  maxHeapMb: number;
  /**
   * What a file may unpack to (DOCUMENT_MAX_UNPACKED_MB): a .docx's parts, declared and actual,
   * and the reader's buffers outside its heap (a PDF's decoded streams), beyond the file itself.
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

/** How often the reader's memory is looked at; a bomb inflates at most a few tens of MB in between. */
export const MEMORY_CHECK_MS = 50;
/** Room in the reader's buffers for pdf.js's own tables, fonts and character maps. */
const BUFFER_SLACK_MB = 32;
/** V8's own words when a heap is full (Node's fatal out-of-memory report). */
const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit/;
/** What the reader's process writes to stderr is kept up to this much (the end of it), for the log. */
const STDERR_KEPT = 16 * 1024;

const MB = 1024 * 1024;
/** /proc/<pid>/statm counts in pages; Linux's are 4 KiB on the machines the API runs on. */
const PAGE_BYTES = 4096;

/** The reason a file over the unpacked-size ceiling is marked failed with, shown in the Documents screen. */
export const unpackedReason = (maxUnpackedMb: number) =>
  `This file expands to more than ${maxUnpackedMb} MB when unpacked, so its text was not extracted.`;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The types with a reader in extract-text.worker.mts; anything else is 'unsupported' without reading a byte. */
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
 * The reader's entry: the TypeScript source when this module runs from the sources (jest; Node
 * strips the types), the .mjs tsc emits beside this file's .js in dist otherwise.
 */
export const WORKER_FILE = path.join(
  __dirname,
  __filename.endsWith('.ts') ? 'extract-text.worker.mts' : 'extract-text.worker.mjs',
);

/**
 * Where Node keeps the reader's compiled code between files (a cold cache costs only time): made
 * here once, so the reader is only ever given a folder that exists and is the API's own; none else.
 */
let readerCompileCache: string | null | undefined;
function compileCacheEnv(): Record<string, string> {
  if (readerCompileCache === undefined) {
    const folder = path.join(os.tmpdir(), 'aide-reader-compile-cache');
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      // The cache is code the reader runs: a folder someone else made (the temp folder is shared) is not used.
      const { uid, mode } = statSync(folder);
      readerCompileCache = uid === process.getuid?.() && (mode & 0o022) === 0 ? folder : null;
    } catch {
      readerCompileCache = null;
    }
  }
  return readerCompileCache ? { NODE_COMPILE_CACHE: readerCompileCache } : {};
}

const seconds = (ms: number) => Math.round(ms / 1000);

export interface ExtractTextOptions {
  limits?: ExtractionLimits;
  /** Aborted when the job is stopping. */
  signal?: AbortSignal;
  /** Another reader entry (tests of a reader that cannot start). */
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
 * Reads the text of a file in a process of its own (extract-text.worker.mts) with a heap limit, a
 * timeout and a watch on its memory, so a hostile or huge file costs at most that process. Not a
 * worker thread: a thread's heap limit does not always hold, and a thread that overruns it can
 * abort the whole API with it (V8's fatal out-of-memory error; nodejs/node#47224), which CI saw
 * on a busy machine. The text comes back in pieces and is joined once. Everything the file does
 * wrong is an outcome; it rejects only when the fault is not the file's, for the job to run again
 * later: `signal` aborted (the job is stopping), or the reader could not start (a broken build:
 * marking every file 'failed' would hide it).
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
      bytes,
      mimeType: type,
      maxChars: limits.maxChars,
      maxUnpackedBytes: limits.maxUnpackedMb * MB,
      maxArchiveEntries: limits.maxArchiveEntries,
      unpackedReason: reason,
      ocr,
    };
    const maxBufferBytes = bytes.byteLength + (limits.maxUnpackedMb + BUFFER_SLACK_MB) * MB;
    const reader = fork(options.workerFile ?? WORKER_FILE, [], {
      // Nothing of the API's own flags or environment is the parser's business. Node keeps the
      // reader's compiled code (pdf.js is large) on disk for the next file's process.
      execArgv: [`--max-old-space-size=${limits.maxHeapMb}`, '--max-semi-space-size=16'],
      env: compileCacheEnv(),
      // A group of its own: stopping it stops the recognition programs it started too.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Structured clone: the file's bytes go over as bytes, not as JSON.
      serialization: 'advanced',
    });
    const pieces: string[] = [];
    const pages: PageText[] = [];
    let recognitionError: string | null = null;
    /** tesseract and pdftoppm processes the reader started: killed with it. */
    const children = new Set<number>();
    let settled = false;
    let ready = false;
    /** The reader's resident memory beside its heap once its code loaded: what its buffers are counted from. */
    let baselineBytes: number | null = null;
    /** The reader's heap, as it last said. */
    let heapBytes = 0;
    // The reader's own output (pdf.js warnings) is not the API's log; its end says why it died.
    let stderr = '';
    let heapExhausted = false;
    reader.stderr?.setEncoding('utf8');
    reader.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
      heapExhausted ||= HEAP_EXHAUSTED.test(stderr);
    });

    const stop = () => {
      for (const target of [-(reader.pid ?? 0), ...children]) {
        try {
          if (target) process.kill(target, 'SIGKILL');
        } catch {
          // Already ended.
        }
      }
    };
    const finish = (outcome: ExtractionOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(memoryCheck);
      signal?.removeEventListener('abort', onAbort);
      stop();
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
     * The heap limit bounds the reader's JS heap only: ArrayBuffers and Buffers (a PDF stream pdf.js
     * inflates, a .docx part) live outside it. The .docx path counts every byte it unpacks
     * (checkedDocx in the reader); for everything else (pdf.js's FlateDecode, LZW and other stream
     * filters, which take no limit) the reader's buffers are watched from here: its resident memory
     * (/proc, readable however busy the reader is) less its heap (as it last said) and what it held
     * beside the heap once loaded. Past the file plus maxUnpackedMb and a little room for pdf.js's
     * own tables it is stopped. Between two looks a decoder can add a few tens of MB, or double one
     * buffer. On a system without /proc only the heap limit holds.
     */
    const memoryCheck = setInterval(() => {
      if (settled || baselineBytes === null) return;
      const resident = residentBytes(reader.pid);
      if (resident === null) return;
      const buffers = resident - baselineBytes - heapBytes;
      if (buffers > maxBufferBytes)
        failed(
          reason,
          `the reader's buffers reached ${Math.round(buffers / MB)} MB (limit ${Math.round(maxBufferBytes / MB)} MB)`,
        );
    }, MEMORY_CHECK_MS);
    signal?.addEventListener('abort', onAbort, { once: true });

    reader.on('message', (message: ExtractionWorkerMessage) => {
      switch (message.type) {
        case 'ready':
          ready = true;
          return;
        case 'heap':
          heapBytes = message.heapBytes;
          // The first, sent right after 'ready': what the reader holds beside its heap once loaded,
          // read before it has the file. Then the file goes over (a reader gone by now is reported by 'close').
          if (baselineBytes === null) {
            baselineBytes = (residentBytes(reader.pid) ?? heapBytes) - heapBytes;
            reader.send(request, () => undefined);
          }
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
    reader.on('error', (error) => broken(`${error.name}: ${error.message}`));
    // 'close', not 'exit': by then all of its stderr has been read.
    reader.on('close', (code, exitSignal) => {
      if (settled) return;
      const how = code === null ? `signal ${exitSignal}` : `exit code ${code}`;
      if (heapExhausted)
        return failed('The file is too large or too complex to read', `the reader ran out of heap (${how})`);
      if (ready)
        return failed(
          'The file could not be read',
          `the reader stopped (${how}) before it finished: ${lastLine(stderr)}`,
        );
      broken(`it exited with ${how}: ${lastLine(stderr)}`);
    });
  });
}

/** A process' resident memory in bytes, from /proc (Linux); null where that cannot be read. */
function residentBytes(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const residentPages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return Number.isFinite(residentPages) ? residentPages * PAGE_BYTES : null;
  } catch {
    return null;
  }
}

/** The last non-empty line of a process' output, for the log. */
const lastLine = (output: string) =>
  output
    .trim()
    .split('\n')
    .filter((line) => line.trim())
    .at(-1) ?? '';
