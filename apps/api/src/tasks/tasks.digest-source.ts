import { DIGEST_LIMITS } from '@aide/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type DigestSection, type DigestSectionSource, DigestSource, type DigestWeeks } from '../digest/digest-source';

/**
 * The weekly digest's tasks: the tasks completed last week (a completed task's updatedAt is when it
 * was ticked, as the dashboard reads it), against the week before, and the titles of the latest
 * DIGEST_LIMITS.tasks of them. Nothing to say when neither week completed any.
 */
@DigestSource({ module: 'organiser' })
@Injectable()
export class TasksDigestSource implements DigestSectionSource {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async section(userId: number, weeks: DigestWeeks): Promise<DigestSection | null> {
    const { lastWeek, weekBefore } = weeks;
    const [[counts], titles] = await Promise.all([
      this.dataSource.query<{ lastWeek: number; weekBefore: number }[]>(
        `SELECT count(*) FILTER (WHERE "updatedAt" >= $2)::int AS "lastWeek",
                count(*) FILTER (WHERE "updatedAt" < $2)::int AS "weekBefore"
           FROM tasks WHERE "userId" = $1 AND status = 'completed' AND "updatedAt" >= $3 AND "updatedAt" < $4`,
        [userId, lastWeek.from, weekBefore.from, lastWeek.to],
      ),
      this.dataSource.query<{ title: string }[]>(
        `SELECT title FROM tasks
          WHERE "userId" = $1 AND status = 'completed' AND "updatedAt" >= $2 AND "updatedAt" < $3
          ORDER BY "updatedAt" DESC, id DESC LIMIT $4`,
        [userId, lastWeek.from, lastWeek.to, DIGEST_LIMITS.tasks],
      ),
    ]);
    if (counts.lastWeek === 0 && counts.weekBefore === 0) return null;
    return { kind: 'tasks', completed: counts, titles: titles.map((row) => row.title) };
  }
}
