/**
 * The process that reads an uploaded file's text (text-extractor.ts forks one per file, with a
 * heap limit, a timeout and a watch on its memory; a .docx is checked against decompression bombs
 * here, see checkedDocx): an untrusted file is parsed here, so a hostile or huge one can at worst
 * kill this process, never the API. Text goes out in pieces (a PDF page at a time) and
 * stops at `maxChars`, so neither side holds the whole of a long text several times.
 *
 * Plain Node, not jest's module system (pdfjs-dist is ESM only): Node runs this file as TypeScript
 * from the sources (type stripping) and as the .mjs tsc emits in dist. So: erasable syntax only,
 * and imports of npm packages and node: builtins only (`import type` of siblings is erased).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire, flushCompileCache } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ExtractionRequest, ExtractionWorkerMessage, OcrRequest, PageSource } from './extraction-protocol.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Photos and scans tesseract reads (through leptonica), with the extension it knows them by. */
const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
  'image/webp': 'webp',
};
const PLAIN_TEXT = new Set(['text/plain', 'text/markdown', 'text/csv', 'application/json']);
/** How often the heap's size is sent (text-extractor.ts' MEMORY_CHECK_MS). */
const HEAP_REPORT_MS = 50;
/** Longer texts (a Word file, an HTML page) are sent in pieces of this many characters. */
const PIECE = 64 * 1024;

/** HTML beyond this is not read: its text would be cut at maxChars anyway, and the parsed page lives in memory. */
const HTML_MAX_BYTES = 10 * 1024 * 1024;

/** A failure with words for the user (`reason`) and for the log (`detail`). */
class ReasonedError extends Error {
  readonly reason: string;
  readonly detail: string;

  constructor(reason: string, detail: string) {
    super(reason);
    this.reason = reason;
    this.detail = detail;
  }
}

/** The file cannot be read (damaged, protected, too big): it fails with `reason`. */
class Unreadable extends ReasonedError {}

/** The reader itself cannot work (a package missing from the build): not the file's fault. */
class ReaderUnavailable extends Error {}

/** The answers after which the API stops this process: what Node compiled by then is kept on disk first (see text-extractor.ts). */
const LAST_MESSAGES = new Set<ExtractionWorkerMessage['type']>(['end', 'unreadable', 'unsupported', 'broken']);

const send = (message: ExtractionWorkerMessage): void => {
  if (LAST_MESSAGES.has(message.type)) flushCompileCache();
  process.send!(message);
};
const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

async function load<T>(what: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    throw new ReaderUnavailable(`${what} could not be loaded: ${describe(error)}`);
  }
}

/**
 * Text as stored: line breaks as \n, no NUL or other control characters (Postgres text refuses
 * NUL), no trailing spaces, at most one blank line in a row.
 */
function clean(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => (c === '\f' || c === '\v' ? '\n' : ''))
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
  );
}

/** Sends text in order up to `maxChars` in all; answers false once the limit is reached. */
class TextSink {
  private readonly maxChars: number;
  private sent = 0;
  truncated = false;

  /** Nothing was sent yet. */
  get empty(): boolean {
    return this.sent === 0;
  }

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  /** Sends `text` (or as much as still fits); false when no more is wanted. */
  push(text: string): boolean {
    if (this.truncated) return false;
    let piece = text;
    const room = this.maxChars - this.sent;
    if (piece.length > room) {
      // Never cut a surrogate pair in two.
      const end = room > 0 && /[\ud800-\udbff]/.test(piece[room - 1]) ? room - 1 : room;
      piece = piece.slice(0, end);
      this.truncated = true;
    }
    for (let start = 0; start < piece.length; start += PIECE)
      send({ type: 'text', text: piece.slice(start, start + PIECE) });
    this.sent += piece.length;
    return !this.truncated;
  }
}

/** Recognition cannot run at all (a program missing): the text layer is still read, and the user told why. */
class OcrUnavailable extends ReasonedError {}

