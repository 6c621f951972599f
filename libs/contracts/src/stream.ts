import type { AppNotification } from './notifications';

/** The row a background job works for, e.g. { type: 'document', id: 12 }. */
export interface JobEntityRef {
  type: string;
  id: number;
}

/** Fields every stream event may carry besides its own. */
export interface StreamEventMeta {
  /**
   * True when the server dropped or cut large fields (e.g. a notification's body) so the event fit
   * the cross-instance fan-out limit; the `invalidate` paths still hold the full data.
   */
  partial?: boolean;
}

/**
 * One server-sent event on GET /api/stream (the SSE `event:` field is the `type`, `data:` is this JSON).
 * Every event carries `invalidate`: the API paths whose react-query queries the shell refetches, so
 * lists refresh without polling (query keys are `[path]`, e.g. ['/api/tasks']).
 */
export type StreamEvent = (
  | {
      type: 'job.progress';
      jobId: string;
      name: string;
      entity: JobEntityRef | null;
      progress: number;
      invalidate: string[];
    }
  | { type: 'job.completed'; jobId: string; name: string; entity: JobEntityRef | null; invalidate: string[] }
  | {
      type: 'job.failed';
      jobId: string;
      name: string;
      entity: JobEntityRef | null;
      error: string;
      invalidate: string[];
    }
  | { type: 'entity.changed'; entity: JobEntityRef | null; invalidate: string[] }
  | { type: 'notification'; notification: AppNotification; invalidate: string[] }
) &
  StreamEventMeta;

export type StreamEventType = StreamEvent['type'];

/**
 * Every event type, for EventSource: a named SSE event reaches only addEventListener(type), never
 * onmessage, so a client must listen to each of these.
 */
export const STREAM_EVENT_TYPES = [
  'job.progress',
  'job.completed',
  'job.failed',
  'entity.changed',
  'notification',
] as const satisfies readonly StreamEventType[];

// Compile-time check that STREAM_EVENT_TYPES lists every member of the union.
type EveryTypeListed = [Exclude<StreamEventType, (typeof STREAM_EVENT_TYPES)[number]>] extends [never] ? true : false;
const everyTypeListed: EveryTypeListed = true;
void everyTypeListed;
