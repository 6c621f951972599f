import { RESEARCH_MESSAGES, type ResearchCategory, type ResearchReport, type StartResearch } from '@aide/contracts';
import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { withinPlanQuota } from '../common/plan-quota';
import { ResearchPipelineService } from './pipeline/research-pipeline.service';
import { ResearchReportEntity } from './research-report.entity';
import { toResearchReport } from './research-report.mapper';

export interface RerunParameters {
  topic?: string;
  category?: ResearchCategory | null;
  tags?: string[] | null;
}

export interface ResearchChanges {
  category?: ResearchCategory | null;
  tags?: string[] | null;
}

/** The user's research reports: start, list, rerun, archive, edit and delete. The pipeline itself is research-pipeline.service.ts. */
/** Logs a run for the daily quota, dropping the user's entries that no longer count. */
async function logRunStart(manager: EntityManager, userId: number): Promise<void> {
  await manager.query(
    `DELETE FROM research_run_starts WHERE "userId" = $1 AND "startedAt" < now() - interval '1 day'`,
    [userId],
  );
  await manager.query(`INSERT INTO research_run_starts ("userId") VALUES ($1)`, [userId]);
}

@Injectable()
export class ResearchService {
  constructor(
    @InjectRepository(ResearchReportEntity) private readonly reports: Repository<ResearchReportEntity>,
    private readonly pipeline: ResearchPipelineService,
  ) {}

  /** DECISIONS §Identity: a user id in a path or body must be the signed-in user's; `message` says what was refused. */
  assertOwnUserId(userId: number, claimed: number | undefined, message: string = RESEARCH_MESSAGES.otherUser): void {
    if (claimed !== undefined && claimed !== userId) throw new ForbiddenException(message);
  }

  /** Newest first, archived included (the screen hides them unless asked). */
  async list(userId: number): Promise<ResearchReport[]> {
    const rows = await this.reports.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toResearchReport);
  }

  async get(userId: number, id: number): Promise<ResearchReport> {
    return toResearchReport(await this.find(userId, id));
  }

  /** Saves the report as pending and queues the pipeline; answers at once. */
  /** Saved as pending and queued; 403 past the plan's daily research runs. */
  async start(userId: number, input: StartResearch): Promise<ResearchReport> {
    const row = await withinPlanQuota(
      this.reports.manager.connection,
      userId,
      'researchRunsPerDay',
      async (manager) => {
        await logRunStart(manager, userId);
        return manager.save(
          this.reports.create({
            userId,
            topic: input.topic,
            category: input.category,
            tags: input.tags ?? [],
            status: 'pending',
            progress: 0,
            stage: 'Waiting to start',
          }),
        );
      },
    );
    await this.pipeline.queue(userId, row.id, row.run);
    return toResearchReport(row);
  }

  /**
   * Runs the pipeline again, with the new parameters where given (the rest stay). The old results
   * are cleared: a report never shows text written for another topic. Refused while a run is
   * still pending or in progress (one run per report at a time).
   */
  async rerun(userId: number, id: number, parameters: RerunParameters): Promise<ResearchReport> {
    const row = await this.find(userId, id);
    if (row.status === 'pending' || row.status === 'in_progress')
      throw new ConflictException(RESEARCH_MESSAGES.stillRunning);
    // A rerun is a run: 403 past the plan's daily research runs, counted in the same transaction.
    const updated = await withinPlanQuota(
      this.reports.manager.connection,
      userId,
      'researchRunsPerDay',
      async (manager) => {
        const result = await manager
          .createQueryBuilder(ResearchReportEntity, 'report')
          .update()
          .set({
            topic: parameters.topic ?? row.topic,
            category: parameters.category !== undefined ? parameters.category : row.category,
            tags: parameters.tags !== undefined ? (parameters.tags ?? []) : row.tags,
            status: 'pending',
            progress: 0,
            stage: 'Waiting to start',
            error: null,
            summary: null,
            content: null,
            sources: [],
            credibilityScore: null,
            completedAt: null,
            run: () => '"run" + 1',
          })
          // Checked again in the UPDATE: two reruns at once start one run.
          .where('id = :id AND "userId" = :userId AND status IN (:...done)', {
            id,
            userId,
            done: ['completed', 'failed'],
          })
          .execute();
        if (result.affected) await logRunStart(manager, userId);
        return result;
      },
    );
    if (!updated.affected) throw new ConflictException(RESEARCH_MESSAGES.stillRunning);
    const fresh = await this.find(userId, id);
    await this.pipeline.queue(userId, id, fresh.run);
    return toResearchReport(fresh);
  }

  async setArchived(userId: number, id: number, isArchived: boolean): Promise<ResearchReport> {
    await this.find(userId, id);
    await this.reports.update({ id, userId }, { isArchived });
    return this.get(userId, id);
  }

  async update(userId: number, id: number, changes: ResearchChanges): Promise<ResearchReport> {
    await this.find(userId, id);
    await this.reports.update(
      { id, userId },
      {
        ...(changes.category !== undefined && { category: changes.category }),
        ...(changes.tags !== undefined && { tags: changes.tags ?? [] }),
      },
    );
    return this.get(userId, id);
  }

  /** A run still working on it finds the row gone and stops. */
  async remove(userId: number, id: number): Promise<void> {
    const result = await this.reports.delete({ id, userId });
    if (!result.affected) throw new NotFoundException(RESEARCH_MESSAGES.notFound);
  }

  /** Another user's id answers exactly as a missing one (DECISIONS). */
  private async find(userId: number, id: number): Promise<ResearchReportEntity> {
    const row = await this.reports.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(RESEARCH_MESSAGES.notFound);
    return row;
  }
}