/** One program run failed on this page (killed at its time or memory limit, or refused the image): the page stays unread. */
class PageNotRecognised extends Error {}

const NOT_INSTALLED =
  'Text recognition is not installed on this server (tesseract-ocr and poppler-utils), so scanned pages were not read.';
/** What a program may print: a page's text is far less; anything beyond is dropped. */
const MAX_PROGRAM_OUTPUT = 4 * 1024 * 1024;

/**
 * Runs `program` as a child process under the OCR limits: its address space capped (ulimit -v, set
 * by the shell that then becomes the program), killed after pageTimeoutMs, one thread (tesseract
 * would take every core), nothing of the API's environment but PATH. Its pid is sent to the
 * caller, who kills it if this process is stopped first. Answers its standard output.
 */
function runProgram(ocr: OcrRequest, program: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', `ulimit -v ${ocr.maxMemoryMb * 1024} && exec "$0" "$@"`, program, ...args], {
      env: { PATH: ocr.path, OMP_THREAD_LIMIT: '1', LC_ALL: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: ocr.pageTimeoutMs,
      killSignal: 'SIGKILL',
    });
    if (child.pid) send({ type: 'child', pid: child.pid });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errText = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (outBytes < MAX_PROGRAM_OUTPUT) out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => (errText = (errText + chunk.toString('utf8')).slice(-2000)));
    child.on('error', (error) => reject(new OcrUnavailable(NOT_INSTALLED, describe(error))));
    child.on('close', (code, signal) => {
      if (child.pid) send({ type: 'child-ended', pid: child.pid });
      if (code === 0) return resolve(Buffer.concat(out));
      // 127: the shell found no such program.
      if (code === 127) return reject(new OcrUnavailable(NOT_INSTALLED, `${program} not found: ${errText.trim()}`));
      reject(
        new PageNotRecognised(
          signal
            ? `${program} was stopped (${signal}) at its limits`
            : `${program} exited with ${code}: ${errText.trim()}`,
        ),
      );
    });
  });
}

/** Tesseract's text of one image file: page images separated by form feeds (a TIFF may hold several). */
async function recognise(ocr: OcrRequest, imageFile: string): Promise<string[]> {
  const output = await runProgram(ocr, 'tesseract', [imageFile, 'stdout', '-l', ocr.languages, '--psm', '3']);
  return output
    .toString('utf8')
    .split('\f')
    .map((page) => clean(page).trim());
}

/** Width and height from a PNG's or JPEG's header, without decoding it; null for other formats or a header not understood. */
function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length >= 24 && buffer.readUInt32BE(0) === 0x89504e47 && buffer.toString('latin1', 12, 16) === 'IHDR')
    return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
  if (buffer.length >= 4 && buffer[0] === 0xff && buffer[1] === 0xd8) {
    for (let at = 2; at + 9 < buffer.length;) {
      if (buffer[at] !== 0xff) return null;
      const marker = buffer[at + 1];
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: buffer.readUInt16BE(at + 5), width: buffer.readUInt16BE(at + 7) };
      at += 2 + buffer.readUInt16BE(at + 2);
    }
  }
  return null;
}

/** Reports recognition as unavailable once, then answers false for every later page. */
class Recognition {
  private unavailable = false;
  recognised = 0;
  readonly ocr: OcrRequest;

  constructor(ocr: OcrRequest) {
    this.ocr = ocr;
  }

  /** Whether another page may be recognised (recognition available, under maxPages). */
  get canRecognise(): boolean {
    return !this.unavailable && this.recognised < this.ocr.maxPages;
  }

  /** Runs `recognise`; answers null (and reports why, once) when recognition cannot run. */
  async attempt<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof OcrUnavailable) {
        this.unavailable = true;
        send({ type: 'ocr-unavailable', reason: error.reason, detail: error.detail });
        return null;
      }
      if (error instanceof PageNotRecognised) return null;
      throw error;
    }
  }
}

