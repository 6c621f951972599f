import { formatUsd, travelEndpoints, type TravelPreferences } from '@aide/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AiError } from '../ai/ai.errors';
import { AiService } from '../ai/ai.service';
import { returnedRows } from '../database/returned-rows.util';
import type { JobContext, JobOwner } from '../jobs/job-definition';
import { JobsService } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import { planTrip, registerTravelTemplates } from './planner/travel-planner';
import { tripInput } from './planner/trip';

export const TRAVEL_JOB = 'travel.generate';
export const TRAVEL_ENTITY = 'travel-plan';
/** A job's progress makes stale what the user's own changes do. */
export const TRAVEL_INVALIDATES = [...travelEndpoints.create.invalidates];
/** What a plan waiting for its generation shows. */
export const WAITING_STAGE = 'Waiting to start';

interface GenerationPayload {
  planId: number;
}

/** The plan as a run of the generation reads it when it claims it. */
interface PlanRow {
  id: number;
  userId: number;
  destination: string;
  startDate: string;
  endDate: string;
  preferences: TravelPreferences;
  budget: number | null;
  run: number;
}

/** The plan was deleted, or its details changed and a new run took over: stop quietly. */
class RunSuperseded extends Error {}

/**
 * The generation of a plan's recommendations, itinerary, budget and checklist, as a background job
 * ('travel.generate'): at most one queued and one running per plan ('stately' on the plan's key).
 *
 * A job serves the plan's current run: it claims the row (pending → in_progress) and takes the
 * `run` it finds; every later write is conditional on that run, so a plan deleted, edited or
 * regenerated meanwhile is never overwritten (the run that was superseded stops at its next
 * write). A restart bumps `run` and queues a job; if one is already queued it will claim the new
 * run, and one running stops at its next write: so 'stately' rather than 'exclusive', whose
 * one-per-key would drop the restart's job while the old one still runs.
 *
 * Progress and the stage go to the row as the planner works (travel-planner.ts). The outcome is
 * notified with the destination in the title. An AI failure is retried once, then the plan is
 * `failed` with a readable reason; any other trouble (the database, a crash) is pg-boss's to retry,
 * and setFailed writes its reason after the last attempt.
 */
@Injectable()
export class TravelGenerationService implements OnModuleInit, JobOwner {
  readonly type = TRAVEL_ENTITY;

  constructor(
    private readonly jobs: JobsService,
    private readonly ai: AiService,
    private readonly notifications: NotificationsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    registerTravelTemplates(this.ai);
    this.jobs.define<GenerationPayload>({
      name: TRAVEL_JOB,
      module: 'travel',
      title: 'Travel plan',
      owner: this,
      policy: 'stately',
      // The outcome is notified by the handler, with the destination (see work/fail).
      notifyOnSuccess: false,
      retryLimit: 1,
      retryDelaySeconds: 10,
      expireInSeconds: 900,
      invalidate: TRAVEL_INVALIDATES,
      handler: (payload, ctx) => this.run(payload, ctx),
    });
  }

  /** Queues the generation of a saved plan's current run; call after the row is committed. */
  async queue(userId: number, planId: number): Promise<void> {
    await this.jobs.enqueue<GenerationPayload>(
      TRAVEL_JOB,
      { planId },
      { userId, entity: { type: TRAVEL_ENTITY, id: planId }, singletonKey: `travel-plan:${planId}` },
    );
  }

  // ---- JobOwner: progress and the final failure, written to the row ----

