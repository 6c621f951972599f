import { type CalendarEvent, type CreateEventPayload, EVENT_LIMITS, type UpdateEventPayload } from '@aide/contracts';
import { createHash } from 'node:crypto';
import type { OutgoingEvent, RemoteEvent } from '../providers/calendar-provider-client';

const clip = (value: string | null, max: number) => (value ? value.trim().slice(0, max) || null : null);

/** A remote event as the local fields, fitted to the events contract (limits, non-empty title, end not before start). */
function localFields(remote: RemoteEvent) {
  const end = Date.parse(remote.endTime) < Date.parse(remote.startTime) ? remote.startTime : remote.endTime;
  return {
    title: clip(remote.title, EVENT_LIMITS.title) ?? '(No title)',
    description: clip(remote.description, EVENT_LIMITS.description),
    location: clip(remote.location, EVENT_LIMITS.location),
    startTime: remote.startTime,
    endTime: end,
    attendees: remote.attendees
      .map((a) => a.trim().slice(0, EVENT_LIMITS.attendee))
      .filter(Boolean)
      .slice(0, EVENT_LIMITS.attendees),
  };
}

export function toCreatePayload(remote: RemoteEvent): CreateEventPayload {
  const { description, location, ...fields } = localFields(remote);
  return { ...fields, type: 'meeting', ...(description && { description }), ...(location && { location }) };
}

export function toUpdatePayload(remote: RemoteEvent): UpdateEventPayload {
  return localFields(remote);
}

export function toOutgoing(event: CalendarEvent): OutgoingEvent {
  return {
    localId: event.id,
    title: event.title,
    description: event.description,
    location: event.location,
    startTime: event.startTime,
    endTime: event.endTime,
  };
}

/** A digest of the fields sync carries, to tell whether a local event changed since it was last in step. */
export function localHash(event: CalendarEvent): string {
  const fields = [
    event.title,
    event.description ?? null,
    event.location ?? null,
    new Date(event.startTime).toISOString(),
    new Date(event.endTime).toISOString(),
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
