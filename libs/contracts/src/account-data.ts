import { z } from 'zod';
import type { UserPlan } from './auth';

/**
 * Plans whose accounts are managed by their organisation: deleting one goes through support
 * ('Contact Support' stays), as the Enterprise plan's team and admin dashboard imply.
 */
export const PLANS_WITHOUT_SELF_DELETION: readonly UserPlan[] = ['enterprise'];

export function planAllowsSelfDeletion(plan: UserPlan): boolean {
  return !PLANS_WITHOUT_SELF_DELETION.includes(plan);
}

export const ACCOUNT_DELETION_MESSAGES = {
  confirmationRequired: 'Enter your password to delete your account',
  wrongPassword: 'The password is not correct',
  wrongEmail: 'Type your email address exactly to confirm',
  planForbids: 'Accounts on the Enterprise plan are deleted by support. Please contact support.',
  lastAdmin: 'You are the last admin. Make another user an admin before deleting your account.',
} as const;

/**
 * POST /api/account/delete. An account with a password confirms with it; one that only signs in
 * with Google/OIDC types its email address instead.
 */
export const deleteAccountSchema = z
  .object({
    password: z
      .string({ error: 'Password must be text' })
      .max(200, 'Password must be at most 200 characters')
      .optional(),
    email: z
      .string({ error: 'Email must be text' })
      .max(320, 'Email must be at most 320 characters')
      .trim()
      .toLowerCase()
      .optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.email), { message: ACCOUNT_DELETION_MESSAGES.confirmationRequired });
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** GET /api/account: what the danger zone needs to know. */
export interface AccountSummary {
  /** False for accounts that only sign in with Google/OIDC: deletion is confirmed by typing the email. */
  hasPassword: boolean;
  canDeleteSelf: boolean;
}

export const accountSummarySchema: z.ZodType<AccountSummary> = z.object({
  hasPassword: z.boolean(),
  canDeleteSelf: z.boolean(),
});
