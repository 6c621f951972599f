import type { EmailDashboard, EmailPriority } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DashboardPart, type DashboardProvider } from '../dashboard/dashboard-provider';
import { INBOX } from './email-tabs';

/**
 * The email part of the dashboard, from the Inbox (non-archived, not sent, not drafts):
 * - unread: its unread emails (also the sidebar's Email badge);
 * - urgentUnread ('N marked urgent' under that card): those unread emails marked urgent;
 * - insights.urgent/important/regular: its emails by priority;
 * - insights.autoResponses: every auto-responded email, by what triage answered it as
 *   (metadata.autoResponse 'meeting' or 'inquiry').
 * Counted in Postgres from two partial indexes that hold exactly these rows (see the migration
 * AddEmailDashboardIndexes), so 50,000 emails cost index-only scans, not a pass over the table.
 */
export interface InboxCount {
  priority: EmailPriority;
  isRead: boolean;
  n: number;
}

/** The dashboard's email part from the two counts' rows (the API bench's baseline uses it too). */
export function emailDashboardPart(
  inbox: InboxCount[],
  autoResponded: { meetings: number; inquiries: number },
): EmailDashboard {
  const count = (match: (row: InboxCount) => boolean) => inbox.filter(match).reduce((total, row) => total + row.n, 0);
  return {
    unread: count((r) => !r.isRead),
    urgentUnread: count((r) => !r.isRead && r.priority === 'urgent'),
    insights: {
      urgent: count((r) => r.priority === 'urgent'),
      important: count((r) => r.priority === 'important'),
      regular: count((r) => r.priority === 'regular'),
      autoResponses: { meetings: autoResponded.meetings, inquiries: autoResponded.inquiries },
    },
  };
}

@DashboardPart({ module: 'email' })
@Injectable()
export class EmailsDashboardProvider implements DashboardProvider<EmailDashboard> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute(userId: number): Promise<EmailDashboard> {
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
    return emailDashboardPart(inbox, autoResponded[0]);
  }
}
