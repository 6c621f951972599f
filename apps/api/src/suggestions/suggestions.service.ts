import {
  DOCUMENT_MESSAGES,
  EMAIL_MESSAGES,
  type AcceptSuggestionPayload,
  type Suggestion,
  SUGGESTION_DRAFT_SCHEMAS,
  SUGGESTION_MESSAGES,
  toApiErrorBody,
} from '@aide/contracts';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { DocumentEntity } from '../documents/document.entity';
import { DOCUMENT_TEXT_READ, type DocumentTextReadEvent } from '../documents/events/document-text-read.event';
import { EmailEntity } from '../email/email.entity';
import { EMAIL_ARRIVED, type EmailArrivedEvent } from '../email/events/email-arrived.event';
import { EventsService } from '../events/events.service';
import { FeatureTogglesService, type ToggleSubject } from '../feature-toggles/feature-toggles.service';
import { moduleNotAvailable } from '../feature-toggles/module-access.guard';
import { toSuggestion } from './suggestion.mapper';
import { SuggestionEntity, type SuggestionResult } from './suggestion.entity';
import {
  type DetectionContext,
  DOCUMENT_DETECTORS,
  type DocumentDetector,
  EMAIL_DETECTORS,
  type EmailDetector,
  type SuggestionCandidate,
} from './suggestion-detector';
import { SUGGESTION_MAKERS, type SuggestionMaker } from './suggestion-maker';

/**
 * Bumped when the detectors learn something new: a source read by an older version is read again
 * when next opened (what it already proposed keeps its key, so nothing is proposed twice).
 */
export const SUGGESTIONS_VERSION = 1;

/** Who decides a suggestion: the user's id, and what their module toggles are judged on. */
export type SuggestionUser = ToggleSubject & { id: number };

/** Where a suggestion comes from: a message or a document of the user. */
export type SuggestionSource = { emailId: number } | { documentId: number };

/** Messages the app wrote itself (a draft, a sent copy) propose nothing to their writer. */
const OWN_MAIL = new Set(['draft', 'sent']);

/**
 * Suggestions of one user (issue 26). Detectors read a message when it arrives (EMAIL_ARRIVED), or
 * when it is first opened, and a document once its text is known; each candidate is stored once per
 * source and key. Accepting runs the kind's maker, which creates the row and links it back.
 */
@Injectable()
export class SuggestionsService implements OnModuleInit {
  private readonly logger = new Logger('Suggestions');
  private readonly makers = new Map<string, SuggestionMaker>();

  constructor(
    @InjectRepository(SuggestionEntity) private readonly suggestions: Repository<SuggestionEntity>,
    @InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>,
    @InjectRepository(DocumentEntity) private readonly documents: Repository<DocumentEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly toggles: FeatureTogglesService,
    @Inject(EMAIL_DETECTORS) private readonly emailDetectors: EmailDetector[],
    @Inject(DOCUMENT_DETECTORS) private readonly documentDetectors: DocumentDetector[],
    @Inject(SUGGESTION_MAKERS) makers: SuggestionMaker[],
  ) {
    for (const maker of makers) this.makers.set(maker.kind, maker);
  }

  onModuleInit(): void {
    const missing = Object.keys(SUGGESTION_DRAFT_SCHEMAS).filter((kind) => !this.makers.has(kind));
    if (missing.length > 0) this.logger.warn(`No maker for suggestions of kind ${missing.join(', ')}`);
  }

  /** GET /api/emails/:id/suggestions: 404 when not the user's; reads the message first if it was not read yet. */
  async forEmail(userId: number, emailId: number): Promise<Suggestion[]> {
    const email = await this.emails.findOne({ where: { id: emailId, userId } });
    if (!email) throw new NotFoundException({ message: EMAIL_MESSAGES.emailNotFound });
    if (email.suggestionsVersion !== SUGGESTIONS_VERSION) await this.readEmail(email);
    return this.listFor(userId, { emailId });
  }

  /** GET /api/documents/:id/suggestions: 404 when not the user's; reads the document once its text is known. */
  async forDocument(userId: number, documentId: number): Promise<Suggestion[]> {
    const document = await this.documents.findOne({ where: { id: documentId, userId } });
    if (!document) throw new NotFoundException({ message: DOCUMENT_MESSAGES.documentNotFound });
    if (document.suggestionsVersion !== SUGGESTIONS_VERSION && document.extractionStatus !== 'pending') {
      await this.readDocument(document);
    }
    return this.listFor(userId, { documentId });
  }

