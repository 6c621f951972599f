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
import { localDayStart } from '../dashboard/local-day';

/**
 * The briefing's tasks: open tasks due before tomorrow in the user's timezone (overdue ones first,
 * oldest due first), each linking to /tasks?open=<id>. One query over the open tasks' index.
 */
@BriefingSource({ module: 'organiser' })
@Injectable()
export class TasksBriefingSource implements BriefingContributor {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async contribute({ userId, now, timezone }: BriefingContext): Promise<BriefingContribution[]> {
    const rows: { id: number; title: string; overdue: boolean }[] = await this.dataSource.query(
      `SELECT t.id, t.title, t."dueDate" < ${localDayStart('$2', '$3', 0)} AS overdue
         FROM tasks t
        WHERE t."userId" = $1 AND t.status <> 'completed' AND t."dueDate" < ${localDayStart('$2', '$3', 1)}
        ORDER BY t."dueDate", t.id
        LIMIT $4`,
      [userId, now, timezone, BRIEFING_LIMITS.itemsPerSection * 4],
    );
    if (rows.length === 0) return [];
    return [
      {
        section: 'tasks',
        lines: rows.map((row) => ({
          kind: 'task',
          title: row.title,
          detail: row.overdue ? BRIEFING_TEXT.overdue : BRIEFING_TEXT.dueToday,
          link: `/tasks?open=${row.id}`,
          start: null,
          end: null,
          fact: { kind: 'task', overdue: row.overdue },
        })),
      },
    ];
  }
}
