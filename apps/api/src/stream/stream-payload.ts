import type { StreamEvent } from '@aide/contracts';

/** Postgres' NOTIFY payload limit (bytes, default build); a longer payload makes pg_notify fail. */
export const NOTIFY_PAYLOAD_LIMIT = 8000;

/** What travels through pg_notify: the recipient and the event. */
export interface StreamEnvelope {
  userId: number;
  event: StreamEvent;
}

const CUT_TEXT = 500;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const cut = (text: string) => (text.length > CUT_TEXT ? `${text.slice(0, CUT_TEXT - 1)}…` : text);

/** The event with its large free text dropped or cut, marked partial (clients re-read `invalidate`). */
export function compactEvent(event: StreamEvent): StreamEvent {
  switch (event.type) {
    case 'notification': {
      const { notification } = event;
      return {
        ...event,
        partial: true,
        notification: {
          ...notification,
          body: null,
          title: cut(notification.title),
          link: notification.link && cut(notification.link),
        },
      };
    }
    case 'job.failed':
      return { ...event, partial: true, name: cut(event.name), error: cut(event.error) };
    case 'job.progress':
    case 'job.completed':
      return { ...event, partial: true, name: cut(event.name) };
    case 'entity.changed':
      return {
        ...event,
        partial: true,
        entity: event.entity && { ...event.entity, type: cut(event.entity.type) },
      };
  }
}

/**
 * The NOTIFY payload for one event: as is when it fits, else compacted. Throws when even the compact
 * form is too large (e.g. thousands of invalidate paths): a producer bug, better loud than lost.
 */
export function encodeEnvelope(userId: number, event: StreamEvent, limit = NOTIFY_PAYLOAD_LIMIT): string {
  const full = JSON.stringify({ userId, event } satisfies StreamEnvelope);
  if (bytes(full) <= limit) return full;
  const compact = JSON.stringify({ userId, event: compactEvent(event) } satisfies StreamEnvelope);
  if (bytes(compact) <= limit) return compact;
  throw new Error(`Stream event '${event.type}' is ${bytes(compact)} bytes even compacted; the limit is ${limit}`);
}

/** The envelope in a NOTIFY payload, or null when it is not one of ours. */
export function decodeEnvelope(payload: string | undefined): StreamEnvelope | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<StreamEnvelope>;
    if (!Number.isInteger(value.userId) || typeof value.event?.type !== 'string') return null;
    return value as StreamEnvelope;
  } catch {
    return null;
  }
}
