import { z } from 'zod';

// ---- Suggestions (issue 26: mail and documents that turn into action) ----
// A message or a document can become an event, a task, a stored document or (part of) a trip. Each
// such possibility is a suggestion the person sees first and accepts with one click, or dismisses;
// nothing is created without that click unless the person made a rule (decidedBy 'rule').

export const SUGGESTION_KINDS = ['event', 'task', 'document', 'trip', 'trip-item'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** What found it: a reservation's markup, a proposed meeting time, a deadline, a request, an attachment, a bill. */
export const SUGGESTION_ORIGINS = ['reservation', 'meeting-time', 'deadline', 'request', 'attachment', 'bill'] as const;
export type SuggestionOrigin = (typeof SUGGESTION_ORIGINS)[number];

export const SUGGESTION_STATUSES = ['pending', 'accepted', 'dismissed'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** What an accepted suggestion became: the row to open. */
export const SUGGESTION_RESULT_TYPES = ['event', 'task', 'document', 'trip'] as const;
export type SuggestionResultType = (typeof SUGGESTION_RESULT_TYPES)[number];

export const SUGGESTION_MESSAGES = {
  notFound: 'Suggestion not found',
  alreadyDecided: 'This suggestion has already been accepted or dismissed',
  draftKindMismatch: 'The changes must be of the same kind as the suggestion',
  sourceGone: 'What this suggestion came from no longer exists',
  titleRequired: 'Title is required',
  endBeforeStart: 'End time must be after start time',
  dateInvalid: 'Date must be a date (YYYY-MM-DD)',
  timeInvalid: 'Time must be a time of day (HH:mm)',
  amountInvalid: 'Amount must be a positive number',
  currencyInvalid: 'Currency must be a three-letter code such as EUR',
  kindUnsupported: 'This kind of suggestion cannot be accepted here',
} as const;

const instant = z.iso.datetime({ offset: true });
const title = z.string().trim().min(1, SUGGESTION_MESSAGES.titleRequired).max(200);
const optionalText = (max: number) => z.string().max(max).nullable();
const day = z.iso.date({ error: SUGGESTION_MESSAGES.dateInvalid });
const money = z.object({
  value: z.number().positive(SUGGESTION_MESSAGES.amountInvalid).max(1e9),
  currency: z.string().regex(/^[A-Z]{3}$/, SUGGESTION_MESSAGES.currencyInvalid),
});
export type Money = z.infer<typeof money>;

export const eventDraftSchema = z
  .object({
    title,
    startTime: instant,
    endTime: instant,
    location: optionalText(500),
    description: optionalText(5000),
  })
  .refine((d) => Date.parse(d.endTime) >= Date.parse(d.startTime), {
    message: SUGGESTION_MESSAGES.endBeforeStart,
    path: ['endTime'],
  });
export type EventDraft = z.infer<typeof eventDraftSchema>;

export const taskDraftSchema = z.object({
  title,
  /** The day it is due, in the person's timezone; null when the source named none. */
  dueDate: day.nullable(),
  description: optionalText(5000),
  amount: money.nullable(),
});
export type TaskDraft = z.infer<typeof taskDraftSchema>;

/** An attachment of the suggestion's email to store in Documents. */
export const documentDraftSchema = z.object({
  attachmentIndex: z.number().int().min(0),
  filename: z.string().max(255),
  contentType: z.string().max(255),
});
export type DocumentDraft = z.infer<typeof documentDraftSchema>;

export const tripDraftSchema = z.object({
  destination: title,
  startDate: day,
  endDate: day,
});
export type TripDraft = z.infer<typeof tripDraftSchema>;

export const tripItemDraftSchema = z.object({
  tripId: z.number().int().positive(),
  date: day,
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, SUGGESTION_MESSAGES.timeInvalid)
    .nullable(),
  title,
  location: optionalText(500),
  expense: z
    .object({
      category: z.string().min(1).max(50),
      amount: z.number().positive(SUGGESTION_MESSAGES.amountInvalid).max(1e9),
      currency: z.string().regex(/^[A-Z]{3}$/, SUGGESTION_MESSAGES.currencyInvalid),
      description: z.string().max(200),
    })
    .nullable(),
});
export type TripItemDraft = z.infer<typeof tripItemDraftSchema>;

/** The draft schema of each kind: what the suggestion would create, and what the person may edit. */
export const SUGGESTION_DRAFT_SCHEMAS = {
  event: eventDraftSchema,
  task: taskDraftSchema,
  document: documentDraftSchema,
  trip: tripDraftSchema,
  'trip-item': tripItemDraftSchema,
} as const;

export interface SuggestionDrafts {
  event: EventDraft;
  task: TaskDraft;
  document: DocumentDraft;
  trip: TripDraft;
  'trip-item': TripItemDraft;
}

const suggestionBase = {
  id: z.number().int(),
  origin: z.enum(SUGGESTION_ORIGINS),
  status: z.enum(SUGGESTION_STATUSES),
  /** The message it came from, or null. */
  emailId: z.number().int().nullable(),
  /** The document it came from, or null. */
  documentId: z.number().int().nullable(),
  /** What the card says, e.g. 'Flight BA117 from London to New York'. */
  title: z.string(),
  /** One line under it, e.g. 'Wed 2 Dec, 09:40 – 12:35'; null when the title says it all. */
  detail: z.string().nullable(),
  /** Once accepted: what it became. */
  result: z.object({ type: z.enum(SUGGESTION_RESULT_TYPES), id: z.number().int() }).nullable(),
  /** Accepted or dismissed by the person, or done by one of their rules; null while pending. */
  decidedBy: z.enum(['person', 'rule']).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
};

export const suggestionSchema = z.discriminatedUnion('kind', [
  z.object({ ...suggestionBase, kind: z.literal('event'), draft: eventDraftSchema }),
  z.object({ ...suggestionBase, kind: z.literal('task'), draft: taskDraftSchema }),
  z.object({ ...suggestionBase, kind: z.literal('document'), draft: documentDraftSchema }),
  z.object({ ...suggestionBase, kind: z.literal('trip'), draft: tripDraftSchema }),
  z.object({ ...suggestionBase, kind: z.literal('trip-item'), draft: tripItemDraftSchema }),
]);
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.array(suggestionSchema);

/**
 * POST /api/suggestions/:id/accept: optionally the person's edits, a whole draft of the suggestion's
 * kind; the server checks it with that kind's schema (SUGGESTION_DRAFT_SCHEMAS).
 */
export const acceptSuggestionSchema = z.object({
  draft: z.record(z.string(), z.unknown()).optional(),
});
export type AcceptSuggestionPayload = z.infer<typeof acceptSuggestionSchema>;

export const acceptSuggestionResultSchema = suggestionSchema;
