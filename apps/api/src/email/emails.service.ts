import {
  EMAIL_MESSAGES,
  type Email,
  type EmailPage,
  type EmailStats,
  type ListEmailsQuery,
  type UpdateEmailPayload,
} from '@aide/contracts';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, FindOptionsSelect, Repository } from 'typeorm';
import { EmailEntity, type PendingServerChanges } from './email.entity';
import { EMAIL_COLUMNS, type EmailRow, toEmail } from './email.mapper';
import { EMAIL_SERVER_CHANGE_PENDING, EmailServerChangePendingEvent } from './events/email-server-change-pending.event';
import { LIST_ORDER, listConditions, SNOOZED_ORDER } from './email-tabs';
import { EmailThreadsService } from './threads/email-threads.service';
import { EmailTriageService } from './triage/email-triage.service';

const SELECT = EMAIL_COLUMNS.map((column) => `e."${column}"`).join(', ');
/** What PATCH answers with, and where the message lives on the server. */
const SELECT_FOR_UPDATE = Object.fromEntries(
  [...EMAIL_COLUMNS, 'mailbox', 'uidValidity', 'uid'].map((column) => [column, true]),
) as FindOptionsSelect<EmailEntity>;

/** The emails of one user. Every method takes that user's id and touches no one else's rows. */
@Injectable()
export class EmailsService {
  private readonly logger = new Logger('EmailsService');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(EmailEntity) private readonly emails: Repository<EmailEntity>,
    private readonly events: EventEmitter2,
    private readonly triage: EmailTriageService,
    private readonly threads: EmailThreadsService,
  ) {}

  /** One page of a tab, newest first, narrowed by q (word prefixes of subject, sender, body), priority and category. */
  async list(userId: number, query: ListEmailsQuery): Promise<EmailPage> {
    const params: unknown[] = [userId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const filter = [`e."userId" = $1`, ...listConditions(query, param)].join(' AND ');
    // Threads (issue 24): one row per conversation.
    if (query.threads) return this.threads.list({ where: filter, params, page: query.page, pageSize: query.pageSize });
    const offset = (query.page - 1) * query.pageSize;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<EmailRow[]>(
        `SELECT ${SELECT} FROM emails e WHERE ${filter} ORDER BY ${query.tab === 'snoozed' && !query.folder ? SNOOZED_ORDER : LIST_ORDER} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.pageSize, offset],
      ),
      this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM emails e WHERE ${filter}`, params),
    ]);
    return { items: rows.map(toEmail), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * The tiles' and tabs' counts, from the counts triggers keep as the mail changes (email_counts,
   * migration AddEmailCounts: the Inbox, the Trash and elsewhere, by priority, category and read
   * state); deleted mail (Trash) is not in the total.
   */
  async stats(userId: number): Promise<EmailStats> {
    const [row] = await this.dataSource.query<EmailStats[]>(
      `SELECT coalesce(sum(n) FILTER (WHERE place = 'inbox'), 0)::int AS inbox,
              coalesce(sum(n) FILTER (WHERE place = 'inbox' AND priority = 'urgent'), 0)::int AS urgent,
              coalesce(sum(n) FILTER (WHERE place = 'inbox' AND priority = 'important'), 0)::int AS important,
              coalesce(sum(n) FILTER (WHERE place = 'inbox' AND priority = 'regular'), 0)::int AS regular,
              coalesce(sum(n) FILTER (WHERE place = 'inbox' AND category = 'work'), 0)::int AS work,
              coalesce(sum(n) FILTER (WHERE place = 'inbox' AND NOT "isRead"), 0)::int AS unread,
              coalesce(sum(n) FILTER (WHERE place <> 'trash'), 0)::int AS total
         FROM email_counts WHERE "userId" = $1`,
      [userId],
    );
    return row;
  }

  /**
   * Applies the fields present (category null clears it). A read or archive change to a message on
   * a mail server is also merged into pendingServerChanges in the same UPDATE, then, once that has
   * committed, announced as an EmailServerChangePendingEvent for the sync engine to carry to the
   * server (a change refused here, e.g. another user's email, announces nothing). A priority or
   * category set here teaches the user's triage model (see learnFrom). 404 if not the user's.
   */
  /** One message; 404 if not the user's. */
  async get(userId: number, id: number): Promise<Email> {
    const row = await this.emails.findOne({ where: { id, userId }, select: SELECT_FOR_UPDATE });
    if (!row) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
    return toEmail(row);
  }

  async update(userId: number, id: number, changes: UpdateEmailPayload): Promise<Email> {
    const fields: Partial<
      Pick<EmailEntity, 'priority' | 'category' | 'isRead' | 'isArchived' | 'isTrashed' | 'folder'>
    > = {};
    if (changes.priority !== undefined) fields.priority = changes.priority;
    if (changes.category !== undefined) fields.category = changes.category;
    if (changes.isRead !== undefined) fields.isRead = changes.isRead;
    // Archiving (or un-archiving) takes a message out of the Trash or a folder too: it goes where it says.
    if (changes.isArchived !== undefined)
      Object.assign(fields, { isArchived: changes.isArchived, isTrashed: false, folder: null });
    const server: PendingServerChanges = {};
    if (changes.isRead !== undefined) server.isRead = changes.isRead;
    if (changes.isArchived !== undefined) server.isArchived = changes.isArchived;
    const toServer = Object.keys(server).length > 0;

    if (Object.keys(fields).length > 0) {
      const { affected } = await this.emails
        .createQueryBuilder()
        .update(EmailEntity)
        .set({
          ...fields,
          ...(toServer && {
            pendingServerChanges: () =>
              `CASE WHEN "uid" IS NULL THEN "pendingServerChanges" ELSE "pendingServerChanges" || CAST(:server AS jsonb) END`,
          }),
        })
        .setParameter('server', JSON.stringify(server))
        .where('id = :id AND "userId" = :userId', { id, userId })
        .execute();
      if (!affected) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
    }
    const row = await this.emails.findOne({
      where: { id, userId },
      select: SELECT_FOR_UPDATE,
    });
    if (!row) throw new NotFoundException(EMAIL_MESSAGES.emailNotFound);
    if (
      toServer &&
      row.integrationId !== null &&
      row.mailbox !== null &&
      row.uidValidity !== null &&
      row.uid !== null
    ) {
      // Listeners log their own failures (@OnEvent), so the PATCH stands whatever they do.
      await this.events.emitAsync(
        EMAIL_SERVER_CHANGE_PENDING,
        new EmailServerChangePendingEvent(userId, id, row.integrationId, row.mailbox, row.uidValidity, row.uid, server),
      );
    }
    if (changes.priority !== undefined || changes.category !== undefined) await this.learnFrom(userId, row, changes);
    return toEmail(row);
  }

  /**
   * The labels the user set are a lesson for triage: future mail like this one follows them, and
   * so does the newest unread Inbox mail (EmailTriageService.retriageUnread). Only received mail
   * teaches (not the user's own sent mail or drafts). The change itself is saved whatever happens
   * here: a failure to learn is logged, never the PATCH's failure.
   */
  private async learnFrom(userId: number, email: EmailEntity, changes: UpdateEmailPayload): Promise<void> {
    const status = email.metadata?.status;
    if (status === 'sent' || status === 'draft') return;
    try {
      await this.triage.learn(
        userId,
        { id: email.id, subject: email.subject, from: email.from, body: email.body },
        { priority: changes.priority, category: changes.category },
      );
      await this.triage.retriageUnread(userId);
    } catch (error) {
      this.logger.warn(
        `Email ${email.id}: triage did not learn from the correction (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
}
