import type { Logger } from '@nestjs/common';
import type { JobWithMetadata } from 'pg-boss';
import type { JobContext, JobDefinition, JobEnvelope, JobOwner } from './job-definition';
import type { JobEventInfo, JobEventSink } from './job-events';
import { ProgressReporter } from './job-progress';
import { readableError } from './readable-error';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function jobEventInfo(definition: JobDefinition<unknown>, jobId: string, envelope: JobEnvelope): JobEventInfo {
  return {
    jobId,
    name: definition.name,
    title: definition.title,
    module: definition.module,
    userId: envelope.userId,
    entity: envelope.entity,
    notifyKind: definition.notifyKind ?? 'system',
    notifyOnSuccess: definition.notifyOnSuccess ?? true,
    invalidate: definition.invalidate ?? [],
  };
}

/** The owner and row id to write to, when the definition has an owner and the job names its entity. */
function ownedEntity(
  definition: JobDefinition<unknown>,
  envelope: JobEnvelope,
): { owner: JobOwner; id: number } | undefined {
  const { owner } = definition;
  return owner && envelope.entity?.type === owner.type ? { owner, id: envelope.entity.id } : undefined;
}

/**
 * A job not run because its module is locked for its user: no handler, no notification, no
 * stream event; the row it works for is marked failed with `reason` (a skipped audit or sync left
 * 'pending' would never be picked up again), so the user can run it again once the module is on.
 */
export async function skipJob(
  definition: JobDefinition<unknown>,
  envelope: JobEnvelope,
  reason: string,
): Promise<void> {
  const owned = ownedEntity(definition, envelope);
  if (owned) await owned.owner.setFailed(owned.id, reason);
  await definition.skipped?.(envelope.payload, reason);
}

/**
 * One attempt of one job: runs the handler with its context, writes progress as it goes, and on
 * success marks the owner done and reports completion. A throw goes back to pg-boss, which
 * retries (with backoff) or, after the last retry, moves the job to the failed-jobs queue
 * (recordFailure below).
 */
export async function runJob<T>(
  definition: JobDefinition<T>,
  job: JobWithMetadata<JobEnvelope<T>>,
  sink: JobEventSink,
  logger: Logger,
): Promise<void> {
  const info = jobEventInfo(definition as JobDefinition<unknown>, job.id, job.data);
  const owned = ownedEntity(definition as JobDefinition<unknown>, job.data);
  const progress = new ProgressReporter(
    async (value) => {
      await owned?.owner.setProgress(owned.id, value);
      await sink.progress(info, value);
    },
    (error) => logger.warn(`${definition.name} ${job.id}: progress not saved: ${describe(error)}`),
  );
  const context: JobContext = {
    jobId: job.id,
    attempt: job.retryCount + 1,
    lastAttempt: job.retryCount >= job.retryLimit,
    signal: job.signal,
    progress: (value) => progress.report(value),
    log: (message) => logger.log(`${definition.name} ${job.id}: ${message}`),
  };
  try {
    await definition.handler(job.data.payload, context);
  } catch (error) {
    logger.warn(`${definition.name} ${job.id} attempt ${context.attempt} failed: ${describe(error)}`);
    throw error;
  } finally {
    await progress.settle();
  }
  // Part of the job: if it cannot be saved, the job is retried (handlers are idempotent).
  if (owned) await owned.owner.setDone(owned.id);
  // Best-effort: the job is done whatever happens to its notification.
  await sink
    .completed(info)
    .catch((error: unknown) =>
      logger.warn(`${definition.name} ${job.id}: completion not reported: ${describe(error)}`),
    );
}

/**
 * A job whose last attempt failed, however it failed (threw, timed out, its worker died), arrives
 * here as a dead letter carrying the original payload and error: the owner is marked failed with
 * a readable message and the user told. Throws (and so is retried) if that cannot be saved.
 */
export async function recordFailure(
  definitions: ReadonlyMap<string, JobDefinition<unknown>>,
  dead: JobWithMetadata<JobEnvelope>,
  sink: JobEventSink,
  logger: Logger,
): Promise<void> {
  const definition = dead.sourceName ? definitions.get(dead.sourceName) : undefined;
  const jobId = dead.sourceId ?? dead.id;
  if (!definition) {
    logger.warn(`Failed job ${jobId} of unknown kind ${dead.sourceName ?? '?'} ignored`);
    return;
  }
  const error = readableError(dead.sourceOutput);
  logger.warn(`${definition.name} ${jobId} failed for good: ${error}`);
  const owned = ownedEntity(definition, dead.data);
  if (owned) await owned.owner.setFailed(owned.id, error);
  await sink.failed(jobEventInfo(definition, jobId, dead.data), error);
}
