// Apart from profile.ts (and free of zod): screens read the defaults without needing the schemas.
import type { Profile } from './profile';

/** Spec §5 defaults: what GET /api/profile answers before the user saves anything. */
export const PROFILE_DEFAULTS = {
  bio: null,
  location: null,
  timezone: 'UTC',
  language: 'en',
  theme: 'light',
  emailNotifications: true,
  pushNotifications: true,
  weeklyDigest: true,
  marketingEmails: false,
  eventReminderMinutes: 10,
  dailyBriefing: 'off',
  briefingTime: '07:30',
  dashboardLayout: null,
} as const satisfies Omit<Profile, 'firstName' | 'lastName' | 'email' | 'profileImageUrl'>;