  /** New INBOX mail is read as it arrives, so the message opens with its suggestions ready. */
  @OnEvent(EMAIL_ARRIVED, { async: true, promisify: true })
  async arrived({ emails }: EmailArrivedEvent): Promise<void> {
    for (const email of emails) await this.readEmail(email);
  }

  /** Runs every email detector over the message and stores what they found; marks it read. */
  async readEmail(email: EmailEntity): Promise<void> {
    const own = OWN_MAIL.has(String(email.metadata?.status ?? ''));
    const context = own ? null : await this.context(email.userId);
    const found: SuggestionCandidate[] = [];
    if (context) {
      for (const detector of this.emailDetectors) {
        found.push(...(await this.detect(detector.name, () => detector.fromEmail(email, context))));
      }
    }
    await this.store(email.userId, { emailId: email.id }, found);
    await this.emails.update({ id: email.id }, { suggestionsVersion: SUGGESTIONS_VERSION });
  }

  /**
   * Runs every document detector over the document's text and stores what they found; marks it
   * read. The extraction calls it when a document's text is (re)known.
   */
  async readDocument(document: DocumentEntity): Promise<void> {
    const context = await this.context(document.userId);
    const found: SuggestionCandidate[] = [];
    for (const detector of this.documentDetectors) {
      found.push(...(await this.detect(detector.name, () => detector.fromDocument(document, context))));
    }
    await this.store(document.userId, { documentId: document.id }, found);
    await this.documents.update({ id: document.id }, { suggestionsVersion: SUGGESTIONS_VERSION });
  }

  /** A document's text was read (the extraction's event): what it could become is read now. */
  @OnEvent(DOCUMENT_TEXT_READ, { async: true, promisify: true })
  async documentTextRead({ userId, documentId }: DocumentTextReadEvent): Promise<void> {
    await this.readDocumentById(userId, documentId);
  }

  /** By id (an event carries no entity). */
  async readDocumentById(userId: number, documentId: number): Promise<void> {
    const document = await this.documents.findOne({ where: { id: documentId, userId } });
    if (document) await this.readDocument(document);
  }

