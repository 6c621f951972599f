import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { corruptPdfFile, docxFile, largePdfFile, pdfFile, textFile } from '../../../test/document-files';
import { waitFor } from '../../../test/wait-for';
import { EXTRACTION_LIMITS, type ExtractionOutcome, extractText } from './text-extractor';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A PDF that opens only with a password (pdfkit's RC4/AES encryption). */
function encryptedPdfFile(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

function textOf(outcome: ExtractionOutcome): string {
  if (outcome.status !== 'done') throw new Error(`expected text, got ${JSON.stringify(outcome)}`);
  return outcome.text;
}

describe('extractText (in a process of its own)', () => {
  it("reads a PDF's text with line breaks, pages in order and a blank line between them", async () => {
    const pdf = await pdfFile(
      'First page mentions zebracorn.\nA second line.',
      'Second page text.',
      'Third page text.',
    );
    const text = textOf(await extractText(pdf, 'application/pdf'));
    expect(text).toBe('First page mentions zebracorn.\nA second line.\n\nSecond page text.\n\nThird page text.');
  });

  it('reads the paragraphs of a Word .docx', async () => {
    const docx = await docxFile('Quarterly planning notes', 'Attendees discussed the roadmap.');
    expect(textOf(await extractText(docx, DOCX))).toBe('Quarterly planning notes\n\nAttendees discussed the roadmap.');
  });

  it.each(['text/plain', 'text/markdown', 'text/csv', 'application/json'])(
    'decodes %s as UTF-8 without the BOM, line breaks as \\n',
    async (type) => {
      const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), textFile('café, naïve\r\nsecond line ✓')]);
      expect(textOf(await extractText(bytes, type))).toBe('café, naïve\nsecond line ✓');
    },
  );

  it('takes the bare type when the stored one has parameters', async () => {
    expect(textOf(await extractText(textFile('hello'), 'text/plain; charset=utf-8'))).toBe('hello');
  });

  it('drops NUL and other control characters Postgres text cannot hold or nobody reads', async () => {
    expect(textOf(await extractText(Buffer.from('a\u0000b\u0007c\td', 'utf8'), 'text/plain'))).toBe('abc\td');
  });

  it("reads an HTML page's visible text, without scripts, styles or link addresses", async () => {
    const html = `<!doctype html><html><head><title>Page</title><style>.x { color: red }</style><script>var secretScript = 1;</script></head>
      <body><h1>Travel notes</h1><p>Visit the <a href="https://example.com/museum">museum</a> early.</p>
      <noscript>Enable JavaScript</noscript><script>document.write('injectedText')</script><ul><li>Tickets</li><li>Map</li></ul></body></html>`;
    const text = textOf(await extractText(textFile(html), 'text/html'));
    expect(text).toContain('Travel notes');
    expect(text).toContain('Visit the museum early.');
    expect(text).toContain('Tickets');
    for (const hidden of ['secretScript', 'injectedText', 'color: red', 'example.com', 'Enable JavaScript'])
      expect(text).not.toContain(hidden);
  });

  it('stops at maxChars and says the text was cut, never splitting a surrogate pair', async () => {
    const limits = { ...EXTRACTION_LIMITS, maxChars: 5 };
    expect(await extractText(textFile('abcdefgh'), 'text/plain', { limits })).toEqual({
      status: 'done',
      text: 'abcde',
      truncated: true,
      pages: [],
      recognitionError: null,
    });
    expect(await extractText(textFile('abcd😀xyz'), 'text/plain', { limits })).toEqual({
      status: 'done',
      text: 'abcd',
      truncated: true,
      pages: [],
      recognitionError: null,
    });
    expect(await extractText(textFile('abc'), 'text/plain', { limits })).toEqual({
      status: 'done',
      text: 'abc',
      truncated: false,
      pages: [],
      recognitionError: null,
    });
  });

  it('stops a long PDF at maxChars without reading every page', async () => {
    const pdf = await pdfFile(...Array.from({ length: 30 }, (_, i) => `Page ${i + 1} ${'word '.repeat(200)}`));
    const outcome = await extractText(pdf, 'application/pdf', { limits: { ...EXTRACTION_LIMITS, maxChars: 2500 } });
    expect(outcome).toMatchObject({ status: 'done', truncated: true });
    expect(textOf(outcome)).toHaveLength(2500);
    expect(textOf(outcome)).not.toContain('Page 4 ');
  });

  it('fails a damaged PDF with a readable reason', async () => {
    expect(await extractText(corruptPdfFile(), 'application/pdf')).toMatchObject({
      status: 'failed',
      error: 'The PDF is damaged or is not a PDF',
    });
  });

  it('fails a password-protected PDF with a readable reason', async () => {
    expect(await extractText(await encryptedPdfFile('Top secret plans'), 'application/pdf')).toMatchObject({
      status: 'failed',
      error: 'The PDF is password-protected',
    });
  });

  it('fails a broken .docx with a readable reason', async () => {
    const broken = (await docxFile('Some text')).subarray(0, 200);
    expect(await extractText(broken, DOCX)).toMatchObject({
      status: 'failed',
      error: 'The Word document is damaged or is not a .docx file',
    });
    expect(await extractText(textFile('not a zip at all'), DOCX)).toMatchObject({
      status: 'failed',
      error: 'The Word document is damaged or is not a .docx file',
    });
  });

  it('answers unsupported for a type without a reader', async () => {
    expect(await extractText(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'application/zip')).toEqual({
      status: 'unsupported',
    });
  });

  it('stops a reader that takes too long, with a readable reason', async () => {
    const pdf = await largePdfFile(2 * 1024 * 1024);
    const outcome = await extractText(pdf, 'application/pdf', { limits: { ...EXTRACTION_LIMITS, timeoutMs: 50 } });
    expect(outcome).toMatchObject({ status: 'failed', error: 'Reading the file took longer than 0 seconds' });
  });

  it("fails a file whose reading exhausts the reader's heap, and the API carries on", async () => {
    const pdf = await largePdfFile(6 * 1024 * 1024);
    const outcome = await extractText(pdf, 'application/pdf', {
      limits: { ...EXTRACTION_LIMITS, maxChars: 50_000_000, maxHeapMb: 16 },
    });
    expect(outcome).toMatchObject({ status: 'failed', error: 'The file is too large or too complex to read' });
    await waitFor(() => readerProcesses().length === 0, { timeoutMs: 5_000, what: 'the reader to end' });
    // The next file reads normally.
    expect(textOf(await extractText(textFile('still here'), 'text/plain'))).toBe('still here');
  });

  it('rejects when the job is stopping (its signal aborts), so the job runs again later', async () => {
    const controller = new AbortController();
    const pdf = await largePdfFile(2 * 1024 * 1024);
    const pending = extractText(pdf, 'application/pdf', { signal: controller.signal });
    controller.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');
  });

  it('rejects when the reader itself cannot start (a broken build), rather than blaming the file', async () => {
    await expect(
      extractText(textFile('hello'), 'text/plain', { workerFile: path.join(__dirname, 'no-such-worker.mjs') }),
    ).rejects.toThrow('The text reader could not start');
  });

  it('reads each file in a process of its own, which is gone once the text is back', async () => {
    expect(textOf(await extractText(textFile('read elsewhere'), 'text/plain'))).toBe('read elsewhere');
    await waitFor(() => readerProcesses().length === 0, { timeoutMs: 5_000, what: 'the reader to end' });
  });
});

