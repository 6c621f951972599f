import type { AuthUser } from '@aide/contracts';
import { t } from '../i18n';

/** Spec: 'Good morning' before 12:00, 'Good afternoon' before 18:00, otherwise 'Good evening' (the hour in the
 * profile's timezone, see DashboardPage). */
export function greetingForHour(hour: number): string {
  if (hour < 12) return t('dashboard.greeting.morning');
  if (hour < 18) return t('dashboard.greeting.afternoon');
  return t('dashboard.greeting.evening');
}

/** Whether the user has a name or an e-mail to be greeted by (else the greeting stands alone). */
export const hasGreetingName = (user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'> | null | undefined) =>
  Boolean(user?.firstName?.trim() || user?.lastName?.trim() || user?.email?.split('@')[0]);

/**
 * Full name, else first name, else the e-mail before the at-sign, else 'there'. (displayName from
 * the contracts falls back to 'User', which the greeting must not say.)
 */
export function greetingName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  const full = [first, user?.lastName?.trim()].filter(Boolean).join(' ');
  return full || first || user?.email?.split('@')[0] || t('dashboard.greeting.there');
}