  /**
   * POST /api/suggestions/:id/accept: creates what it proposes (with the person's edits, checked
   * against its kind) and records the result. 404 when not the user's, 409 when already decided.
   * The row stays locked while the maker runs, so a double click creates one thing.
   */
  async accept(user: SuggestionUser, id: number, payload: AcceptSuggestionPayload): Promise<Suggestion> {
    const userId = user.id;
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(SuggestionEntity, {
        where: { id, userId },
        lock: { mode: 'pessimistic_write' },
      });
      await this.assertModule(user, row);
      if (!row) throw new NotFoundException({ message: SUGGESTION_MESSAGES.notFound });
      if (row.status !== 'pending') throw new ConflictException({ message: SUGGESTION_MESSAGES.alreadyDecided });
      const draft = this.checkedDraft(row, payload.draft ?? row.draft);
      const maker = this.makers.get(row.kind);
      if (!maker) throw new ConflictException({ message: SUGGESTION_MESSAGES.kindUnsupported });
      const result = await maker.make(userId, row, draft as never);
      Object.assign(row, {
        status: 'accepted',
        draft,
        result,
        decidedBy: 'person',
        decidedAt: new Date(),
      } satisfies Partial<SuggestionEntity>);
      return toSuggestion(await manager.save(row));
    });
  }

  /** POST /api/suggestions/:id/dismiss: it is not proposed again. 404 when not the user's, 409 when decided. */
  async dismiss(user: SuggestionUser, id: number): Promise<Suggestion> {
    const userId = user.id;
    await this.assertModule(user, await this.suggestions.findOneBy({ id, userId }));
    const [rows] = await this.dataSource.query<[SuggestionEntity[], number]>(
      `UPDATE suggestions SET status = 'dismissed', "decidedBy" = 'person', "decidedAt" = now()
        WHERE id = $1 AND "userId" = $2 AND status = 'pending' RETURNING id`,
      [id, userId],
    );
    if (rows.length === 0) {
      const exists = await this.suggestions.exists({ where: { id, userId } });
      if (!exists) throw new NotFoundException({ message: SUGGESTION_MESSAGES.notFound });
      throw new ConflictException({ message: SUGGESTION_MESSAGES.alreadyDecided });
    }
    return toSuggestion(await this.suggestions.findOneByOrFail({ id, userId }));
  }

  /**
   * What a rule of the person's did (e.g. filed an attachment into Documents): stored as accepted by
   * rule, so the source shows what it became. A pending suggestion of the same key is settled by it;
   * one already decided is left as it is. Answers whether this was news.
   */
  async record(
    userId: number,
    source: SuggestionSource,
    candidate: SuggestionCandidate,
    result: SuggestionResult,
    decidedBy: 'rule' | 'person' = 'rule',
  ): Promise<boolean> {
    const { emailId, documentId } = this.sourceIds(source);
    const conflict =
      emailId !== null
        ? `("userId", "emailId", key) WHERE "emailId" IS NOT NULL`
        : `("userId", "documentId", key) WHERE "documentId" IS NOT NULL`;
    const rows = await this.dataSource.query<Array<{ id: number }>>(
      `INSERT INTO suggestions ("userId", "emailId", "documentId", kind, origin, status, key, title, detail, draft, result, "decidedBy", "decidedAt")
       VALUES ($1, $2, $3, $4, $5, 'accepted', $6, $7, $8, $9, $10, $11, now())
       ON CONFLICT ${conflict} DO UPDATE
         SET status = 'accepted', result = EXCLUDED.result, "decidedBy" = EXCLUDED."decidedBy", "decidedAt" = now()
         WHERE suggestions.status = 'pending'
       RETURNING id`,
      [
        userId,
        emailId,
        documentId,
        candidate.kind,
        candidate.origin,
        candidate.key.slice(0, 300),
        candidate.title.slice(0, 300),
        candidate.detail?.slice(0, 500) ?? null,
        JSON.stringify(candidate.draft),
        JSON.stringify(result),
        decidedBy,
      ],
    );
    return rows.length > 0;
  }

  /**
   * A suggestion belongs to its source's module (email or documents): 403 when that module is off
   * for the person, as its other routes answer; with no such row, 403 only when both are off.
   */
  private async assertModule(user: SuggestionUser, row: SuggestionEntity | null): Promise<void> {
    const needed = row ? [row.emailId !== null ? 'email' : 'documents'] : ['email', 'documents'];
    const available = await this.toggles.availableModules(user, needed);
    if (available.size === 0) throw new ForbiddenException(moduleNotAvailable(needed[0]));
  }

  private listFor(userId: number, source: SuggestionSource): Promise<Suggestion[]> {
    return this.suggestions
      .find({ where: { userId, ...source }, order: { createdAt: 'ASC', id: 'ASC' } })
      .then((rows) => rows.map(toSuggestion));
  }

  private async context(userId: number): Promise<DetectionContext> {
    return { userId, timezone: await this.events.profileTimezone(userId), now: new Date() };
  }

  /** One detector's findings, or none when it fails (logged): one odd message must not stop the others. */
  private async detect(
    name: string,
    run: () => Promise<SuggestionCandidate[]> | SuggestionCandidate[],
  ): Promise<SuggestionCandidate[]> {
    try {
      return await run();
    } catch (error) {
      this.logger.warn(`Detector ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }

  /** Stores each valid candidate once per source and key; a draft its kind's schema refuses is a detector's bug, logged. */
  private async store(userId: number, source: SuggestionSource, found: SuggestionCandidate[]): Promise<void> {
    const { emailId, documentId } = this.sourceIds(source);
    const rows = found.flatMap((candidate) => {
      const checked = SUGGESTION_DRAFT_SCHEMAS[candidate.kind].safeParse(candidate.draft);
      if (!checked.success) {
        this.logger.warn(`Dropped a ${candidate.kind} suggestion (${candidate.key}): ${checked.error.message}`);
        return [];
      }
      return [
        {
          userId,
          emailId,
          documentId,
          kind: candidate.kind,
          origin: candidate.origin,
          key: candidate.key.slice(0, 300),
          title: candidate.title.slice(0, 300),
          detail: candidate.detail?.slice(0, 500) ?? null,
          draft: checked.data as Record<string, unknown>,
        },
      ];
    });
    if (rows.length === 0) return;
    // A candidate already stored for this source (pending, accepted or dismissed) is left as it is.
    await this.suggestions
      .createQueryBuilder()
      .insert()
      .values(rows as QueryDeepPartialEntity<SuggestionEntity>[])
      .orIgnore()
      .execute();
  }

  /** The edited (or stored) draft checked against the suggestion's kind: 400 with the contract's messages. */
  private checkedDraft(row: SuggestionEntity, draft: unknown): Record<string, unknown> {
    const checked = SUGGESTION_DRAFT_SCHEMAS[row.kind].safeParse(draft);
    if (!checked.success) throw new BadRequestException(toApiErrorBody(checked.error));
    return checked.data as Record<string, unknown>;
  }

  private sourceIds(source: SuggestionSource): { emailId: number | null; documentId: number | null } {
    return 'emailId' in source
      ? { emailId: source.emailId, documentId: null }
      : { emailId: null, documentId: source.documentId };
  }
}
