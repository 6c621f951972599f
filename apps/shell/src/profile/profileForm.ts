import type { z } from 'zod';
import { updateProfileSchema, type Profile } from '@aide/contracts';

/**
 * The contract's PATCH schema, limited to the fields this form edits and with every one present: the
 * form always edits all of them, so the same rules and messages apply here as on the server. The
 * email is shown but not part of it; the dashboard layout is saved from the dashboard, not here.
 */
export const profileFormSchema = updateProfileSchema
  .pick({
    firstName: true,
    lastName: true,
    bio: true,
    location: true,
    timezone: true,
    language: true,
    theme: true,
    emailNotifications: true,
    pushNotifications: true,
    weeklyDigest: true,
    marketingEmails: true,
    eventReminderMinutes: true,
    dailyBriefing: true,
    briefingTime: true,
  })
  .required();
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormPayload = z.output<typeof profileFormSchema>;

/** The form starts from what the API answered (which already carries the spec §5 defaults). */
export function toFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    timezone: profile.timezone,
    language: profile.language,
    theme: profile.theme,
    emailNotifications: profile.emailNotifications,
    pushNotifications: profile.pushNotifications,
    weeklyDigest: profile.weeklyDigest,
    marketingEmails: profile.marketingEmails,
    eventReminderMinutes: profile.eventReminderMinutes,
    dailyBriefing: profile.dailyBriefing,
    briefingTime: profile.briefingTime,
  };
}
