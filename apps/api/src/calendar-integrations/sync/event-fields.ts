import { type CalendarEvent, type CreateEventPayload, EVENT_LIMITS, type UpdateEventPayload } from '@aide/contracts';
import { createHash } from 'node:crypto';
import type {
  OutgoingEvent,
  OutgoingFields,
  RemoteEvent,
  RemoteEventFields,
} from '../providers/calendar-provider-client';

const clip = (value: string | null, max: number) => (value ? value.trim().slice(0, max) || null : null);

/** A remote event as the local fields, fitted to the events contract (limits, non-empty title, end not before start). */
function localFields(remote: RemoteEventFields) {
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

export function toCreatePayload(remote: RemoteEventFields): CreateEventPayload {
  const { description, location, ...fields } = localFields(remote);
  return { ...fields, type: 'meeting', ...(description && { description }), ...(location && { location }) };
}

export function toUpdatePayload(remote: RemoteEventFields): UpdateEventPayload {
  return localFields(remote);
}

const outgoingFields = (event: CalendarEvent): OutgoingFields => ({
  title: event.title,
  description: event.description,
  location: event.location,
  startTime: event.startTime,
  endTime: event.endTime,
});

const byOriginalStart = (a: CalendarEvent, b: CalendarEvent) =>
  Date.parse(a.occurrenceStart ?? a.startTime) - Date.parse(b.occurrenceStart ?? b.startTime);
const isoSorted = (instants: readonly string[]) => instants.map((i) => new Date(i).toISOString()).sort();

/**
 * A local event for a provider; a series with its removed occurrences and its moved ones
 * (`overrides`: the rows whose recurringEventId is the series').
 */
export function toOutgoing(event: CalendarEvent, overrides: readonly CalendarEvent[] = []): OutgoingEvent {
  return {
    localId: event.id,
    ...outgoingFields(event),
    recurrence: event.recurrence
      ? {
          rule: event.recurrence,
          timezone: event.timezone ?? 'UTC',
          exceptions: isoSorted(event.exceptions),
          overrides: [...overrides]
            .filter((o) => o.occurrenceStart)
            .sort(byOriginalStart)
            .map((o) => ({ ...outgoingFields(o), originalStartTime: new Date(o.occurrenceStart!).toISOString() })),
        }
      : null,
  };
}

/** A remote series' repeat fields for its local row (a rule of null: the remote event no longer repeats). */
export function seriesColumns(remote: RemoteEvent): {
  recurrence: string | null;
  timezone?: string;
  exceptions: string[];
} {
  const recurrence = remote.recurrence;
  return {
    recurrence: recurrence?.rule ?? null,
    ...(recurrence && { timezone: recurrence.timezone }),
    exceptions: recurrence?.exceptions ?? [],
  };
}

const fieldDigest = (event: CalendarEvent) => [
  event.title,
  event.description ?? null,
  event.location ?? null,
  new Date(event.startTime).toISOString(),
  new Date(event.endTime).toISOString(),
];

/**
 * A digest of the fields sync carries, to tell whether a local event changed since it was last in
 * step. A series also covers its rule, zone, removed occurrences and moved occurrences; a single
 * event hashes exactly as before repeating events existed, so existing links stay in step.
 */
export function localHash(event: CalendarEvent, overrides: readonly CalendarEvent[] = []): string {
  const fields: unknown[] = fieldDigest(event);
  if (event.recurrence || overrides.length) {
    fields.push(
      event.recurrence,
      event.timezone,
      isoSorted(event.exceptions),
      [...overrides].sort(byOriginalStart).map((o) => [o.occurrenceStart, ...fieldDigest(o)]),
    );
  }
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}