/** A photo or scan: its text recognised by tesseract (each image of a TIFF a page). */
async function imageText(bytes: Uint8Array, mimeType: string, ocr: OcrRequest | null, sink: TextSink): Promise<void> {
  const none = () => send({ type: 'page', page: 1, source: 'none' });
  if (!ocr) return none();
  const size = imageDimensions(bytes);
  if (size && size.width * size.height > ocr.maxPixels) {
    send({
      type: 'ocr-unavailable',
      reason: `The image is larger than ${Math.round(ocr.maxPixels / 1_000_000)} megapixels, so its text was not recognised.`,
      detail: `${size.width} × ${size.height} pixels`,
    });
    return none();
  }
  const file = path.join(ocr.tempDir, `image.${IMAGE_EXTENSIONS[mimeType]}`);
  await writeFile(file, bytes);
  const recognition = new Recognition(ocr);
  const pages = await recognition.attempt(() => recognise(ocr, file));
  if (!pages) return none();
  const texts = pages.length > 1 && pages[pages.length - 1] === '' ? pages.slice(0, -1) : pages;
  let first = true;
  for (const [index, text] of texts.entries()) {
    send({ type: 'page', page: index + 1, source: text ? 'ocr' : 'none' });
    if (!text) continue;
    if (!sink.push(first ? text : `\n\n${text}`)) break;
    first = false;
  }
}

/** Print resolution for a scanned page: tesseract reads best from about 300 dpi; lower when maxPixels says so. */
const RASTER_DPI = 300;

/**
 * A PDF page without a text layer: rasterised by pdftoppm (gray, at most maxPixels) from the copy
 * of the PDF in the temp dir, then recognised.
 */
async function recognisePdfPage(
  recognition: Recognition,
  number: number,
  pageSize: { width: number; height: number },
): Promise<string | null> {
  const { ocr } = recognition;
  const pdfFile = path.join(ocr.tempDir, 'document.pdf');
  recognition.recognised++;
  const pixelsAtDpi = ((pageSize.width * RASTER_DPI) / 72) * ((pageSize.height * RASTER_DPI) / 72);
  const dpi = Math.max(
    30,
    Math.floor(pixelsAtDpi > ocr.maxPixels ? RASTER_DPI * Math.sqrt(ocr.maxPixels / pixelsAtDpi) : RASTER_DPI),
  );
  const imageBase = path.join(ocr.tempDir, `page-${number}`);
  return recognition.attempt(async () => {
    await runProgram(ocr, 'pdftoppm', [
      '-f',
      String(number),
      '-l',
      String(number),
      '-r',
      String(dpi),
      '-gray',
      '-png',
      '-singlefile',
      pdfFile,
      imageBase,
    ]);
    return (await recognise(ocr, `${imageBase}.png`)).join('\n\n').trim();
  });
}

/**
 * A PDF, page by page with pdf.js: a page's text items in reading order, a line break where pdf.js
 * marks the end of a line (or the next item starts on another line), a blank line between pages.
 */
