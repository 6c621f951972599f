import { type Profile, PROFILE_DEFAULTS } from '@aide/contracts';
import type { User } from '../users/user.entity';
import type { ProfileEntity } from './profile.entity';

/** The contract's Profile: the account fields from the user, the preferences from their row or the spec's defaults. */
export function toProfile(user: User, saved: ProfileEntity | null): Profile {
  const preferences = saved ?? PROFILE_DEFAULTS;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    bio: preferences.bio,
    location: preferences.location,
    timezone: preferences.timezone,
    language: preferences.language,
    theme: preferences.theme,
    emailNotifications: preferences.emailNotifications,
    pushNotifications: preferences.pushNotifications,
    weeklyDigest: preferences.weeklyDigest,
    marketingEmails: preferences.marketingEmails,
    eventReminderMinutes: preferences.eventReminderMinutes,
    dailyBriefing: preferences.dailyBriefing,
    briefingTime: preferences.briefingTime,
    dashboardLayout: preferences.dashboardLayout,
  };
}
