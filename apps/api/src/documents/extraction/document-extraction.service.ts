import { execFile } from 'node:child_process';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { JobContext, JobOwner } from '../../jobs/job-definition';
import type { Env } from '../../config/env.schema';
import { JobsService } from '../../jobs/jobs.service';
import { DOCUMENT_STORE, type DocumentStore, DocumentStoreNotFoundError } from '../storage/document-store';
import { DocumentEnrichmentService } from './document-enrichment.service';
import {
  EXTRACTABLE_TYPES,
  EXTRACTION_LIMITS,
  IMAGE_TYPES,
  OCR_BASE_LANGUAGES,
  OCR_LANGUAGE_BY_APP_LANGUAGE,
  type ExtractionLimits,
  type ExtractionOutcome,
  bareMimeType,
  extractText,
} from './text-extractor';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DOCUMENT_TEXT_READ, DocumentTextReadEvent } from '../events/document-text-read.event';

export const EXTRACT_JOB = 'documents.extract';
/** Queues again what a lost enqueue left pending (see queuePending). */
export const EXTRACT_PENDING_JOB = 'documents.extract-pending';
export const EXTRACT_PENDING_CRON = '*/10 * * * *';
/** A document pending longer than this without a job is queued again. */
export const PENDING_GRACE_MINUTES = 10;
const PENDING_BATCH = 500;
export const DOCUMENT_ENTITY = 'document';
export const EXTRACTION_INVALIDATES = ['/api/documents'];
/** Larger stored files are not read at all (the upload limit is far lower: 25 MB by default). */
export const MAX_EXTRACT_BYTES = 100 * 1024 * 1024;

interface ExtractPayload {
  userId: number;
  documentId: number;
}

interface DocumentToRead {
  id: number;
  userId: number;
  mimeType: string;
  storageKey: string;
  size: string;
  /** The owner's app language (profiles.language), for recognition's languages. */
  language: string | null;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

class FileTooLargeError extends Error {}

/**
 * Text extraction and AI enrichment of uploaded documents, as a durable background job
 * ('documents.extract', one queued-or-running per document).
 *
 * The job reads the file from the document store and its text in a process of its own
 * (text-extractor.ts: heap limit, timeout, DOCUMENT_MAX_UNPACKED_MB), then writes `content` = EXTRACTED_TEXT_MARKER, a line
 * break and the text (at most 1,000,000 characters: the rest is dropped) with status 'done'; a
 * type without a reader is 'unsupported' (content null); a file that cannot be read (damaged,
 * password-protected, too big or too slow to parse) is 'failed' with a readable extractionError,
 * and the job itself succeeds: nothing to retry. Only trouble that is not the file's throws, for
 * pg-boss to retry (the store unreachable, a reader that cannot start, the worker shutting down);
 * after the last retry the row is 'failed' with that reason and the user is notified.
 *
 * After 'done', the suggestions detectors read the text (a bill becomes a suggested task), then the
 * AI (DocumentEnrichmentService) fills the summary where it is still empty, checked in the UPDATE
 * itself, so an edit the user made meanwhile wins, and suggests tags and a category, kept apart
 * from the person's own until they keep one (issue 30). A failed suggestion leaves the text as it is.
 *
 * Every step is idempotent: a run after a crash extracts the same text again and fills nothing
 * the first run filled.
 */
@Injectable()
export class DocumentExtractionService implements OnModuleInit, OnApplicationBootstrap, JobOwner {
  readonly type = DOCUMENT_ENTITY;
  private readonly logger = new Logger('DocumentExtraction');
  private readonly limits: ExtractionLimits;
  /** The languages tesseract has data for here (asked once); null when tesseract is not installed. */
  private installedOcrLanguages?: Promise<Set<string> | null>;

  constructor(
    private readonly jobs: JobsService,
    private readonly enrichment: DocumentEnrichmentService,
    private readonly events: EventEmitter2,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    config: ConfigService<Env, true>,
  ) {
    this.limits = { ...EXTRACTION_LIMITS, maxUnpackedMb: config.get('DOCUMENT_MAX_UNPACKED_MB', { infer: true }) };
  }

