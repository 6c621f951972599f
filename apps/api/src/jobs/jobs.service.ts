import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Env } from '../config/env.schema';
import { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { moduleNotAvailable } from '../feature-toggles/module-access.guard';
import { REGISTERED_MODULES } from '../module-registry/registered-modules';
import type { EnqueueOptions, JobDefinition, JobEnvelope } from './job-definition';
import { JobEventSink } from './job-events';
import { recordFailure, runJob, skipJob } from './job-runner';
import {
  bossOptions,
  FAILED_JOBS_QUEUE,
  FAILED_JOBS_QUEUE_OPTIONS,
  type JobsEnv,
  queueOptions,
  workOptions,
} from './jobs.config';
import { loadPgBoss } from './pg-boss.loader';

const JOB_NAME = /^[\w.-]+$/;
type WorkerOptions = ReturnType<typeof workOptions>;

/**
 * The durable job queue (pg-boss over the app's Postgres). Domain modules define() their kinds of
 * job at start (onModuleInit), then enqueue() or schedule() them. Workers run in this process
 * unless JOBS_WORKERS=false; a worker-only process (AIDE_PROCESS=worker) runs them without HTTP.
 * Delivery is at least once: a handler may run again after a crash, so it must be idempotent.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly env: JobsEnv;
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  /** Per kind: resolves once its queue exists (and its workers run, where workers run). */
  private readonly queues = new Map<string, Promise<PgBoss>>();
  private starting: Promise<PgBoss> | undefined;
  private stopping = false;

  constructor(
    config: ConfigService<Env, true>,
    private readonly sink: JobEventSink,
    private readonly toggles: FeatureTogglesService,
  ) {
    this.env = {
      DATABASE_URL: config.get('DATABASE_URL', { infer: true }),
      JOBS_WORKERS: config.get('JOBS_WORKERS', { infer: true }),
      JOBS_CONCURRENCY: config.get('JOBS_CONCURRENCY', { infer: true }),
      JOBS_POLL_INTERVAL_SECONDS: config.get('JOBS_POLL_INTERVAL_SECONDS', { infer: true }),
      JOBS_SUPERVISE_INTERVAL_SECONDS: config.get('JOBS_SUPERVISE_INTERVAL_SECONDS', { infer: true }),
      JOBS_SHUTDOWN_GRACE_SECONDS: config.get('JOBS_SHUTDOWN_GRACE_SECONDS', { infer: true }),
    };
  }

  /** Registers a kind of job. Defined after start, its queue and workers come up right away. */
  define<T>(definition: JobDefinition<T>): void {
    if (!JOB_NAME.test(definition.name))
      throw new Error(`Job name "${definition.name}" may only hold letters, digits, '.', '-' and '_'`);
    if (this.definitions.has(definition.name)) throw new Error(`Job "${definition.name}" is already defined`);
    if (definition.module === undefined)
      throw new Error(`Job "${definition.name}" must declare its module (null for a platform job)`);
    if (definition.module !== null && !REGISTERED_MODULES.some((module) => module.id === definition.module)) {
      throw new Error(`Job "${definition.name}" names the unknown module "${definition.module}"`);
    }
    this.definitions.set(definition.name, definition as JobDefinition<unknown>);
    if (this.starting) void this.queue(definition.name).catch(() => {}); // logged by queue()
  }

  /** Every kind defined so far and the module it belongs to (null: the platform's). */
  definedJobs(): { name: string; module: string | null | undefined }[] {
    return [...this.definitions.values()].map((definition) => ({ name: definition.name, module: definition.module }));
  }

  /** Queues a job; answers its id, or null when `singletonKey` matched a job already queued (per the kind's policy). */
  async enqueue<T>(name: string, payload: T, options: EnqueueOptions): Promise<string | null> {
    const definition = this.definition(name);
    if (options.entity && definition.owner && options.entity.type !== definition.owner.type) {
      throw new Error(`Job "${name}" works for '${definition.owner.type}' rows, not '${options.entity.type}'`);
    }
    const boss = await this.queue(name);
    const envelope: JobEnvelope<T> = { payload, userId: options.userId, entity: options.entity ?? null };
    return boss.send(name, envelope, {
      ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
      ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
    });
  }

  /**
   * Runs a job on a cron schedule (UTC, 5 fields, e.g. '0 * * * *' for hourly), for no user in particular.
   * Stored in the database, so calling it at every start is safe; the workers' processes run it.
   */
  async schedule<T>(name: string, cron: string, payload: T): Promise<void> {
    this.definition(name);
    const envelope: JobEnvelope<T> = { payload, userId: null, entity: null };
    await (await this.queue(name)).schedule(name, cron, envelope, { tz: 'UTC' });
  }

  async unschedule(name: string): Promise<void> {
    await (await this.queue(name)).unschedule(name);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
    await Promise.all([...this.definitions.keys()].map((name) => this.queue(name)));
  }

  /** Stops fetching, lets running jobs finish for the grace period, then aborts them (their signal) and closes the pool. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const boss = await this.starting?.catch(() => undefined);
    await boss?.stop({ graceful: true, close: true, timeout: this.env.JOBS_SHUTDOWN_GRACE_SECONDS * 1000 });
  }

  private definition(name: string): JobDefinition<unknown> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`Job "${name}" is not defined`);
    return definition;
  }

  private start(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const { PgBoss } = loadPgBoss();
      const boss = new PgBoss(bossOptions(this.env));
      // A handler aborted at shutdown may settle after the pool closed: expected then, not an error.
      boss.on('error', (error) =>
        this.stopping
          ? this.logger.warn(`pg-boss while stopping: ${error.message}`)
          : this.logger.error(`pg-boss: ${error.message}`),
      );
      boss.on('warning', (warning) => this.logger.warn(`pg-boss: ${warning.message}`));
      await boss.start();
      await boss.createQueue(FAILED_JOBS_QUEUE, FAILED_JOBS_QUEUE_OPTIONS);
      if (this.env.JOBS_WORKERS) {
        await boss.work<JobEnvelope, void, WorkerOptions>(
          FAILED_JOBS_QUEUE,
          workOptions(this.env),
          async (jobs: JobWithMetadata<JobEnvelope>[]) => {
            for (const job of jobs) await recordFailure(this.definitions, job, this.sink, this.logger);
          },
        );
      }
      return boss;
    })();
    return this.starting;
  }

  private queue(name: string): Promise<PgBoss> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = this.start().then((boss) => this.register(boss, this.definition(name)));
      ready.catch((error: unknown) => {
        this.queues.delete(name); // the next enqueue tries again
        this.logger.error(
          `Job "${name}" could not be set up: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      this.queues.set(name, ready);
    }
    return ready;
  }

  /** Creates the queue (or brings its retry settings up to date) and starts its workers here. */
  private async register(boss: PgBoss, definition: JobDefinition<unknown>): Promise<PgBoss> {
    const { policy, ...options } = { policy: definition.policy ?? 'standard', ...queueOptions(definition) };
    await boss.createQueue(definition.name, { policy, ...options });
    await boss.updateQueue(definition.name, options);
    if (this.env.JOBS_WORKERS) {
      await boss.work<JobEnvelope, void, WorkerOptions>(
        definition.name,
        workOptions(this.env),
        async (jobs: JobWithMetadata<JobEnvelope>[]) => {
          for (const job of jobs) {
            if (await this.moduleLocked(definition, job.data)) {
              // Quietly done: no notification, no retry; the next run after the module is on again works.
              this.logger.log(
                `${definition.name} ${job.id} skipped: the ${definition.module} module is off for user ${job.data.userId}`,
              );
              await skipJob(definition, job.data, moduleNotAvailable(definition.module!));
              continue;
            }
            await runJob(definition, job, this.sink, this.logger);
          }
        },
      );
    }
    return boss;
  }

  /** Whether the job is a user's, of a module that user may not use now. */
  private async moduleLocked(definition: JobDefinition<unknown>, envelope: JobEnvelope): Promise<boolean> {
    if (definition.module === null || envelope.userId === null) return false;
    return !(await this.toggles.usersWithModule(definition.module, [envelope.userId])).has(envelope.userId);
  }
}
