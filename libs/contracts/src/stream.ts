import type { AppNotification } from './notifications';

/** The row a background job works for, e.g. { type: 'document', id: 12 }. */
export interface JobEntityRef {
  type: string;
  id: number;
}

/**
 * One server-sent event on GET /api/stream (the SSE `event:` field is the `type`, `data:` is this JSON).
 * Every event carries `invalidate`: the API paths whose react-query queries the shell refetches, so
 * lists refresh without polling (query keys are `[path]`, e.g. ['/api/tasks']).
 */
export type StreamEvent =
  | { type: 'job.progress'; jobId: string; name: string; entity: JobEntityRef | null; progress: number; invalidate: string[] }
  | { type: 'job.completed'; jobId: string; name: string; entity: JobEntityRef | null; invalidate: string[] }
  | { type: 'job.failed'; jobId: string; name: string; entity: JobEntityRef | null; error: string; invalidate: string[] }
  | { type: 'entity.changed'; entity: JobEntityRef; invalidate: string[] }
  | { type: 'notification'; notification: AppNotification; invalidate: string[] };

export type StreamEventType = StreamEvent['type'];
