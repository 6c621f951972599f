import type { JobEntityRef, NotificationKind } from '@aide/contracts';
import type { QueuePolicy } from 'pg-boss';

/**
 * The row a kind of job works for (a document being summarised, a post being published). Progress
 * and the outcome are written to it, so the UI reads them from the entity like any other field.
 * Every method must be idempotent: a job runs at least once, and may run again after a crash.
 */
export interface JobOwner {
  /** The entity type, e.g. 'document'; enqueue()'s `entity.type` must match it. */
  type: string;
  setProgress(id: number, progress: number): Promise<void>;
  setDone(id: number): Promise<void>;
  /** After the last retry failed; `error` is a readable message, never a stack. */
  setFailed(id: number, error: string): Promise<void>;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** Whether this is the last attempt (no retry follows a failure). */
  lastAttempt: boolean;
  /** Aborted when the worker shuts down (after the grace period) or loses the job; stop and throw. */
  signal: AbortSignal;
  /** 0–100; clamped, never goes back, and throttled, so calling it in a tight loop is fine. */
  progress(progress: number): void;
  log(message: string): void;
}

export interface JobDefinition<T> {
  /** Queue name: letters, digits, '.', '-', '_', e.g. 'documents.summarise'. */
  name: string;
  /** For people: "Summarise document" → notifications "Summarise document finished" / "… failed". */
  title: string;
  /**
   * The module group whose work this is (a REGISTERED_MODULES id, e.g. 'website'), or null for the
   * platform's own jobs. Required: a user's job of a module that is locked for them (toggle off, plan
   * too low, admin-only) is skipped quietly, and its notifications are hidden while it stays locked.
   */
  module: string | null;
  /** Retries after the first attempt fails. Default 3. */
  retryLimit?: number;
  /** Delay before the first retry; doubled (with jitter) for each next one when `backoff`. Default 10. */
  retryDelaySeconds?: number;
  /** Exponential backoff between retries. Default true. */
  backoff?: boolean;
  /** One attempt may run this long before it is failed (and retried). Default 900 (15 minutes). */
  expireInSeconds?: number;
  /**
   * pg-boss queue policy, fixed when the queue is first created. 'standard' (default) runs every
   * job; 'exclusive' allows one queued-or-running job per singletonKey, 'stately' one per state.
   */
  policy?: QueuePolicy;
  /** Where progress and the outcome are written. */
  owner?: JobOwner;
  /** Notification kind for the outcome; 'system' by default. */
  notifyKind?: NotificationKind;
  /** false: no "finished" notification (recurring syncs); failures always notify. Default true. */
  notifyOnSuccess?: boolean;
  /** API paths the shell refetches when the job reports (StreamEvent.invalidate). */
  invalidate?: string[];
  handler: (payload: T, ctx: JobContext) => Promise<void>;
  /**
   * When a user's job is skipped because its module is locked for them: settle what it was for
   * (e.g. a scheduled post goes back to drafts with `reason`), so nothing waits for ever. The
   * owner's row, if any, is marked failed with `reason` without this. Must be idempotent.
   */
  skipped?: (payload: T, reason: string) => Promise<void>;
}

export interface EnqueueOptions {
  /** Who the job is for: their notifications and stream events. */
  userId: number;
  /** The owner's row this job works for. */
  entity?: JobEntityRef;
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** Deduplicates by this key (e.g. 'document:12') as the kind's `policy` says; ignored by 'standard'. */
  singletonKey?: string;
}

/** What is stored in pg-boss for each job: the handler's payload plus who and what it is for. */
export interface JobEnvelope<T = unknown> {
  payload: T;
  userId: number | null;
  entity: JobEntityRef | null;
}

/** The defaults a definition's retry settings fall back to. */
export const JOB_DEFAULTS = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  backoff: true,
  expireInSeconds: 900,
  heartbeatSeconds: 30,
} as const;
