import type { StreamEvent } from '@aide/contracts';

/** Sends one event to every open GET /api/stream of a user, on every API instance. */
export type JobEventPublisher = (userId: number, event: StreamEvent) => Promise<void>;

/**
 * Inject with `@Inject(JOB_EVENT_PUBLISHER) publish: JobEventPublisher`. StreamModule is global and
 * provides it (bound to StreamService.publish), so a producer needs no module import.
 */
export const JOB_EVENT_PUBLISHER = Symbol('JOB_EVENT_PUBLISHER');