  onModuleInit(): void {
    this.jobs.define<ExtractPayload>({
      name: EXTRACT_JOB,
      module: 'documents',
      title: 'Read document',
      owner: this,
      policy: 'exclusive',
      notifyOnSuccess: false,
      retryLimit: 3,
      retryDelaySeconds: 30,
      // Parsing stops at 60 s; the rest is reading the file and the AI (a remote model may be slow).
      expireInSeconds: 600,
      invalidate: EXTRACTION_INVALIDATES,
      handler: (payload, ctx) => this.run(payload.userId, payload.documentId, ctx),
    });
    this.jobs.define<Record<string, never>>({
      name: EXTRACT_PENDING_JOB,
      module: 'documents',
      title: 'Queue documents waiting to be read',
      notifyOnSuccess: false,
      handler: async () => void (await this.queuePending()),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(EXTRACT_PENDING_JOB, EXTRACT_PENDING_CRON, {});
  }

  /** Queues extraction (then the summary and the suggested tags and category) of a stored document; call after the row is committed. */
  async queue(userId: number, documentId: number): Promise<void> {
    await this.jobs.enqueue<ExtractPayload>(
      EXTRACT_JOB,
      { userId, documentId },
      { userId, entity: { type: DOCUMENT_ENTITY, id: documentId }, singletonKey: `document:${documentId}` },
    );
  }

  /**
   * Queues every document still pending after PENDING_GRACE_MINUTES: an upload whose enqueue was
   * lost (the process died between committing the row and queueing, or the queue was unreachable).
   * A document whose job is still queued or running is skipped by the queue itself (one per
   * document). Runs every 10 minutes in a worker process; answers how many it looked at.
   */
  async queuePending(): Promise<number> {
    const pending = await this.dataSource.query<Array<{ id: number; userId: number }>>(
      `SELECT id, "userId" FROM documents
        WHERE "extractionStatus" = 'pending' AND "uploadedAt" < now() - make_interval(mins => $1)
        ORDER BY id LIMIT ${PENDING_BATCH}`,
      [PENDING_GRACE_MINUTES],
    );
    for (const document of pending) await this.queue(document.userId, document.id);
    return pending.length;
  }

  /** The job's handler: extraction, then enrichment, of one of the user's documents. Public for tests. */
  async run(userId: number, documentId: number, ctx?: Pick<JobContext, 'signal'>): Promise<void> {
    const [document] = await this.dataSource.query<DocumentToRead[]>(
      `SELECT d.id, d."userId", d."mimeType", d."storageKey", d.size, p.language
         FROM documents d LEFT JOIN profiles p ON p."userId" = d."userId"
        WHERE d.id = $1 AND d."userId" = $2`,
      [documentId, userId],
    );
    if (!document) return; // deleted meanwhile: nothing to do

    const outcome = await this.extract(document, ctx?.signal);
    await this.save(document, outcome);
    if (outcome.status !== 'done') return;
    // What the text could become (a bill to pay): read now, so the document opens with it.
    // Listeners log their own failures (@OnEvent), so the extraction stands whatever they do.
    await this.events.emitAsync(DOCUMENT_TEXT_READ, new DocumentTextReadEvent(userId, documentId));
    if (outcome.text.trim()) await this.enrich(document, outcome.text);
  }

  private async extract(document: DocumentToRead, signal?: AbortSignal): Promise<ExtractionOutcome> {
    if (!EXTRACTABLE_TYPES.has(bareMimeType(document.mimeType))) return { status: 'unsupported' };
    if (Number(document.size) > MAX_EXTRACT_BYTES) {
      return {
        status: 'failed',
        error: `The file is too large to read its text (over ${MAX_EXTRACT_BYTES / 1024 / 1024} MB)`,
        detail: `${document.size} bytes`,
      };
    }
    let bytes: Uint8Array;
    try {
      bytes = await readAll(await this.store.get(document.storageKey), Number(document.size), MAX_EXTRACT_BYTES);
    } catch (error) {
      if (error instanceof DocumentStoreNotFoundError)
        return { status: 'failed', error: 'The stored file is missing', detail: error.message };
      if (error instanceof FileTooLargeError) return { status: 'failed', error: error.message, detail: error.message };
      // Transient (the store unreachable, a read cut short): thrown, so the job is retried.
      throw new Error(`The file could not be read from storage: ${describe(error)}`, { cause: error });
    }
    const started = Date.now();
    const ocrLanguages = await this.ocrLanguages(document.language);
    const outcome = await extractText(bytes, document.mimeType, { signal, limits: this.limits, ocrLanguages });
    const took = `${Date.now() - started} ms`;
    if (outcome.status === 'failed')
      this.logger.warn(`Document ${document.id} (${document.mimeType}) not read in ${took}: ${outcome.detail}`);
    else if (outcome.status === 'done' && outcome.truncated)
      this.logger.log(`Document ${document.id}: text cut at ${this.limits.maxChars} characters (${took})`);
    return outcome;
  }

  /**
   * Tesseract's languages for a document of a person writing in `language`: OCR_BASE_LANGUAGES, and
   * Japanese or Chinese for a person using the app in it, of those installed. Where tesseract is
   * missing, English all the same: the reader then says recognition is not installed.
   */
  private async ocrLanguages(language: string | null): Promise<string> {
    this.installedOcrLanguages ??= promisify(execFile)('tesseract', ['--list-langs'], { timeout: 10_000 })
      .then(
        ({ stdout }) =>
          new Set(
            stdout
              .split('\n')
              .slice(1)
              .map((line) => line.trim()),
          ),
      )
      .catch(() => null);
    const installed = await this.installedOcrLanguages;
    const wanted = [...OCR_BASE_LANGUAGES];
    const extra = language ? OCR_LANGUAGE_BY_APP_LANGUAGE[language] : undefined;
    if (extra) wanted.push(extra);
    const available = installed ? wanted.filter((code) => installed.has(code)) : [];
    return available.length > 0 ? available.join('+') : 'eng';
  }

  private async save(document: DocumentToRead, outcome: ExtractionOutcome): Promise<void> {
    // A photo with no text in it (or none recognised) has no text to show: its preview stays 'not available'.
    const noImageText =
      outcome.status === 'done' && IMAGE_TYPES.has(bareMimeType(document.mimeType)) && !outcome.text.trim();
    const content = outcome.status === 'done' && !noImageText ? `${EXTRACTED_TEXT_MARKER}\n${outcome.text}` : null;
    const error = outcome.status === 'failed' ? outcome.error.slice(0, 1000) : null;
    const pages = outcome.status === 'done' ? outcome.pages : [];
    const recognitionError = outcome.status === 'done' ? (outcome.recognitionError?.slice(0, 1000) ?? null) : null;
    await this.dataSource.query(
      `UPDATE documents SET content = $3, "extractionStatus" = $4, "extractionError" = $5, pages = $6::jsonb, "recognitionError" = $7, "updatedAt" = now() WHERE id = $1 AND "userId" = $2`,
      [document.id, document.userId, content, outcome.status, error, JSON.stringify(pages), recognitionError],
    );
  }

  /**
   * Fills the summary when it is still null, and offers tags and a category as suggestions
   * (issue 30): they go to "suggestedTags" and "suggestedCategory", never to the person's own
   * tags and category, and only where none were suggested yet (a category only while the
   * document has none), so a second run leaves the first run's suggestions, and what the person
   * kept, as they are.
   */
  private async enrich(document: DocumentToRead, text: string): Promise<void> {
    const suggested = await this.enrichment.suggest(text, { mimeType: document.mimeType }).catch((error: unknown) => {
      this.logger.warn(`Document ${document.id}: no AI suggestions: ${describe(error)}`);
      return undefined;
    });
    if (!suggested || (suggested.summary === null && suggested.tags.length === 0 && suggested.category === null))
      return;
    await this.dataSource.query(
      `UPDATE documents
          SET summary = coalesce(summary, $3),
              "suggestedTags" = CASE WHEN cardinality("suggestedTags") = 0 THEN $4::text[] ELSE "suggestedTags" END,
              "suggestedCategory" = CASE WHEN category IS NULL THEN coalesce("suggestedCategory", $5) ELSE "suggestedCategory" END,
              "updatedAt" = now()
        WHERE id = $1 AND "userId" = $2
          AND ((summary IS NULL AND $3::text IS NOT NULL)
            OR (cardinality("suggestedTags") = 0 AND cardinality($4::text[]) > 0)
            OR (category IS NULL AND "suggestedCategory" IS NULL AND $5::text IS NOT NULL))`,
      [document.id, document.userId, suggested.summary, suggested.tags, suggested.category],
    );
  }

  // ---- JobOwner: the job's outcome on the document row ----

  /** The row has no progress of its own: 'pending' says it all. */
  async setProgress(): Promise<void> {}

  /** The handler wrote the outcome ('done', 'failed' or 'unsupported'). */
  async setDone(): Promise<void> {}

  /** Every attempt hit transient trouble: the document is 'failed' with the last reason, unless a later run decided otherwise. */
  async setFailed(id: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE documents SET "extractionStatus" = 'failed', "extractionError" = $2, "updatedAt" = now() WHERE id = $1 AND "extractionStatus" = 'pending'`,
      [id, error.slice(0, 1000)],
    );
  }
}

/**
 * The whole stream in one buffer of its own (what the reader's process is sent, in one message),
 * sized from the row's `size` and grown only if the store holds more; more than `max` bytes is a
 * FileTooLargeError.
 */
async function readAll(stream: Readable, expectedSize: number, max: number): Promise<Uint8Array> {
  let buffer = new Uint8Array(Math.min(Math.max(expectedSize, 1), max));
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      if (length + bytes.length > buffer.length) {
        if (length + bytes.length > max)
          throw new FileTooLargeError(`The file is too large to read its text (over ${max / 1024 / 1024} MB)`);
        const grown = new Uint8Array(Math.min(max, Math.max(buffer.length * 2, length + bytes.length)));
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(bytes, length);
      length += bytes.length;
    }
  } finally {
    stream.destroy();
  }
  return length === buffer.length ? buffer : buffer.slice(0, length);
}
