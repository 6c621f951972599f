import { BRIEFING_LIMITS } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  type BriefingContext,
  type BriefingContribution,
  type BriefingContributor,
  BriefingSource,
} from '../briefing/briefing-source';
import { BRIEFING_TEXT } from '../briefing/briefing-text';
import { senderName } from '../suggestions/mail-dates/action-titles';
import { awaitsReply } from './awaiting-reply';
import { INBOX } from './email-tabs';

interface LatestRow {
  id: number;
  subject: string;
  from: string;
  body: string;
  category: string | null;
  metadata: Record<string, unknown> | null;
  receivedAt: Date;
  inbox: boolean;
}

/** Conversations read at most (the newest first): the briefing is a glance, not a mail client. */
const CONVERSATIONS_READ = 200;

/**
 * The briefing's mail: conversations of the last BRIEFING_LIMITS.mailDays days whose newest message
 * is from someone else, still in the Inbox, and waits for the person's reply (awaitsReply: not a
 * newsletter or a machine, and it asks something). Oldest waiting first; each links to
 * /email?open=<id>. A reply sent from here (or synced from Sent) is the conversation's newest
 * message, so the conversation leaves the briefing.
 */
@BriefingSource({ module: 'email' })
@Injectable()
export class EmailsBriefingSource implements BriefingContributor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute({ userId, now }: BriefingContext): Promise<BriefingContribution[]> {
    const rows: LatestRow[] = await this.dataSource.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (coalesce(e."threadId", e.id)) e.id, e.subject, e."from", left(e.body, 20000) AS body,
                e.category, e.metadata, e."receivedAt", (${INBOX}) AS inbox
           FROM emails e
          WHERE e."userId" = $1 AND e."isTrashed" = false AND coalesce(e.metadata->>'status', '') <> 'draft'
            AND e."receivedAt" > $2::timestamptz - $3::int * interval '1 day' AND e."receivedAt" <= $2::timestamptz
          ORDER BY coalesce(e."threadId", e.id), e."receivedAt" DESC, e.id DESC
       ) latest
       ORDER BY "receivedAt" DESC, id DESC
       LIMIT $4`,
      [userId, now, BRIEFING_LIMITS.mailDays, CONVERSATIONS_READ],
    );
    const waiting = rows
      .filter((row) => row.inbox && awaitsReply({ ...row, receivedAt: new Date(row.receivedAt) }))
      .reverse();
    if (waiting.length === 0) return [];
    return [
      {
        section: 'mail',
        lines: waiting.map((row) => {
          const from = senderName(row.from)?.full ?? row.from;
          return {
            kind: 'mail',
            title: row.subject.trim() || BRIEFING_TEXT.noSubject,
            detail: BRIEFING_TEXT.from.replace('{name}', () => from),
            link: `/email?open=${row.id}`,
            start: null,
            end: null,
            fact: { kind: 'mail', from },
          };
        }),
      },
    ];
  }
}
