import { z } from 'zod';
import { text } from './text';

export const CALENDAR_PROVIDERS = ['google', 'icloud', 'outlook', 'caldav'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];

export const SYNC_DIRECTIONS = ['import', 'export', 'two_way'] as const;
export type SyncDirection = (typeof SYNC_DIRECTIONS)[number];
export const syncDirectionSchema = z.enum(SYNC_DIRECTIONS, {
  error: 'Sync direction must be import, export or two_way',
});

/** iCloud is CalDAV at this address with an app-specific password. */
export const ICLOUD_CALDAV_URL = 'https://caldav.icloud.com';

/** A calendar integration as GET /api/calendar-integrations returns it (never a credential). */
export const calendarIntegrationSchema = z.object({
  id: z.number().int(),
  provider: z.enum(CALENDAR_PROVIDERS),
  calendarName: z.string(),
  /** Spec: Active when true; the Auto-sync switch toggles it. */
  syncEnabled: z.boolean(),
  syncDirection: z.enum(SYNC_DIRECTIONS),
  lastSyncAt: z.iso.datetime({ offset: true }).nullable(),
  /** The last sync's failure, readable; null after a good sync. */
  lastSyncError: z.string().nullable(),
  /** True while a sync job is queued or running. */
  syncing: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CalendarIntegration = z.infer<typeof calendarIntegrationSchema>;

/** POST /api/calendar-integrations/caldav: iCloud or any CalDAV server, with an app password. */
export const createCalDavIntegrationSchema = z.object({
  provider: z.enum(['icloud', 'caldav'], { error: 'Provider must be icloud or caldav' }),
  serverUrl: z
    .string({ error: 'Server URL is required' })
    .trim()
    .min(1, 'Server URL is required')
    .max(2000, 'Server URL must be at most 2000 characters')
    .regex(/^https?:\/\/\S+$/i, 'Server URL must start with http:// or https://'),
  username: text('Username', 320, { required: 'Username is required' }),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1000, 'Password must be at most 1000 characters'),
  /** Which calendar on the server; the first one when omitted. */
  calendarName: text('Calendar name', 200).optional(),
  syncDirection: syncDirectionSchema.default('two_way'),
});
export type CreateCalDavIntegrationInput = z.input<typeof createCalDavIntegrationSchema>;
export type CreateCalDavIntegrationPayload = z.output<typeof createCalDavIntegrationSchema>;

/** PATCH /api/calendar-integrations/:id. */
export const updateCalendarIntegrationSchema = z
  .object({
    syncEnabled: z.boolean({ error: 'Auto-sync must be true or false' }).optional(),
    syncDirection: syncDirectionSchema.optional(),
  })
  .strict();
export type UpdateCalendarIntegrationPayload = z.output<typeof updateCalendarIntegrationSchema>;

/** GET /api/auth/google/calendar and GET /api/auth/outlook/calendar: where the browser goes to grant access. */
export const calendarAuthUrlSchema = z.object({ authUrl: z.url() });
export type CalendarAuthUrl = z.infer<typeof calendarAuthUrlSchema>;

/** GET /api/calendar/feed: the user's iCalendar subscription URL (POST regenerates the secret). */
export const calendarFeedInfoSchema = z.object({ url: z.url() });
export type CalendarFeedInfo = z.infer<typeof calendarFeedInfoSchema>;
