import type { z } from 'zod';
import { updateProfileSchema, type Profile } from '@aide/contracts';

/**
 * The contract's PATCH schema with every field present: the form always edits all of them, so the
 * same rules and messages apply here as on the server. The email is shown but not part of it.
 */
export const profileFormSchema = updateProfileSchema.required();
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
  };
}
