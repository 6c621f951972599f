// Kept apart from auth.ts (and free of zod) so a screen that only shows a name does not
// download the schemas: the package is side-effect free, and bundlers keep only what is imported.
import type { AuthUser } from './auth';

/** 'Ada Lovelace', else the first name, else the part of the e-mail before the at-sign. */
export function displayName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  if (!user) return 'User';
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.firstName || user.email?.split('@')[0] || 'User';
}

export function initials(user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  if (!user) return 'U';
  const letters = [user.firstName, user.lastName]
    .filter(Boolean)
    .map((n) => n!.trim()[0])
    .join('');
  return (letters || user.email?.[0] || 'U').toUpperCase();
}
