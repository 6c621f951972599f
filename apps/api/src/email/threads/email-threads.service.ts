import { EMAIL_THREAD_MESSAGES, type EmailPage, type EmailThread, type EmailThreadSummary } from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EMAIL_COLUMNS, type EmailRow, toEmail } from '../email.mapper';

const SELECT = EMAIL_COLUMNS.map((column) => `e."${column}"`).join(', ');
/** A row not threaded yet is a conversation of its own (index IDX_emails_userId_thread). */
export const THREAD = `coalesce(e."threadId", e.id)`;

/** A filtered list as EmailsService.list builds it: `where` over `emails e`, its parameters ($1 is the user). */
export interface EmailFilter {
  where: string;
  params: unknown[];
  page: number;
  pageSize: number;
}

type SummaryRow = { thread: number; size: number; senders: string[]; emailIds: number[]; unread: number };

/** Conversations: the list's one row per thread, and a thread's messages. Every query is scoped by the user. */
@Injectable()
export class EmailThreadsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One page of conversations: per thread, the newest message that the filter matches, newest
   * first, with its summary; total counts conversations.
   */
  async list(filter: EmailFilter): Promise<EmailPage> {
    const { where, params, page, pageSize } = filter;
    const n = params.length;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<Array<EmailRow & { thread: number }>>(
        `SELECT * FROM (
           SELECT DISTINCT ON (${THREAD}) ${SELECT}, ${THREAD} AS thread,
                  coalesce(e."resurfacedAt", e."receivedAt") AS "listedAt"
             FROM emails e WHERE ${where}
            ORDER BY ${THREAD}, "listedAt" DESC, e.id DESC
         ) newest
         -- A snoozed message that woke sorts as if it had just arrived (LIST_ORDER in email-tabs.ts).
         ORDER BY "listedAt" DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(DISTINCT ${THREAD})::int AS total FROM emails e WHERE ${where}`,
        params,
      ),
    ]);
    const summaries = await this.summaries(
      filter,
      rows.map((row) => row.thread),
    );
    return {
      items: rows.map((row) => ({ ...toEmail(row), thread: summaries.get(row.thread) })),
      total,
      page,
      pageSize,
    };
  }

  /** The summaries of these threads: all their messages for size and senders, the filter's for ids and unread. */
  private async summaries(filter: EmailFilter, threads: number[]): Promise<Map<number, EmailThreadSummary>> {
    if (threads.length === 0) return new Map();
    const rows = await this.dataSource.query<SummaryRow[]>(
      `SELECT ${THREAD} AS thread, count(*)::int AS size,
              array_agg(e."from" ORDER BY e."receivedAt", e.id) AS senders,
              coalesce(array_agg(e.id ORDER BY e."receivedAt" DESC, e.id DESC) FILTER (WHERE ${filter.where}), '{}') AS "emailIds",
              (count(*) FILTER (WHERE (${filter.where}) AND e."isRead" = false))::int AS unread
         FROM emails e
        WHERE e."userId" = $1 AND ${THREAD} = ANY($${filter.params.length + 1}::int[])
        GROUP BY 1`,
      [...filter.params, threads],
    );
    return new Map(
      rows.map((row) => [
        row.thread,
        { size: row.size, emailIds: row.emailIds, unread: row.unread, participants: [...new Set(row.senders)] },
      ]),
    );
  }

  /** A conversation's messages, oldest first; 404 when the user has none in it. */
  async get(userId: number, threadId: number): Promise<EmailThread> {
    const rows = await this.dataSource.query<EmailRow[]>(
      `SELECT ${SELECT} FROM emails e WHERE e."userId" = $1 AND ${THREAD} = $2 ORDER BY e."receivedAt", e.id`,
      [userId, threadId],
    );
    if (rows.length === 0) throw new NotFoundException(EMAIL_THREAD_MESSAGES.threadNotFound);
    return { threadId, emails: rows.map(toEmail) };
  }
}