async function pdfText(bytes: Uint8Array, ocr: OcrRequest | null, sink: TextSink): Promise<void> {
  // pdf.js may take the bytes over (detach them): pdftoppm's copy is written first, to disk rather than memory.
  const recognition = ocr ? new Recognition(ocr) : null;
  if (ocr) await writeFile(path.join(ocr.tempDir, 'document.pdf'), bytes);
  const pdfjs = await load('pdfjs-dist', () => import('pdfjs-dist/legacy/build/pdf.mjs'));
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const task = pdfjs.getDocument({
    data: bytes,
    // Text needs no rendering: no eval'd font programs, no system fonts, nothing fetched.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    // CJK PDFs name predefined character maps; the standard fonts' metrics help place the text.
    cMapUrl: `${root}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${root}/standard_fonts/`,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new Unreadable('The PDF is password-protected', describe(error));
    if (name === 'InvalidPDFException') throw new Unreadable('The PDF is damaged or is not a PDF', describe(error));
    throw new Unreadable('The PDF could not be read', describe(error));
  }
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      let page;
      let content;
      try {
        page = await doc.getPage(number);
        content = await page.getTextContent();
      } catch (error) {
        throw new Unreadable(`Page ${number} of the PDF is damaged`, describe(error));
      }
      let text = '';
      let lastY: number | undefined;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5];
        if (
          lastY !== undefined &&
          item.str &&
          Math.abs(y - lastY) > Math.max(1, item.height / 2) &&
          !text.endsWith('\n')
        )
          text += '\n';
        text += item.str;
        if (item.hasEOL) text += '\n';
        if (item.str) lastY = y;
      }
      let cleaned = clean(text).trim();
      let source: PageSource = cleaned ? 'text' : 'none';
      // A page with no text layer is a scan (or a picture): its image is recognised.
      if (!cleaned && recognition?.canRecognise) {
        const [, , width, height] = page.view;
        const recognised = await recognisePdfPage(recognition, number, { width, height });
        if (recognised) {
          cleaned = recognised;
          source = 'ocr';
        }
      }
      page.cleanup();
      send({ type: 'page', page: number, source });
      if (cleaned && !sink.push(sink.empty ? cleaned : `\n\n${cleaned}`)) break;
    }
  } finally {
    await doc.destroy();
  }
}

/** One entry of a ZIP's central directory, as the archive declares it. */
interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** An entry declaring more than this many times its packed size (and over 1 MB) is a bomb: deflate tops out near 1032:1, real XML near 20:1. */
const MAX_RATIO = 1000;
const RATIO_MIN_BYTES = 1024 * 1024;

const damagedDocx = (detail: string) => new Unreadable('The Word document is damaged or is not a .docx file', detail);

/**
 * The central directory of a ZIP (a .docx), read without unpacking anything: every entry's name,
 * method, declared sizes and where its data starts. ZIP64 fields are honoured, so a bomb cannot
 * hide a size behind 0xFFFFFFFF. Refuses more entries than `maxEntries` before reading them.
 */
function zipDirectory(bytes: Buffer, maxEntries: number, tooMany: () => Unreadable): ZipEntry[] {
  const minEocd = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= minEocd; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw damagedDocx('no end of central directory record');
  let count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && bytes.readUInt32LE(eocd - 20) === 0x07064b50) {
    const zip64 = Number(bytes.readBigUInt64LE(eocd - 12));
    if (zip64 + 56 > bytes.length || bytes.readUInt32LE(zip64) !== 0x06064b50)
      throw damagedDocx('bad ZIP64 end of central directory');
    count = Number(bytes.readBigUInt64LE(zip64 + 32));
    offset = Number(bytes.readBigUInt64LE(zip64 + 48));
  }
  if (count > maxEntries) throw tooMany();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50)
      throw damagedDocx(`bad central directory entry ${i}`);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      localHeaderOffset: bytes.readUInt32LE(offset + 42),
    };
    // ZIP64 extra field (0x0001): the 8-byte values of those fields that read 0xFFFFFFFF, in this order.
    for (
      let extra = offset + 46 + nameLength, end = extra + extraLength;
      extra + 4 <= end && extra + 4 <= bytes.length;
    ) {
      const id = bytes.readUInt16LE(extra);
      const size = bytes.readUInt16LE(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = () => {
          if (field + 8 > extra + 4 + size || field + 8 > bytes.length)
            throw damagedDocx(`bad ZIP64 field of ${entry.name}`);
          const value = Number(bytes.readBigUInt64LE(field));
          field += 8;
          return value;
        };
        if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
        if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
        if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      }
      extra += 4 + size;
    }
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** What mammoth reads a .docx through (its `{ file }` input, lib/unzip.js: the shape its own JSZip wrapper has). */
interface MammothZip {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<string | Uint8Array>;
}

