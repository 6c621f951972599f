import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type DigestSection, type DigestSectionSource, DigestSource, type DigestWeeks } from '../digest/digest-source';

const STATUS = `coalesce(e.metadata->>'status', '')`;

/**
 * The weekly digest's mail statistics: the messages received last week (every message that is
 * neither a draft nor sent, wherever it was filed since) and the messages sent (the Sent tab's:
 * metadata.status 'sent'), each against the week before, by their date. Nothing to say when all are 0.
 */
@DigestSource({ module: 'email' })
@Injectable()
export class EmailDigestSource implements DigestSectionSource {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async section(userId: number, { lastWeek, weekBefore }: DigestWeeks): Promise<DigestSection | null> {
    const [row] = await this.dataSource.query<
      { received: number; receivedBefore: number; sent: number; sentBefore: number }[]
    >(
      `SELECT count(*) FILTER (WHERE ${STATUS} NOT IN ('draft', 'sent') AND e."receivedAt" >= $2)::int AS received,
              count(*) FILTER (WHERE ${STATUS} NOT IN ('draft', 'sent') AND e."receivedAt" < $2)::int AS "receivedBefore",
              count(*) FILTER (WHERE ${STATUS} = 'sent' AND e."receivedAt" >= $2)::int AS sent,
              count(*) FILTER (WHERE ${STATUS} = 'sent' AND e."receivedAt" < $2)::int AS "sentBefore"
         FROM emails e WHERE e."userId" = $1 AND e."receivedAt" >= $3 AND e."receivedAt" < $4`,
      [userId, lastWeek.from, weekBefore.from, lastWeek.to],
    );
    if (row.received + row.receivedBefore + row.sent + row.sentBefore === 0) return null;
    return {
      kind: 'email',
      received: { lastWeek: row.received, weekBefore: row.receivedBefore },
      sent: { lastWeek: row.sent, weekBefore: row.sentBefore },
    };
  }
}
