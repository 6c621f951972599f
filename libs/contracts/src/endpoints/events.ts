import { z } from 'zod';
import { endpoint } from '../endpoint';
import { calendarEventSchema, createEventSchema, eventRangeSchema, updateEventSchema } from '../events';
import { calendarFeedInfoSchema } from '../calendar-integrations';
import { occurrenceScopeSchema } from '../recurrence';

/** What a change to an event makes stale: the calendar and the dashboard's schedule card. */
const EVENT_CHANGES = ['/api/events', '/api/dashboard'] as const;

export const eventsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/events',
    query: eventRangeSchema,
    response: z.array(calendarEventSchema),
    summary:
      "The signed-in user's events by start time, repeating ones as occurrences, overlapping [from, to) (a missing bound is a year from now)",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/events',
    body: createEventSchema,
    response: calendarEventSchema,
    invalidates: EVENT_CHANGES,
    entity: 'event',
  }),
  /** Issue 26: one stored event (a series once), for a link to it (`/calendar?event=<id>`). */
  get: endpoint({
    method: 'GET',
    path: '/api/events/:id',
    response: calendarEventSchema,
    summary:
      'One event of the user as stored (a repeating one as its series), e.g. to open it from the email it came from',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/events/:id',
    /** For an occurrence of a repeating event: which occurrence, and this one, the following or all. */
    query: occurrenceScopeSchema,
    body: updateEventSchema,
    response: calendarEventSchema,
    invalidates: EVENT_CHANGES,
    entity: 'event',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/events/:id',
    query: occurrenceScopeSchema,
    response: null,
    status: 204,
    invalidates: EVENT_CHANGES,
    entity: 'event',
    summary: 'Deleted',
  }),
  /** The signed-in user's iCalendar subscription URL, created on first use. */
  feedInfo: endpoint({
    method: 'GET',
    path: '/api/calendar/feed',
    response: calendarFeedInfoSchema,
    summary: 'The feed URL, created on first use; anyone with it can read your events',
  }),
  regenerateFeed: endpoint({
    method: 'POST',
    path: '/api/calendar/feed/regenerate',
    response: calendarFeedInfoSchema,
    status: 200,
    invalidates: ['/api/calendar/feed'],
    summary: 'A new feed URL; the previous one stops working',
  }),
  /** The feed itself, for calendar apps (no session: the token in the file name is the credential). */
  feed: endpoint({
    method: 'GET',
    path: '/api/calendar/feed/:file',
    response: null,
    summary: "The token owner's events (the last year and everything ahead) as iCalendar",
  }),
};
