import 'reflect-metadata';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type DocumentCategory, EXTRACTED_TEXT_MARKER, type ExtractionStatus } from '@aide/contracts';
import { ConsoleLogger, Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { corruptPdfFile, docxFile, largePdfFile, pdfFile, textFile } from '../../../test/document-files';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { AiService } from '../../ai/ai.service';
import { AppModule } from '../../app.module';
import { parseEnv } from '../../config/env.schema';
import { DOCUMENT_STORE, type DocumentStore, DocumentStoreNotFoundError } from '../storage/document-store';
import { DocumentExtractionService, EXTRACT_JOB } from './document-extraction.service';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The interface over a temporary folder: what the tests read from; keys listed in `unreachable` fail like a store that is down. */
class TempFolderStore implements DocumentStore {
  readonly kind = 'local';
  readonly unreachable = new Set<string>();

  constructor(private readonly folder: string) {}

  private file(key: string) {
    return path.join(this.folder, encodeURIComponent(key));
  }

  async put(key: string, body: Readable): Promise<void> {
    await pipeline(body, createWriteStream(this.file(key)));
  }

  async get(key: string): Promise<Readable> {
    if (this.unreachable.has(key)) throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
    const file = this.file(key);
    await stat(file).catch(() => {
      throw new DocumentStoreNotFoundError(key);
    });
    return createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

let database: TestDatabase;
let moduleRef: TestingModule;
let db: DataSource;
let store: TempFolderStore;
let folder: string;
let extraction: DocumentExtractionService;
let userId: number;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'aide-extraction-'));
  store = new TempFolderStore(folder);
  database = await createTestDatabase();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: os.tmpdir(),
    ...FAST_JOBS_ENV,
    DATABASE_URL: database.url,
  });
  // The store as a global provider (the documents module may not bind one yet) and as an override
  // (once it does): either way the app reads from the temporary folder.
  @Global()
  @Module({ providers: [{ provide: DOCUMENT_STORE, useValue: store }], exports: [DOCUMENT_STORE] })
  class TestStoreModule {}
  moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env), TestStoreModule] })
    .overrideProvider(DOCUMENT_STORE)
    .useValue(store)
    .setLogger(new ConsoleLogger('Test', { logLevels: ['error'] }))
    .compile();
  await moduleRef.init();
  db = moduleRef.get<DataSource>(getDataSourceToken());
  extraction = moduleRef.get(DocumentExtractionService);
  [{ id: userId }] = await db.query<{ id: number }[]>(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [
    `extract-${randomUUID()}@example.com`,
  ]);
});

afterAll(async () => {
  await moduleRef?.close();
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});

afterEach(() => jest.restoreAllMocks());

interface Row {
  content: string | null;
  extractionStatus: ExtractionStatus;
  extractionError: string | null;
  summary: string | null;
  tags: string[];
  category: DocumentCategory | null;
  suggestedTags: string[];
  suggestedCategory: DocumentCategory | null;
}

/** A stored file and its row, as the upload leaves them (status 'pending'); answers the id. */
async function storedDocument(
  bytes: Buffer,
  mimeType: string,
  fields: { summary?: string; tags?: string[]; category?: DocumentCategory; uploadedAt?: Date } = {},
): Promise<number> {
  const storageKey = `${userId}/${randomUUID()}`;
  await store.put(storageKey, Readable.from([bytes]));
  const [{ id }] = await db.query<{ id: number }[]>(
    `INSERT INTO documents ("userId", "originalName", "mimeType", size, "storageKey", sha256, summary, tags, category, "uploadedAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now())) RETURNING id`,
    [
      userId,
      'file',
      mimeType,
      bytes.length,
      storageKey,
      createHash('sha256').update(bytes).digest('hex'),
      fields.summary ?? null,
      fields.tags ?? [],
      fields.category ?? null,
      fields.uploadedAt ?? null,
    ],
  );
  return id;
}

