import { z } from 'zod';
import { reminderMinutesSchema } from './recurrence';
import { NAME_MAX } from './auth';
import { text } from './text';
import { BRIEFING_TIME_PATTERN, DAILY_BRIEFING_DELIVERIES, type DailyBriefingDelivery } from './briefing';

/** Spec §5: the timezone options, stored as IANA zone names so reminders can use them. */
export const PROFILE_TIMEZONES = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/New_York', label: 'Eastern Time' },
  { value: 'America/Chicago', label: 'Central Time' },
  { value: 'America/Denver', label: 'Mountain Time' },
  { value: 'America/Los_Angeles', label: 'Pacific Time' },
  { value: 'Europe/London', label: 'London' },
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
] as const;

/** Spec §5: the language options. */
export const PROFILE_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
  { value: 'ja', label: '日本語' },
  { value: 'zh', label: '中文' },
] as const;

/** Light, dark, or follow the operating system. */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

type Values<T extends readonly { value: string }[]> = T[number]['value'];
export type ProfileTimezone = Values<typeof PROFILE_TIMEZONES>;
export type ProfileLanguage = Values<typeof PROFILE_LANGUAGES>;

export const PROFILE_LIMITS = { bio: 500, location: 100 } as const;

/** The saved dashboard layout's bounds: keys per list, and characters per key. */
export const DASHBOARD_LAYOUT_LIMITS = { keys: 50, keyLength: 100 } as const;

/**
 * How the user arranged the dashboard's cards, each named '<moduleId>.<widgetId>' (e.g.
 * 'email.insights'): `order` the cards in the order they chose (cards not listed follow in their
 * default order), `hidden` the cards they hid. Keys of modules no longer enabled are kept, not
 * an error: the card comes back where it was if the module does.
 */
export interface DashboardLayout {
  order: string[];
  hidden: string[];
}

/** GET /api/profile: the preferences plus the account fields the Profile section shows. */
export interface Profile {
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  bio: string | null;
  location: string | null;
  timezone: ProfileTimezone;
  language: ProfileLanguage;
  theme: ThemePreference;
  emailNotifications: boolean;
  pushNotifications: boolean;
  weeklyDigest: boolean;
  marketingEmails: boolean;
  /** Minutes before an event's start its reminder comes when the event sets none; null = no reminder. */
  eventReminderMinutes: number | null;
  /** The morning briefing: not sent ('off'), a notification in the bell, or a mail as well. */
  dailyBriefing: DailyBriefingDelivery;
  /** When the morning briefing comes, 'HH:mm' in the profile's timezone. */
  briefingTime: string;
  /** null until the user rearranges the dashboard: every card shown, in its default order. */
  dashboardLayout: DashboardLayout | null;
}

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as readonly [Values<T>, ...Values<T>[]];

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

const { keys: LAYOUT_KEYS, keyLength: LAYOUT_KEY_LENGTH } = DASHBOARD_LAYOUT_LIMITS;
/** '<moduleId>.<widgetId>': a module id as the registry spells it, a dot, the widget's id within it. */
const DASHBOARD_CARD_KEY = /^[a-z][a-z0-9-]*\.[A-Za-z0-9][A-Za-z0-9_-]*$/;
const cardKey = z
  .string({ error: 'A dashboard card key must be text' })
  .max(LAYOUT_KEY_LENGTH, `A dashboard card key must be at most ${LAYOUT_KEY_LENGTH} characters`)
  .regex(DASHBOARD_CARD_KEY, 'A dashboard card key must look like module.card, e.g. email.insights');
const cardKeys = (label: string) =>
  z
    .array(cardKey, { error: `${label} must be a list of dashboard card keys` })
    .max(LAYOUT_KEYS, `${label} must have at most ${LAYOUT_KEYS} cards`)
    .refine((keys) => new Set(keys).size === keys.length, `${label} must not list a card twice`);

/** PATCH /api/profile `dashboardLayout`; null goes back to the default layout. */
export const dashboardLayoutSchema = z
  .object(
    { order: cardKeys('Dashboard order'), hidden: cardKeys('Hidden dashboard cards') },
    { error: 'Dashboard layout must be an object with order and hidden' },
  )
  .strict();

/**
 * PATCH /api/profile: any subset of the spec's fields (bio, location, timezone, language, theme and the
 * four notification switches), plus the name shown in the sidebar and the dashboard's layout. A blank
 * bio or location clears it.
 */
export const updateProfileSchema = z
  .object({
    firstName: text('First name', NAME_MAX, { required: 'First name is required' }),
    lastName: text('Last name', NAME_MAX, { required: 'Last name is required' }),
    bio: text('Bio', PROFILE_LIMITS.bio).nullable(),
    location: text('Location', PROFILE_LIMITS.location).nullable(),
    timezone: z.enum(values(PROFILE_TIMEZONES), { error: 'Choose one of the listed timezones' }),
    language: z.enum(values(PROFILE_LANGUAGES), { error: 'Choose one of the listed languages' }),
    theme: z.enum(THEME_PREFERENCES, { error: 'Theme must be light, dark or system' }),
    emailNotifications: flag('Email notifications'),
    pushNotifications: flag('Push notifications'),
    weeklyDigest: flag('Weekly digest'),
    marketingEmails: flag('Marketing emails'),
    eventReminderMinutes: reminderMinutesSchema.nullable(),
    dailyBriefing: z.enum(DAILY_BRIEFING_DELIVERIES, { error: 'Daily briefing must be off, notification or email' }),
    briefingTime: z
      .string({ error: 'Briefing time must be a time like 07:30' })
      .regex(BRIEFING_TIME_PATTERN, 'Briefing time must be a time like 07:30'),
    dashboardLayout: dashboardLayoutSchema.nullable(),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfilePayload = z.output<typeof updateProfileSchema>;

/** GET and PATCH /api/profile's answer. */
export const profileSchema: z.ZodType<Profile> = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  timezone: z.enum(values(PROFILE_TIMEZONES)),
  language: z.enum(values(PROFILE_LANGUAGES)),
  theme: z.enum(THEME_PREFERENCES),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  weeklyDigest: z.boolean(),
  marketingEmails: z.boolean(),
  eventReminderMinutes: z.number().int().nullable(),
  dailyBriefing: z.enum(DAILY_BRIEFING_DELIVERIES),
  briefingTime: z.string(),
  dashboardLayout: dashboardLayoutSchema.nullable(),
});
