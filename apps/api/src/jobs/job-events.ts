import type { JobEntityRef, NotificationKind, StreamEvent } from '@aide/contracts';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { NotificationsService } from '../notifications/notifications.service';
import { JOB_EVENT_PUBLISHER, type JobEventPublisher } from '../stream/stream.tokens';

/** One job, as its lifecycle events describe it. */
export interface JobEventInfo {
  jobId: string;
  /** The job kind (queue name). */
  name: string;
  title: string;
  /** The module whose job it is (its notifications are hidden while the module is locked), or null. */
  module: string | null;
  /** Null for system jobs (recurring schedules): nobody to notify. */
  userId: number | null;
  entity: JobEntityRef | null;
  notifyKind: NotificationKind;
  notifyOnSuccess: boolean;
  invalidate: string[];
}

/** Where job lifecycle goes besides the owning entity. Errors are readable messages, never stacks. */
export abstract class JobEventSink {
  abstract progress(job: JobEventInfo, progress: number): Promise<void>;
  abstract completed(job: JobEventInfo): Promise<void>;
  abstract failed(job: JobEventInfo, error: string): Promise<void>;
}

// The publisher is the stream module's (one token for both sides): StreamModule is global and binds it
// to StreamService.publish, so job events reach the user's open GET /api/stream. Without it (a test
// module), jobs still write their owner and the user's notifications.
export { JOB_EVENT_PUBLISHER, type JobEventPublisher } from '../stream/stream.tokens';

/**
 * The default sink: a notification for the outcome (kind from the definition, 'system' by default;
 * one per job and outcome, so a retried sink call never notifies twice), and every event to the
 * publisher when one is provided. Publishing is best-effort: a failed push is logged, never
 * retried, since the notification and the owner's row already hold the outcome.
 */
@Injectable()
export class NotifyingJobEventSink extends JobEventSink {
  private readonly logger = new Logger('JobEvents');

  constructor(
    private readonly notifications: NotificationsService,
    @Optional() @Inject(JOB_EVENT_PUBLISHER) private readonly publisher?: JobEventPublisher,
  ) {
    super();
  }

  async progress(job: JobEventInfo, progress: number): Promise<void> {
    await this.publish(job, {
      type: 'job.progress',
      jobId: job.jobId,
      name: job.name,
      entity: job.entity,
      progress,
      invalidate: job.invalidate,
    });
  }

  async completed(job: JobEventInfo): Promise<void> {
    if (job.userId !== null && job.notifyOnSuccess) {
      await this.notifications.notify(job.userId, {
        kind: job.notifyKind,
        module: job.module,
        title: `${job.title} finished`,
        sourceKey: `job:${job.jobId}:completed`,
      });
    }
    await this.publish(job, {
      type: 'job.completed',
      jobId: job.jobId,
      name: job.name,
      entity: job.entity,
      invalidate: job.invalidate,
    });
  }

  async failed(job: JobEventInfo, error: string): Promise<void> {
    if (job.userId !== null) {
      await this.notifications.notify(job.userId, {
        kind: job.notifyKind,
        module: job.module,
        title: `${job.title} failed`,
        body: error,
        sourceKey: `job:${job.jobId}:failed`,
      });
    }
    await this.publish(job, {
      type: 'job.failed',
      jobId: job.jobId,
      name: job.name,
      entity: job.entity,
      error,
      invalidate: job.invalidate,
    });
  }

  private async publish(job: JobEventInfo, event: StreamEvent): Promise<void> {
    if (!this.publisher || job.userId === null) return;
    try {
      await this.publisher(job.userId, event);
    } catch (error) {
      this.logger.warn(
        `Publishing ${event.type} for job ${job.jobId} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
