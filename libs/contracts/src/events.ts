import { z } from 'zod';
import { recurrenceProblem, recurrenceRuleSchema, REMINDER_LIMITS, reminderMinutesSchema } from './recurrence';
import { taskStatusSchema } from './tasks';
import { text } from './text';

/** Spec §9: event types; default meeting. */
export const EVENT_TYPES = ['meeting', 'appointment', 'reminder'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const eventTypeSchema = z.enum(EVENT_TYPES, { error: 'Type must be one of meeting, appointment or reminder' });

export const EVENT_LIMITS = {
  title: 200,
  description: 5000,
  location: 300,
  attendees: 100,
  attendee: 320,
  metadata: 10_000,
} as const;

/** Where an event came from: made here, or imported by a calendar integration. */
export const EVENT_SOURCES = ['local', 'google', 'icloud', 'outlook', 'caldav'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** An event as the API returns it. Times are UTC instants (ISO 8601); the UI shows them in the profile timezone. */
export const calendarEventSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(EVENT_TYPES),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  location: z.string().nullable(),
  attendees: z.array(z.string()),
  /** Free key/value pairs (nested values allowed); the dashboard shows URL values as links. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
  source: z.enum(EVENT_SOURCES),
  /** The calendar integration that imported it, if any. */
  integrationId: z.number().int().nullable(),
  /** An RRULE value (without `RRULE:`) when the event repeats; see recurrence.ts. */
  recurrence: z.string().nullable(),
  /** The IANA zone the series repeats in, so 09:00 stays 09:00 across DST; null for single events. */
  timezone: z.string().nullable(),
  /** Original starts of occurrences removed from the series. */
  exceptions: z.array(z.iso.datetime({ offset: true })),
  /** For an occurrence (or a moved occurrence, which is its own row): the series' id. */
  recurringEventId: z.number().int().nullable(),
  /** For an occurrence: its original start, which names it in scoped changes. */
  occurrenceStart: z.iso.datetime({ offset: true }).nullable(),
  /** Minutes before the start to remind; null = the profile's default reminder. */
  reminders: z.array(z.number().int()).nullable(),
  /** A time block's task, and that task's status (a completed task's block shows as done). */
  taskId: z.number().int().nullable(),
  taskStatus: taskStatusSchema.nullable(),
  /** The message it was made from (an invitation, a reservation, a proposed time), if any (issue 26). */
  sourceEmailId: z.number().int().nullable().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

const title = text('Title', EVENT_LIMITS.title, { required: 'Title is required' });
const description = text('Description', EVENT_LIMITS.description);
const location = text('Location', EVENT_LIMITS.location);
const instant = (required: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? required
        : `${required.split(' is ')[0]} must be a valid date and time`,
  });
const attendees = z
  .array(text('Attendee', EVENT_LIMITS.attendee, { required: 'Attendee must not be blank' }), {
    error: 'Attendees must be a list of names or emails',
  })
  .max(EVENT_LIMITS.attendees, `At most ${EVENT_LIMITS.attendees} attendees`);
const containsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' &&
      value !== null &&
      Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
/** Stored as jsonb: Postgres refuses NUL in JSON text, so it is a 400 here rather than a database error. */
const metadata = z
  .record(z.string(), z.unknown(), { error: 'Metadata must be an object' })
  .refine(
    (value) => JSON.stringify(value).length <= EVENT_LIMITS.metadata,
    `Metadata must be at most ${EVENT_LIMITS.metadata} characters as JSON`,
  )
  .refine((value) => !containsNul(value), 'Metadata must not contain NUL characters');

/** An IANA zone name the runtime knows (e.g. 'Europe/Paris'). */
export const timezoneSchema = z
  .string({ error: 'Timezone must be text' })
  .max(64, 'Timezone must be a valid IANA zone name')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Timezone must be a valid IANA zone name');
const reminders = z
  .array(reminderMinutesSchema, { error: 'Reminders must be a list of minutes' })
  .max(REMINDER_LIMITS.perEvent, `At most ${REMINDER_LIMITS.perEvent} reminders`);
const taskId = z
  .number({ error: 'Task must be a task id' })
  .int('Task must be a task id')
  .positive('Task must be a task id');

/** Only two valid instants are compared: a bad date already has its own message (zod runs this refine anyway). */
const endAfterStart = (value: { startTime?: unknown; endTime?: unknown }) => {
  const start = typeof value.startTime === 'string' ? Date.parse(value.startTime) : NaN;
  const end = typeof value.endTime === 'string' ? Date.parse(value.endTime) : NaN;
  return Number.isNaN(start) || Number.isNaN(end) || end >= start;
};
const END_BEFORE_START = { message: 'End time must be after start time', path: ['endTime'] };

/** POST /api/events. Spec §5: title, start and end required; description and location optional, trimmed. A `userId` is ignored. */
export const createEventSchema = z
  .object({
    title,
    description: description.optional(),
    type: eventTypeSchema.default('meeting'),
    startTime: instant('Start time is required'),
    endTime: instant('End time is required'),
    location: location.optional(),
    attendees: attendees.optional(),
    metadata: metadata.optional(),
    recurrence: recurrenceRuleSchema.optional(),
    /** The zone a repeating event repeats in; the profile timezone when left out. */
    timezone: timezoneSchema.optional(),
    reminders: reminders.nullable().optional(),
    taskId: taskId.optional(),
    userId: z.unknown().optional(),
  })
  .refine(endAfterStart, END_BEFORE_START);
export type CreateEventInput = z.input<typeof createEventSchema>;
export type CreateEventPayload = z.output<typeof createEventSchema>;

/** PATCH /api/events/:id: any subset (the edit dialog sends the whole form plus id, which is ignored). */
export const updateEventSchema = z
  .object({
    title: title.optional(),
    description: description.nullable().optional(),
    type: eventTypeSchema.optional(),
    startTime: instant('Start time is required').optional(),
    endTime: instant('End time is required').optional(),
    location: location.nullable().optional(),
    attendees: attendees.optional(),
    metadata: metadata.nullable().optional(),
    recurrence: recurrenceRuleSchema.nullable().optional(),
    timezone: timezoneSchema.optional(),
    reminders: reminders.nullable().optional(),
    taskId: taskId.nullable().optional(),
    id: z.unknown().optional(),
    userId: z.unknown().optional(),
  })
  .refine(endAfterStart, END_BEFORE_START);
export type UpdateEventPayload = z.output<typeof updateEventSchema>;

/** The 16-character local date-time the event form edits, e.g. '2026-11-21T14:30' (spec §5). */
export const LOCAL_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const localDateTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(LOCAL_DATETIME_PATTERN, `${required.split(' is ')[0]} must be a date and time`);

/** The Add/Edit Event form: local date-times in the user's timezone; the screen converts them to instants. */
export const eventFormSchema = z
  .object({
    title,
    description: z
      .string()
      .trim()
      .max(EVENT_LIMITS.description, `Description must be at most ${EVENT_LIMITS.description} characters`),
    type: eventTypeSchema,
    startTime: localDateTime('Start time is required'),
    endTime: localDateTime('End time is required'),
    location: z
      .string()
      .trim()
      .max(EVENT_LIMITS.location, `Location must be at most ${EVENT_LIMITS.location} characters`),
    /** The repeat editor's rule, '' when the event does not repeat. */
    recurrence: z
      .string()
      .trim()
      .superRefine((rule, ctx) => {
        const problem = rule ? recurrenceProblem(rule) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((rule) => rule.replace(/^RRULE:/i, '').toUpperCase())
      .default(''),
    /** Minutes before the start ([] = no reminder); null = the profile's default reminder. */
    reminders: reminders.nullable().default(null),
  })
  .refine((v) => !v.startTime || !v.endTime || v.endTime >= v.startTime, END_BEFORE_START);
export type EventFormValues = z.input<typeof eventFormSchema>;
export type EventFormOutput = z.output<typeof eventFormSchema>;

/** An ISO instant in a query string; `label` names it in the message. */
const queryInstant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a valid date and time (ISO 8601 with a zone)` });

/**
 * GET /api/events?from=&to=: optional range. An event is listed when it overlaps [from, to):
 * it ends after `from` and starts before `to` (either bound may be left out).
 */
export const eventRangeSchema = z
  .object({ from: queryInstant('From').optional(), to: queryInstant('To').optional() })
  .refine((v) => typeof v.from !== 'string' || typeof v.to !== 'string' || !(Date.parse(v.to) < Date.parse(v.from)), {
    message: 'To must not be before from',
    path: ['to'],
  });
export type EventRange = z.output<typeof eventRangeSchema>;