  async setProgress(id: number, progress: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE travel_plans SET progress = GREATEST(progress, $2) WHERE id = $1 AND "generationStatus" = 'in_progress'`,
      [id, Math.min(99, Math.round(progress))],
    );
  }

  /** The handler writes 'completed' (or its own 'failed') itself, with the results. */
  async setDone(): Promise<void> {}

  /** After the last attempt of a run that threw or timed out: failed with pg-boss's readable reason. */
  async setFailed(id: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE travel_plans SET "generationStatus" = 'failed', stage = NULL, "generationError" = $2, "updatedAt" = now() WHERE id = $1 AND "generationStatus" IN ('pending', 'in_progress')`,
      [id, `The travel plan could not be prepared: ${error}`.slice(0, 1000)],
    );
  }

  // ---- The run ----

  async run({ planId }: GenerationPayload, ctx: JobContext): Promise<void> {
    const plan = await this.claim(planId);
    if (!plan) return ctx.log(`plan ${planId}: nothing to generate`);
    try {
      await this.work(plan, ctx);
    } catch (error) {
      if (error instanceof RunSuperseded) return ctx.log(`plan ${plan.id} run ${plan.run} superseded`);
      if (error instanceof AiError && ctx.lastAttempt)
        return this.fail(plan, `The travel plan could not be prepared: ${error.message}`);
      throw error;
    }
  }

  /** Marks the plan's current run in progress; null when there is none (deleted, or already finished). */
  private async claim(planId: number): Promise<PlanRow | null> {
    const rows = returnedRows<PlanRow>(
      await this.dataSource.query(
        `UPDATE travel_plans SET "generationStatus" = 'in_progress', "generationError" = NULL, progress = GREATEST(progress, 2), "updatedAt" = now()
          WHERE id = $1 AND "generationStatus" IN ('pending', 'in_progress')
          RETURNING id, "userId", destination, "startDate"::text AS "startDate", "endDate"::text AS "endDate", preferences, budget, run`,
        [planId],
      ),
    );
    const row = rows[0];
    return row ? { ...row, budget: row.budget === null ? null : Number(row.budget) } : null;
  }

  private async work(plan: PlanRow, ctx: JobContext): Promise<void> {
    const trip = tripInput(plan);
    const planned = await planTrip(this.ai, trip, {
      signal: ctx.signal,
      onStage: (stage, progress) => this.stage(plan, stage, progress, ctx),
    });
    const saved = returnedRows(
      await this.dataSource.query(
        `UPDATE travel_plans
            SET "generationStatus" = 'completed', progress = 100, stage = NULL, "generationError" = NULL, "generationMethod" = $3,
                recommendations = $4::json, itinerary = $5::json, "budgetBreakdown" = $6::json, budget = $7, checklist = $8::json, "updatedAt" = now()
          WHERE id = $1 AND run = $2 AND "generationStatus" = 'in_progress'
          RETURNING id`,
        [
          plan.id,
          plan.run,
          planned.method,
          JSON.stringify(planned.recommendations),
          JSON.stringify(planned.itinerary),
          JSON.stringify(planned.budget.breakdown),
          // The person's budget only: an estimate stays out of it (its total is the breakdown's sum,
          // which the API answers as estimatedBudget), so the screen can tell the two apart.
          planned.budget.estimated ? null : planned.budget.total,
          JSON.stringify(planned.checklist),
        ],
      ),
    );
    if (!saved.length) throw new RunSuperseded();
    ctx.log(`plan ${plan.id}: ${trip.days} days planned (${planned.method})`);
    await this.notifications.notify(plan.userId, {
      kind: 'system',
      module: 'travel',
      title: `Your trip to ${plan.destination} is ready`.slice(0, 200),
      body: planned.budget.estimated
        ? `A ${trip.days}-day itinerary, an estimated budget of ${formatUsd(planned.budget.total)} and a checklist to prepare.`
        : `A ${trip.days}-day itinerary, a budget of ${formatUsd(planned.budget.total)} and a checklist to prepare.`,
      link: '/travel',
      sourceKey: `travel:${plan.id}:${plan.run}:completed`,
    });
  }

  /** Writes the stage (and progress) if the run is still the plan's, else stops the run. */
  private async stage(plan: PlanRow, stage: string, progress: number, ctx: JobContext): Promise<void> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE travel_plans SET stage = $3 WHERE id = $1 AND run = $2 AND "generationStatus" = 'in_progress' RETURNING id`,
        [plan.id, plan.run, stage],
      ),
    );
    if (!rows.length) throw new RunSuperseded();
    ctx.progress(progress);
  }

  private async fail(plan: PlanRow, reason: string): Promise<void> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE travel_plans SET "generationStatus" = 'failed', stage = NULL, "generationError" = $3, "updatedAt" = now() WHERE id = $1 AND run = $2 AND "generationStatus" = 'in_progress' RETURNING id`,
        [plan.id, plan.run, reason.slice(0, 1000)],
      ),
    );
    if (!rows.length) return;
    await this.notifications.notify(plan.userId, {
      kind: 'system',
      module: 'travel',
      title: `Your trip to ${plan.destination} could not be planned`.slice(0, 200),
      body: reason,
      link: '/travel',
      sourceKey: `travel:${plan.id}:${plan.run}:failed`,
    });
  }
}