/**
 * A .docx for mammoth, checked twice against `maxUnpackedBytes`. First the sizes the archive
 * declares, before anything is unpacked: the entry count, all entries together, and no entry
 * claiming a ratio no real document has. Then the bytes actually produced, because declared sizes
 * can lie: each part mammoth asks for is inflated on demand by zlib into one buffer of its declared
 * size, with maxOutputLength stopping it the moment it would pass that (a lying part is damaged,
 * and is never held beyond what was declared and checked). Mammoth's own JSZip is not
 * used (it inflates a whole part, whatever its header says); parts mammoth does not ask for
 * (images, fonts, embedded files, nested archives) are never unpacked.
 */
function checkedDocx(bytes: Uint8Array, request: ExtractionRequest): MammothZip {
  const { maxUnpackedBytes, maxArchiveEntries } = request;
  const tooBig = (detail: string) => new Unreadable(request.unpackedReason, detail);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = zipDirectory(
    buffer,
    maxArchiveEntries,
    () =>
      new Unreadable(
        `This file holds more than ${maxArchiveEntries.toLocaleString('en')} packed parts, so its text was not extracted.`,
        'too many ZIP entries',
      ),
  );
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > maxUnpackedBytes) throw tooBig(`declared unpacked size ${declared} bytes`);
  for (const entry of entries) {
    if (
      entry.uncompressedSize > RATIO_MIN_BYTES &&
      entry.uncompressedSize > MAX_RATIO * Math.max(entry.compressedSize, 1)
    ) {
      throw new Unreadable(
        `This file is packed like a decompression bomb (a part claims to expand over ${MAX_RATIO} times), so its text was not extracted.`,
        `${entry.name} declares ${entry.uncompressedSize} bytes from ${entry.compressedSize}`,
      );
    }
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));

  let unpacked = 0;
  const unpack = (entry: ZipEntry): Buffer => {
    const local = entry.localHeaderOffset;
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50)
      throw damagedDocx(`bad local header of ${entry.name}`);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    if (start + entry.compressedSize > buffer.length) throw damagedDocx(`${entry.name} runs past the end of the file`);
    const packed = buffer.subarray(start, start + entry.compressedSize);
    const declaredSize = entry.uncompressedSize;
    let data: Buffer;
    if (entry.method === 0) data = packed;
    else if (entry.method === 8) {
      try {
        // One buffer of the declared size (plus a byte): a RangeError as soon as the output would
        // pass it, so a part is never held beyond what the archive declared and the checks above allowed.
        data = zlib.inflateRawSync(packed, {
          maxOutputLength: Math.max(declaredSize, 1),
          chunkSize: Math.max(declaredSize + 1, 64 * 1024),
        });
      } catch (error) {
        if (error instanceof RangeError)
          throw damagedDocx(`${entry.name} unpacks past the ${declaredSize} bytes it declares`);
        throw damagedDocx(`${entry.name}: ${describe(error)}`);
      }
    } else throw damagedDocx(`${entry.name} uses compression method ${entry.method}`);
    if (data.length !== declaredSize)
      throw damagedDocx(`${entry.name} unpacks to ${data.length} bytes, not the ${declaredSize} it declares`);
    // Declared sizes were checked in all; counted again as read, in case mammoth reads a part twice.
    if (unpacked + data.length > maxUnpackedBytes)
      throw tooBig(`parts read unpack past ${maxUnpackedBytes} bytes in all`);
    unpacked += data.length;
    return data;
  };

  return {
    exists: (name) => byName.has(name),
    read: async (name, encoding) => {
      const entry = byName.get(name);
      if (!entry) throw damagedDocx(`no part named ${name}`);
      const data = unpack(entry);
      if (encoding === 'base64') return data.toString('base64');
      return encoding
        ? new TextDecoder(encoding).decode(data)
        : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    },
  };
}

