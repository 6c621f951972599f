import { z } from 'zod';
import { NAME_MAX } from './auth';
import { text } from './text';

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
}

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as readonly [Values<T>, ...Values<T>[]];

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

/**
 * PATCH /api/profile: any subset of the spec's fields (bio, location, timezone, language, theme and the
 * four notification switches), plus the name shown in the sidebar. A blank bio or location clears it.
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
});