async function row(id: number): Promise<Row> {
  const [found] = await db.query<Row[]>(
    `SELECT content, "extractionStatus", "extractionError", summary, tags, category, "suggestedTags", "suggestedCategory" FROM documents WHERE id = $1`,
    [id],
  );
  return found;
}

/** The document's extraction jobs in pg-boss, oldest first. */
function jobsOf(id: number) {
  return db.query<{ state: string; retry_count: number }[]>(
    `SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND singleton_key = $2 ORDER BY created_on`,
    [EXTRACT_JOB, `document:${id}`],
  );
}

/** Waits until the document's latest job has finished (extraction and enrichment), then answers the row. */
async function extracted(id: number, timeoutMs = 20_000): Promise<Row> {
  await waitFor(async () => (await jobsOf(id)).at(-1)?.state === 'completed', {
    timeoutMs,
    what: `document ${id}'s extraction job to complete`,
  });
  return row(id);
}

async function queueAndWait(id: number): Promise<Row> {
  await extraction.queue(userId, id);
  return extracted(id);
}

describe('documents.extract', () => {
  it("recognises a scanned PDF's text and records the page as recognised", async () => {
    const scan = readFileSync(path.join(__dirname, '../../../test/fixtures/scanned-invoice.pdf'));
    const id = await storedDocument(scan, 'application/pdf');
    const doc = await queueAndWait(id);
    expect(doc.extractionStatus).toBe('done');
    expect(doc.content).toContain('Amount due: €1,234.50');
    const [{ pages, recognitionError }] = await db.query<{ pages: unknown; recognitionError: string | null }[]>(
      `SELECT pages, "recognitionError" FROM documents WHERE id = $1`,
      [id],
    );
    expect(pages).toEqual([{ page: 1, source: 'ocr' }]);
    expect(recognitionError).toBeNull();
  });

  it("recognises a photo's text (PNG)", async () => {
    const photo = readFileSync(path.join(__dirname, '../../../test/fixtures/scanned-invoice.png'));
    const doc = await queueAndWait(await storedDocument(photo, 'image/png'));
    expect(doc.extractionStatus).toBe('done');
    expect(doc.content).toContain('Please pay by 15 December 2026');
  });

  it("extracts a PDF: the marker then the text, status done; fills the summary and suggests tags and a category, never the person's own", async () => {
    const id = await storedDocument(
      await pdfFile(
        'Quarterly invoice review. The zebracorn invoice totals 4,200 EUR and the payment is due in April. Tax is included in the invoice amount.',
      ),
      'application/pdf',
    );
    const doc = await queueAndWait(id);
    expect(doc.extractionStatus).toBe('done');
    expect(doc.extractionError).toBeNull();
    expect(doc.content!.startsWith(`${EXTRACTED_TEXT_MARKER}\n`)).toBe(true);
    expect(doc.content).toContain('zebracorn');
    expect(doc.summary).toContain('zebracorn');
    expect(doc.suggestedTags.length).toBeGreaterThan(0);
    expect(doc.suggestedTags.length).toBeLessThanOrEqual(5);
    expect(doc.suggestedTags).toContain('invoice amount');
    expect(doc.suggestedCategory).toBe('Financial');
    // Issue 30: the person chose no tags and no category.
    expect(doc.tags).toEqual([]);
    expect(doc.category).toBeNull();
    expect(await jobsOf(id)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it("keeps a multi-page PDF's pages in order", async () => {
    const id = await storedDocument(
      await pdfFile('Alpha page words.', 'Bravo page words.', 'Charlie page words.'),
      'application/pdf',
    );
    const { content } = await queueAndWait(id);
    expect(content).toBe(`${EXTRACTED_TEXT_MARKER}\nAlpha page words.\n\nBravo page words.\n\nCharlie page words.`);
  });

  it('extracts a Word .docx', async () => {
    const id = await storedDocument(
      await docxFile('Lease agreement for the flat', 'The tenant pays the rent on the first day of each month.'),
      DOCX,
    );
    const doc = await queueAndWait(id);
    expect(doc).toMatchObject({
      extractionStatus: 'done',
      content: `${EXTRACTED_TEXT_MARKER}\nLease agreement for the flat\n\nThe tenant pays the rent on the first day of each month.`,
    });
  });

  it.each([
    ['text/plain', 'Shopping list: apples, pears.\nCall the plumber.'],
    ['text/markdown', '# Packing list\n\n- passport\n- charger'],
    ['text/csv', 'date,amount\n2024-01-02,12.50'],
    ['application/json', '{"trip":"Lisbon","days":4}'],
  ])('extracts %s as it is, without a BOM', async (type, text) => {
    const id = await storedDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), textFile(text)]), type);
    const doc = await queueAndWait(id);
    expect(doc).toMatchObject({ extractionStatus: 'done', content: `${EXTRACTED_TEXT_MARKER}\n${text}` });
  });

  it('describes a CSV in words (rows, columns, ranges, frequent values) instead of summarising its raw lines', async () => {
    const csv = [
      'Date,Region,Units,Revenue',
      '2026-01-03,North,12,240.50',
      '2026-01-09,South,40,800',
      '2026-02-14,North,7,140',
      '2026-03-28,North,90,1800.25',
    ].join('\n');
    const doc = await queueAndWait(await storedDocument(textFile(csv), 'text/csv'));
    expect(doc.summary).toBe(
      'A table of 4 rows and 4 columns: Date, Region, Units and Revenue. Date runs from 2026-01-03 to 2026-03-28. ' +
        'The most frequent Region values are North (3 rows) and South (1 row). Units ranges from 7 to 90. Revenue ranges from 140 to 1,800.25.',
    );
    expect(doc.suggestedTags).toEqual(['date', 'region', 'units', 'revenue']);
    expect(doc.tags).toEqual([]);
  });

  it('extracts HTML as readable text without script or style text', async () => {
    const html =
      '<html><head><style>p { color: red }</style><script>var trackingSecret = 1</script></head><body><h2>Museum hours</h2><p>Open daily from nine.</p><script>alert("popup")</script></body></html>';
    const { extractionStatus, content } = await queueAndWait(await storedDocument(textFile(html), 'text/html'));
    expect(extractionStatus).toBe('done');
    expect(content).toBe(`${EXTRACTED_TEXT_MARKER}\nMuseum hours\n\nOpen daily from nine.`);
  });

  it('marks a corrupt PDF failed with a readable error, without failing or retrying the job, and other documents carry on', async () => {
    const corrupt = await storedDocument(corruptPdfFile(), 'application/pdf');
    const good = await storedDocument(textFile('A perfectly readable note.'), 'text/plain');
    await Promise.all([extraction.queue(userId, corrupt), extraction.queue(userId, good)]);
    expect(await extracted(corrupt)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: 'The PDF is damaged or is not a PDF',
      content: null,
      summary: null,
    });
    expect(await jobsOf(corrupt)).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(await extracted(good)).toMatchObject({
      extractionStatus: 'done',
      content: `${EXTRACTED_TEXT_MARKER}\nA perfectly readable note.`,
    });
  });

  it('marks a broken Word file failed with a readable error', async () => {
    const id = await storedDocument(Buffer.from('PK\u0003\u0004 not really a zip'), DOCX);
    expect(await queueAndWait(id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: 'The Word document is damaged or is not a .docx file',
      content: null,
    });
  });

  it("marks a type without a reader 'unsupported', content null", async () => {
    const id = await storedDocument(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x00, 0x00]), 'application/zip');
    expect(await queueAndWait(id)).toMatchObject({
      extractionStatus: 'unsupported',
      extractionError: null,
      content: null,
      summary: null,
      tags: [],
    });
  });

  it("never overwrites the user's own summary, tags or category; tags are still suggested beside them", async () => {
    const id = await storedDocument(
      await pdfFile(
        'The invoice for the new laptop. Payment is due within 14 days. Tax and shipping are included in the invoice.',
      ),
      'application/pdf',
      {
        summary: 'My own summary',
        tags: ['keep-me'],
        category: 'Work',
      },
    );
    const doc = await queueAndWait(id);
    expect(doc).toMatchObject({
      extractionStatus: 'done',
      summary: 'My own summary',
      tags: ['keep-me'],
      category: 'Work',
      // A category is suggested only while the document has none.
      suggestedCategory: null,
    });
    expect(doc.suggestedTags).toContain('invoice');
    expect(doc.content).toContain('laptop');
  });

  it('lets an edit made while the AI was working win', async () => {
    const id = await storedDocument(
      textFile('The invoice for the boiler repair. Payment is due within 30 days. Tax is included in the invoice.'),
      'text/plain',
    );
    const ai = moduleRef.get(AiService);
    const summarize = ai.summarize.bind(ai);
    jest.spyOn(ai, 'summarize').mockImplementationOnce(async (text, options) => {
      // The user saves the Edit Document form while the summary is being written.
      await db.query(`UPDATE documents SET summary = 'Typed by the user', category = 'Personal' WHERE id = $1`, [id]);
      return summarize(text, options);
    });
    const doc = await queueAndWait(id);
    expect(doc).toMatchObject({
      extractionStatus: 'done',
      summary: 'Typed by the user',
      category: 'Personal',
      tags: [],
      suggestedCategory: null,
    });
    expect(doc.suggestedTags).toContain('invoice');
  });

  it('keeps the text when the AI fails', async () => {
    const ai = moduleRef.get(AiService);
    jest.spyOn(ai, 'summarize').mockRejectedValue(new Error('model unreachable'));
    jest.spyOn(ai, 'keywords').mockRejectedValue(new Error('model unreachable'));
    jest.spyOn(ai, 'classify').mockRejectedValue(new Error('model unreachable'));
    const id = await storedDocument(textFile('Meeting notes about the roadmap.'), 'text/plain');
    const doc = await queueAndWait(id);
    expect(doc).toMatchObject({
      extractionStatus: 'done',
      content: `${EXTRACTED_TEXT_MARKER}\nMeeting notes about the roadmap.`,
      summary: null,
      tags: [],
      category: null,
      suggestedTags: [],
      suggestedCategory: null,
    });
    expect(await jobsOf(id)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('runs again idempotently: the same text, and the suggestions the first run made stay as they were', async () => {
    const id = await storedDocument(
      await pdfFile(
        'Course syllabus for the spring semester. Students submit the homework before each lecture. The exam is in June.',
      ),
      'application/pdf',
    );
    const first = await queueAndWait(id);
    expect(first.suggestedCategory).toBe('Education');
    await db.query(`UPDATE documents SET tags = '{syllabus}' WHERE id = $1`, [id]); // a user's edit between the runs
    await extraction.queue(userId, id);
    await waitFor(async () => (await jobsOf(id)).length === 2 && (await jobsOf(id))[1].state === 'completed', {
      timeoutMs: 20_000,
      what: 'the second run',
    });
    expect(await row(id)).toEqual({ ...first, tags: ['syllabus'] });
  });

  it('queues one job per document: a second queue() while one is waiting adds nothing', async () => {
    const id = await storedDocument(textFile('Queued twice.'), 'text/plain');
    await Promise.all([extraction.queue(userId, id), extraction.queue(userId, id), extraction.queue(userId, id)]);
    await extracted(id);
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it('ends quietly when the document was deleted before its job ran', async () => {
    const id = await storedDocument(textFile('Soon gone.'), 'text/plain');
    await db.query(`DELETE FROM documents WHERE id = $1`, [id]);
    await extraction.queue(userId, id);
    await waitFor(async () => (await jobsOf(id)).at(-1)?.state === 'completed', {
      what: 'the job of a deleted document',
    });
  });

  it("leaves another user's document alone", async () => {
    const id = await storedDocument(textFile('Not yours.'), 'text/plain');
    const [{ id: otherUserId }] = await db.query<{ id: number }[]>(
      `INSERT INTO users (email) VALUES ($1) RETURNING id`,
      [`other-${randomUUID()}@example.com`],
    );
    await extraction.run(otherUserId, id);
    expect(await row(id)).toMatchObject({ extractionStatus: 'pending', content: null });
  });

  it('marks a document whose stored file is missing failed', async () => {
    const id = await storedDocument(textFile('Lost bytes.'), 'text/plain');
    const [{ storageKey }] = await db.query<{ storageKey: string }[]>(
      `SELECT "storageKey" FROM documents WHERE id = $1`,
      [id],
    );
    await store.delete(storageKey);
    expect(await queueAndWait(id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: 'The stored file is missing',
    });
  });

  it('throws on an unreachable store (the job is retried) and leaves the document pending; the last failure marks it failed', async () => {
    const id = await storedDocument(textFile('Stored far away.'), 'text/plain');
    const [{ storageKey }] = await db.query<{ storageKey: string }[]>(
      `SELECT "storageKey" FROM documents WHERE id = $1`,
      [id],
    );
    store.unreachable.add(storageKey);
    await expect(extraction.run(userId, id)).rejects.toThrow(
      'The file could not be read from storage: connect ECONNREFUSED 127.0.0.1:9000',
    );
    expect((await row(id)).extractionStatus).toBe('pending');
    // What the job framework does after the last retry:
    await extraction.setFailed(id, 'The file could not be read from storage: connect ECONNREFUSED 127.0.0.1:9000');
    expect(await row(id)).toMatchObject({
      extractionStatus: 'failed',
      extractionError: 'The file could not be read from storage: connect ECONNREFUSED 127.0.0.1:9000',
    });
    // …but never undoes an outcome a later run wrote.
    store.unreachable.delete(storageKey);
    await db.query(`UPDATE documents SET "extractionStatus" = 'pending' WHERE id = $1`, [id]);
    await extraction.run(userId, id);
    await extraction.setFailed(id, 'late');
    expect((await row(id)).extractionStatus).toBe('done');
  });

  it('queues documents left pending by a lost enqueue, and only those', async () => {
    const lost = await storedDocument(textFile('Uploaded before a crash.'), 'text/plain', {
      uploadedAt: new Date(Date.now() - 30 * 60_000),
    });
    const fresh = await storedDocument(textFile('Uploaded a moment ago.'), 'text/plain');
    expect(await extraction.queuePending()).toBeGreaterThanOrEqual(1);
    expect(await extracted(lost)).toMatchObject({ extractionStatus: 'done' });
    expect(await jobsOf(fresh)).toEqual([]);
  });

  it('extracts a 20 MB PDF within the text limit, the API heap staying bounded', async () => {
    const pdf = await largePdfFile(20 * 1024 * 1024);
    const id = await storedDocument(pdf, 'application/pdf');
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const started = Date.now();
    await extraction.run(userId, id);
    const elapsed = Date.now() - started;
    clearInterval(sampler);
    const doc = await row(id);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    process.stdout.write(
      `20 MB PDF (${mb(pdf.length)} MB): extracted and enriched in ${elapsed} ms; process RSS ${mb(before.rss)} → peak ${mb(peakRss)} MB (+${mb(peakRss - before.rss)}), main-thread heap ${mb(before.heapUsed)} → peak ${mb(peakHeap)} MB (+${mb(peakHeap - before.heapUsed)})\n`,
    );
    expect(doc.extractionStatus).toBe('done');
    expect(doc.content!.length).toBe(EXTRACTED_TEXT_MARKER.length + 1 + 1_000_000);
    expect(doc.content).toContain('The quarterly report covers revenue');
    expect(elapsed).toBeLessThan(20_000);
    // The parsing happens in the worker (its heap ≤ 256 MB); the API's own heap holds the file once and the text once.
    expect(peakHeap - before.heapUsed).toBeLessThan(150 * 1024 * 1024);
  }, 60_000);
});
