import type { EmailDashboard, EmailPriority } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { poolQuery } from '../common/entity-rows';
import { DashboardPart, type DashboardProvider } from '../dashboard/dashboard-provider';

/**
 * The email part of the dashboard, from the Inbox (non-archived, not sent, not drafts):
 * - unread: its unread emails (also the sidebar's Email badge);
 * - urgentUnread ('N marked urgent' under that card): those unread emails marked urgent;
 * - insights.urgent/important/regular: its emails by priority;
 * - insights.autoResponses: every auto-responded email, by what triage answered it as
 *   (metadata.autoResponse 'meeting' or 'inquiry').
 * The Inbox's figures are read from email_counts, which triggers keep as the mail changes (migration
 * AddEmailCounts), so 50,000 emails cost a few rows, not a count of the Inbox; the auto-responded
 * are counted from a partial index that holds only them.
 */
export interface InboxCount {
  priority: EmailPriority;
  isRead: boolean;
  n: number;
}

/** The dashboard's email part from the two counts' rows. */
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
    const [inbox, autoResponded]: [InboxCount[], { meetings: number; inquiries: number }[]] = await Promise.all([
      poolQuery<InboxCount>(
        this.dataSource,
        `SELECT priority, "isRead", sum(n)::int AS n FROM email_counts WHERE "userId" = $1 AND place = 'inbox' GROUP BY 1, 2`,
        [userId],
      ),
      poolQuery<{ meetings: number; inquiries: number }>(
        this.dataSource,
        `SELECT count(*) FILTER (WHERE e.metadata->>'autoResponse' = 'meeting')::int AS meetings,
                count(*) FILTER (WHERE e.metadata->>'autoResponse' = 'inquiry')::int AS inquiries
           FROM emails e WHERE e."userId" = $1 AND e."isAutoResponded" = true`,
        [userId],
      ),
    ]);
    return emailDashboardPart(inbox, autoResponded[0]);
  }
}
