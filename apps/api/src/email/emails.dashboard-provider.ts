import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DashboardContribution, DashboardProvider } from '../dashboard/dashboard-provider';
import { DashboardRegistry } from '../dashboard/dashboard.registry';
import { INBOX } from './email-tabs';

/**
 * The email part of the dashboard, from the Inbox (non-archived, not sent, not drafts):
 * - stats.unreadEmails: its unread emails (also the sidebar's Email badge);
 * - statDetails.urgentEmails ('N marked urgent' under that card): those unread emails marked urgent;
 * - emailInsights.urgent/important/regular: its emails by priority;
 * - emailInsights.autoResponses: every auto-responded email, by what triage answered it as
 *   (metadata.autoResponse 'meeting' or 'inquiry').
 * One query over the user's rows (IDX_emails_userId_isArchived_receivedAt), counted in Postgres.
 */
@Injectable()
export class EmailsDashboardProvider implements DashboardProvider, OnModuleInit {
  readonly moduleId = 'email';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: DashboardRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async contribute(userId: number): Promise<DashboardContribution> {
    const [row]: { unread: number; unreadUrgent: number; urgent: number; important: number; regular: number; meetings: number; inquiries: number }[] =
      await this.dataSource.query(
        `SELECT count(*) FILTER (WHERE ${INBOX} AND e."isRead" = false)::int AS unread,
                count(*) FILTER (WHERE ${INBOX} AND e."isRead" = false AND e.priority = 'urgent')::int AS "unreadUrgent",
                count(*) FILTER (WHERE ${INBOX} AND e.priority = 'urgent')::int AS urgent,
                count(*) FILTER (WHERE ${INBOX} AND e.priority = 'important')::int AS important,
                count(*) FILTER (WHERE ${INBOX} AND e.priority = 'regular')::int AS regular,
                count(*) FILTER (WHERE e."isAutoResponded" AND e.metadata->>'autoResponse' = 'meeting')::int AS meetings,
                count(*) FILTER (WHERE e."isAutoResponded" AND e.metadata->>'autoResponse' = 'inquiry')::int AS inquiries
           FROM emails e WHERE e."userId" = $1`,
        [userId],
      );
    return {
      stats: { unreadEmails: row.unread },
      statDetails: { urgentEmails: row.unreadUrgent },
      emailInsights: {
        urgent: row.urgent,
        important: row.important,
        regular: row.regular,
        autoResponses: { meetings: row.meetings, inquiries: row.inquiries },
      },
    };
  }
}
