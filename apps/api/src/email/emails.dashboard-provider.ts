import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EmailPriority } from '@aide/contracts';
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
 * Counted in Postgres from two partial indexes that hold exactly these rows (see the migration
 * AddEmailDashboardIndexes), so 50,000 emails cost index-only scans, not a pass over the table.
 */
export interface InboxCount {
  priority: EmailPriority;
  isRead: boolean;
  n: number;
}

/** The dashboard's email figures from the two counts' rows (the API bench's baseline uses it too). */
export function emailContribution(
  inbox: InboxCount[],
  autoResponded: { meetings: number; inquiries: number },
): DashboardContribution {
  const count = (match: (row: InboxCount) => boolean) => inbox.filter(match).reduce((total, row) => total + row.n, 0);
  return {
    stats: { unreadEmails: count((r) => !r.isRead) },
    statDetails: { urgentEmails: count((r) => !r.isRead && r.priority === 'urgent') },
    emailInsights: {
      urgent: count((r) => r.priority === 'urgent'),
      important: count((r) => r.priority === 'important'),
      regular: count((r) => r.priority === 'regular'),
      autoResponses: { meetings: autoResponded.meetings, inquiries: autoResponded.inquiries },
    },
  };
}

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
    // Two index-only counts (IDX_emails_inbox_userId_priority_isRead, IDX_emails_autoResponded_userId).
    const [inbox, autoResponded]: [InboxCount[], { meetings: number; inquiries: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT e.priority, e."isRead", count(*)::int AS n FROM emails e WHERE e."userId" = $1 AND ${INBOX} GROUP BY 1, 2`,
        [userId],
      ),
      this.dataSource.query(
        `SELECT count(*) FILTER (WHERE e.metadata->>'autoResponse' = 'meeting')::int AS meetings,
                count(*) FILTER (WHERE e.metadata->>'autoResponse' = 'inquiry')::int AS inquiries
           FROM emails e WHERE e."userId" = $1 AND e."isAutoResponded" = true`,
        [userId],
      ),
    ]);
    return emailContribution(inbox, autoResponded[0]);
  }
}