/** A Word .docx with mammoth, through checkedDocx: its paragraphs' text, a blank line between paragraphs. */
async function docxText(bytes: Uint8Array, request: ExtractionRequest, sink: TextSink): Promise<void> {
  const file = checkedDocx(bytes, request);
  const { default: mammoth } = await load('mammoth', () => import('mammoth'));
  let result;
  try {
    // `{ file }` is mammoth's input for an already-opened zip (lib/unzip.js), not in its typings.
    result = await mammoth.extractRawText({ file } as unknown as { buffer: Buffer });
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    throw damagedDocx(describe(error));
  }
  sink.push(clean(result.value).trim());
}

/**
 * UTF-8 text (a BOM dropped, invalid bytes as U+FFFD). Only as many bytes as can make `maxChars`
 * characters are decoded: a UTF-16 code unit takes at most 3 bytes of UTF-8.
 */
function decodeUtf8(bytes: Uint8Array, maxChars: number): string {
  const limit = maxChars * 3;
  // stream: a character cut at the limit is left out rather than turned into U+FFFD.
  return new TextDecoder('utf-8').decode(bytes.byteLength > limit ? bytes.subarray(0, limit) : bytes, {
    stream: bytes.byteLength > limit,
  });
}

/** An HTML page's readable text with html-to-text: no scripts, styles, templates or images, links without their addresses. */
async function htmlText(bytes: Uint8Array, sink: TextSink): Promise<void> {
  const { convert } = await load('html-to-text', () => import('html-to-text'));
  const html = new TextDecoder('utf-8').decode(bytes.subarray(0, HTML_MAX_BYTES));
  const text = convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'noscript', format: 'skip' },
      { selector: 'template', format: 'skip' },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  });
  sink.push(clean(text).trim());
  if (bytes.byteLength > HTML_MAX_BYTES) sink.truncated = true;
}

async function extract(request: ExtractionRequest): Promise<void> {
  const { bytes, mimeType, maxChars } = request;
  const sink = new TextSink(maxChars);
  if (mimeType === 'application/pdf') await pdfText(bytes, request.ocr, sink);
  else if (mimeType in IMAGE_EXTENSIONS) await imageText(bytes, mimeType, request.ocr, sink);
  else if (mimeType === DOCX) await docxText(bytes, request, sink);
  else if (mimeType === 'text/html') await htmlText(bytes, sink);
  else if (PLAIN_TEXT.has(mimeType)) {
    sink.push(clean(decodeUtf8(bytes, maxChars)));
    if (bytes.byteLength > maxChars * 3) sink.truncated = true;
  } else return send({ type: 'unsupported' });
  send({ type: 'end', truncated: sink.truncated });
}

// The API stops this process once it has its answer; without the API (it stopped) there is no one to answer.
process.once('disconnect', () => process.exit(0));
process.once('message', (request: ExtractionRequest) => {
  // A Buffer the API sent arrives as a Buffer; pdf.js takes only a plain Uint8Array (the same bytes).
  const { bytes } = request;
  if (Buffer.isBuffer(bytes)) request.bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  extract(request).catch((error: unknown) => {
    if (error instanceof ReaderUnavailable) send({ type: 'broken', detail: error.message });
    else if (error instanceof Unreadable) send({ type: 'unreadable', reason: error.reason, detail: error.detail });
    else send({ type: 'unreadable', reason: 'The file could not be read', detail: describe(error) });
  });
});
send({ type: 'ready' });
// What of this process' memory is heap (text-extractor.ts counts the rest as the file's buffers).
// Sent whenever the event loop is free; a long synchronous decode sends nothing meanwhile, which
// only makes the count of buffers larger, never smaller.
const reportHeap = () => send({ type: 'heap', heapBytes: process.memoryUsage().heapTotal });
reportHeap();
setInterval(reportHeap, HEAP_REPORT_MS).unref();
