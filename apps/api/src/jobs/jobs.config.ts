import type { ConstructorOptions, Queue, WorkOptions } from 'pg-boss';
import type { Env } from '../config/env.schema';
import { JOB_DEFAULTS, type JobDefinition } from './job-definition';

/** pg-boss keeps its tables in this schema, apart from the app's (which change only through migrations). */
export const JOBS_SCHEMA = 'pgboss';
/** Every kind's last failure lands here (pg-boss dead letters), so one worker handles them all. */
export const FAILED_JOBS_QUEUE = 'aide.failed-jobs';

export type JobsEnv = Pick<
  Env,
  | 'DATABASE_URL'
  | 'JOBS_WORKERS'
  | 'JOBS_CONCURRENCY'
  | 'JOBS_POLL_INTERVAL_SECONDS'
  | 'JOBS_SUPERVISE_INTERVAL_SECONDS'
  | 'JOBS_SHUTDOWN_GRACE_SECONDS'
>;

/**
 * Only a process that runs workers supervises (retries jobs whose worker died), runs the cron
 * schedules and listens for new jobs; an HTTP-only process just enqueues.
 */
export function bossOptions(env: JobsEnv): ConstructorOptions {
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
  const workers = env.JOBS_WORKERS;
  return {
    connectionString: env.DATABASE_URL,
    schema: JOBS_SCHEMA,
    application_name: 'aide-jobs',
    max: 5,
    supervise: workers,
    schedule: workers,
    useListenNotify: workers,
    superviseIntervalSeconds: env.JOBS_SUPERVISE_INTERVAL_SECONDS,
    monitorIntervalSeconds: env.JOBS_SUPERVISE_INTERVAL_SECONDS,
  };
}

/** A kind's queue: its retry policy, a heartbeat (so a dead worker's job is retried soon), its dead letters. */
export function queueOptions(definition: JobDefinition<unknown>): Omit<Queue, 'name'> {
  return {
    retryLimit: definition.retryLimit ?? JOB_DEFAULTS.retryLimit,
    retryDelay: definition.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
    retryBackoff: definition.backoff ?? JOB_DEFAULTS.backoff,
    expireInSeconds: definition.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds,
    heartbeatSeconds: JOB_DEFAULTS.heartbeatSeconds,
    deadLetter: FAILED_JOBS_QUEUE,
    notify: true,
  };
}

export const FAILED_JOBS_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  notify: true,
};

export function workOptions(env: JobsEnv) {
  return {
    includeMetadata: true,
    batchSize: 1,
    localConcurrency: env.JOBS_CONCURRENCY,
    pollingIntervalSeconds: env.JOBS_POLL_INTERVAL_SECONDS,
    // NOTIFY wakes workers for new jobs at once; retries and delayed jobs coming due wait for a poll.
    notifyPollingIntervalSeconds: env.JOBS_POLL_INTERVAL_SECONDS,
  } as const satisfies WorkOptions;
}
