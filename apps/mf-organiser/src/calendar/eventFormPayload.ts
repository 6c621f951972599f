/**
 * The Add/Edit Event form's values and what it sends: the form edits wall-clock times in the profile
 * timezone, the API takes UTC instants. Pure, so the payloads are tested without a screen.
 */
import type {
  CalendarEvent,
  CreateEventInput,
  EventFormOutput,
  EventFormValues,
  OccurrenceScope,
  UpdateEventPayload,
} from '@aide/contracts';
import { dayjs, fromLocalInput, LOCAL_DATETIME_FORMAT, toLocalInput } from '../shared/time';

const DEFAULT_START_HOUR = 9;

/** A new event starts at the next whole hour today, or at 09:00 on another day, and lasts an hour. */
export function newEventTimes(dayKey: string, tz: string, now = dayjs()) {
  const local = now.tz(tz);
  const start =
    dayKey === local.format('YYYY-MM-DD')
      ? local.add(1, 'hour').startOf('hour')
      : dayjs.tz(dayKey, tz).hour(DEFAULT_START_HOUR);
  return {
    startTime: start.format(LOCAL_DATETIME_FORMAT),
    endTime: start.add(1, 'hour').format(LOCAL_DATETIME_FORMAT),
  };
}

export function toFormValues(event: CalendarEvent | null | undefined, dayKey: string, tz: string): EventFormValues {
  if (!event) {
    return {
      title: '',
      description: '',
      type: 'meeting',
      location: '',
      recurrence: '',
      reminders: null,
      ...newEventTimes(dayKey, tz),
    };
  }
  return {
    title: event.title,
    description: event.description ?? '',
    type: event.type,
    startTime: toLocalInput(event.startTime, tz),
    endTime: toLocalInput(event.endTime, tz),
    location: event.location ?? '',
    recurrence: event.recurrence ?? '',
    reminders: event.reminders,
  };
}

/** Whether the event is one occurrence of a series (expanded, or moved into a row of its own). */
export const isOccurrence = (event: CalendarEvent | null | undefined): boolean =>
  Boolean(event && event.recurringEventId !== null);

/** Whether the event repeats (a series, or an occurrence of one): its changes ask which events they apply to. */
export const isRepeating = (event: CalendarEvent | null | undefined): boolean =>
  Boolean(event && (event.recurringEventId !== null || event.recurrence));

/**
 * POST /api/events. Spec §5: description and location are sent empty when blank; times go out as UTC
 * instants. A repeating event repeats in the profile timezone (so 09:00 stays 09:00 across DST); a
 * reminder left on "Default" is left out, so the profile's default applies.
 */
export function createPayload(values: EventFormOutput, timezone: string): CreateEventInput {
  return {
    title: values.title,
    description: values.description,
    type: values.type,
    location: values.location,
    startTime: fromLocalInput(values.startTime, timezone),
    endTime: fromLocalInput(values.endTime, timezone),
    ...(values.recurrence ? { recurrence: values.recurrence, timezone } : {}),
    ...(values.reminders !== null ? { reminders: values.reminders } : {}),
  };
}

const sameList = (a: readonly number[] | null, b: readonly number[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((v, i) => v === b[i]));

/**
 * PATCH /api/events/:id. A single event sends the whole form plus its id (spec §7), as before. An
 * occurrence sends only what changed, so "All events" after a new title does not also move the
 * series to this occurrence's date; "This event" never sends a repeat rule (one occurrence does not
 * repeat). A rule given to an event without a zone gets the profile timezone.
 */
export function updatePayload(
  values: EventFormOutput,
  event: CalendarEvent,
  timezone: string,
  scope?: OccurrenceScope,
): UpdateEventPayload {
  const startTime = fromLocalInput(values.startTime, timezone);
  const endTime = fromLocalInput(values.endTime, timezone);
  const recurrence = values.recurrence || null;
  const ruleChanged = recurrence !== (event.recurrence ?? null);
  const repeatFields =
    scope === 'this' || !ruleChanged ? {} : { recurrence, ...(recurrence && !event.timezone ? { timezone } : {}) };

  if (!isOccurrence(event)) {
    return {
      title: values.title,
      description: values.description,
      type: values.type,
      location: values.location,
      startTime,
      endTime,
      ...repeatFields,
      reminders: values.reminders,
      id: event.id,
    };
  }

  const payload: UpdateEventPayload = {};
  if (values.title !== event.title) payload.title = values.title;
  if (values.description !== (event.description ?? '')) payload.description = values.description;
  if (values.type !== event.type) payload.type = values.type;
  if (values.location !== (event.location ?? '')) payload.location = values.location;
  // Compared as instants: the API may write '…Z' where the form's conversion writes '….000Z'.
  if (Date.parse(startTime) !== Date.parse(event.startTime)) payload.startTime = startTime;
  if (Date.parse(endTime) !== Date.parse(event.endTime)) payload.endTime = endTime;
  if (!sameList(values.reminders, event.reminders)) payload.reminders = values.reminders;
  return { ...payload, ...repeatFields };
}

/** The ?scope=&occurrence= of a change to `event`: its original start names the occurrence. */
export function scopeQuery(event: CalendarEvent, scope: OccurrenceScope) {
  return { scope, occurrence: event.occurrenceStart ?? event.startTime };
}