/** A one-page A5 invoice, printed and scanned at 150 dpi: an image with no text layer, as a PDF and as a PNG. */
const FIXTURES = path.join(__dirname, '../../../test/fixtures');
const scannedPdf = () => readFileSync(path.join(FIXTURES, 'scanned-invoice.pdf'));
const scannedPng = () => readFileSync(path.join(FIXTURES, 'scanned-invoice.png'));
const OCR = { ocrLanguages: 'eng' };

describe('extractText: text recognition (tesseract, pdftoppm)', () => {
  it("recognises a scanned PDF page's text, and says the page was recognised", async () => {
    const outcome = await extractText(scannedPdf(), 'application/pdf', OCR);
    expect(textOf(outcome)).toContain('Amount due: €1,234.50');
    expect(textOf(outcome)).toContain('Please pay by 15 December 2026');
    expect(outcome).toMatchObject({ pages: [{ page: 1, source: 'ocr' }], recognitionError: null });
  });

  it("recognises a photo's text (PNG)", async () => {
    const outcome = await extractText(scannedPng(), 'image/png', OCR);
    expect(textOf(outcome)).toContain('Invoice number: INV-2026-0417');
    expect(outcome).toMatchObject({ pages: [{ page: 1, source: 'ocr' }] });
  });

  it('says a page was extracted from its text layer, and recognises nothing there', async () => {
    const outcome = await extractText(await pdfFile('Typed text.', 'Second page.'), 'application/pdf', OCR);
    expect(outcome).toMatchObject({
      text: 'Typed text.\n\nSecond page.',
      pages: [
        { page: 1, source: 'text' },
        { page: 2, source: 'text' },
      ],
      recognitionError: null,
    });
  });

  it('still reads the text layer on a machine without tesseract, and says why a scan was not read', async () => {
    const outcome = await extractText(scannedPdf(), 'application/pdf', { ...OCR, ocrPath: '/nonexistent' });
    expect(outcome).toEqual({
      status: 'done',
      text: '',
      truncated: false,
      pages: [{ page: 1, source: 'none' }],
      recognitionError:
        'Text recognition is not installed on this server (tesseract-ocr and poppler-utils), so scanned pages were not read.',
    });
    const image = await extractText(scannedPng(), 'image/png', { ...OCR, ocrPath: '/nonexistent' });
    expect(image).toMatchObject({ status: 'done', pages: [{ page: 1, source: 'none' }] });
  });

  it('does not recognise an image larger than the pixel limit', async () => {
    const outcome = await extractText(scannedPng(), 'image/png', {
      ...OCR,
      limits: { ...EXTRACTION_LIMITS, ocr: { ...EXTRACTION_LIMITS.ocr, maxPixels: 100_000 } },
    });
    expect(outcome).toMatchObject({
      status: 'done',
      text: '',
      pages: [{ page: 1, source: 'none' }],
      recognitionError: 'The image is larger than 0 megapixels, so its text was not recognised.',
    });
  });

  it('leaves a scanned page unread when a program passes its time limit', async () => {
    const outcome = await extractText(scannedPdf(), 'application/pdf', {
      ...OCR,
      limits: { ...EXTRACTION_LIMITS, ocr: { ...EXTRACTION_LIMITS.ocr, pageTimeoutMs: 1 } },
    });
    expect(outcome).toMatchObject({ status: 'done', text: '', pages: [{ page: 1, source: 'none' }] });
  });

  it('kills the recognition programs and removes their files when the extraction is stopped', async () => {
    const controller = new AbortController();
    const pending = extractText(scannedPdf(), 'application/pdf', { ...OCR, signal: controller.signal });
    await waitFor(() => ocrProcesses().length > 0, { timeoutMs: 10_000, what: 'pdftoppm or tesseract to start' });
    const programs = ocrProcesses();
    const folders = new Set(programs.map((program) => program.folder));
    controller.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');
    // Looked for by pid: a program that outlived its reader would no longer be the reader's child.
    await waitFor(() => programs.every(({ pid }) => !running(pid)), {
      timeoutMs: 2_000,
      what: 'the programs to be killed',
    });
    // The folder goes once the killed programs have exited, which the rejection does not wait for.
    await waitFor(() => ocrTempDirs().every((name) => !folders.has(name)), {
      timeoutMs: 2_000,
      what: 'the page images to be removed',
    });
    expect(ocrTempDirs().filter((name) => folders.has(name))).toEqual([]);
  });
});

/** The parent of process `pid`, from /proc; null once it has ended. */
function parentOf(pid: string): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
  } catch {
    return null;
  }
}

/** Whether process `pid` still runs (not ended, nor a zombie waiting to be reaped). */
function running(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

const processIds = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/** The readers this process started (extract-text.worker): only its own, as jest's other worker may be extracting too. */
function readerProcesses(): string[] {
  return processIds().filter((pid) => {
    try {
      return (
        parentOf(pid) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('extract-text.worker')
      );
    } catch {
      return false;
    }
  });
}

/**
 * The programs working on an extraction's page images that this process' readers started, with the
 * aide-ocr- folder their arguments name.
 */
function ocrProcesses(): { pid: string; folder: string }[] {
  const readers = new Set(readerProcesses().map(Number));
  const found: { pid: string; folder: string }[] = [];
  for (const pid of processIds()) {
    try {
      if (!readers.has(parentOf(pid) ?? 0)) continue;
      const folder = new RegExp(`${os.tmpdir()}/(aide-ocr-[^/\\0]+)`).exec(
        readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
      )?.[1];
      if (folder) found.push({ pid, folder });
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

const ocrTempDirs = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('aide-ocr-'));
