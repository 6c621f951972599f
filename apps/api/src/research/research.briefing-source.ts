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
import { localDayStart } from '../dashboard/local-day';

/**
 * The briefing's research: the user's reports that finished since the start of yesterday (their
 * timezone), newest first, each linking to /research?open=<id>.
 */
@BriefingSource({ module: 'research' })
@Injectable()
export class ResearchBriefingSource implements BriefingContributor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute({ userId, now, timezone }: BriefingContext): Promise<BriefingContribution[]> {
    const rows: { id: number; topic: string }[] = await this.dataSource.query(
      `SELECT id, topic FROM research_reports
        WHERE "userId" = $1 AND status = 'completed' AND NOT "isArchived"
          AND "completedAt" >= ${localDayStart('$2', '$3', -1)} AND "completedAt" <= $2::timestamptz
        ORDER BY "completedAt" DESC, id DESC
        LIMIT 20`,
      [userId, now, timezone],
    );
    if (rows.length === 0) return [];
    return [
      {
        section: 'research',
        lines: rows.map((row) => ({
          kind: 'report',
          title: row.topic,
          detail: BRIEFING_TEXT.reportReady,
          link: `/research?open=${row.id}`,
          start: null,
          end: null,
          fact: { kind: 'report' },
        })),
      },
    ];
  }
}
