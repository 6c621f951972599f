import { USER_PLANS, type UserPlan } from './auth';

/**
 * What each plan may hold or start (issue 19, hole 7: one free account added 40 websites, each
 * audited and checked every 5 minutes). Websites, email accounts and calendar integrations are
 * standing work, re-checked or synced for as long as they exist, so they are capped by how many
 * are held at once (removing one frees its place). A research run is a one-off burst of web
 * fetches and AI calls, so runs (a start or a rerun) are capped per rolling 24 hours, counted from
 * a log that deleting a report does not shorten.
 */
export const PLAN_QUOTAS = {
  free: { websites: 5, emailAccounts: 3, calendarIntegrations: 3, researchRunsPerDay: 20 },
  premium: { websites: 25, emailAccounts: 10, calendarIntegrations: 10, researchRunsPerDay: 200 },
  enterprise: { websites: 100, emailAccounts: 50, calendarIntegrations: 50, researchRunsPerDay: 1000 },
} as const satisfies Record<UserPlan, Record<string, number>>;

export type PlanQuota = keyof (typeof PLAN_QUOTAS)['free'];

const PLAN_NAMES: Record<UserPlan, string> = { free: 'Free', premium: 'Premium', enterprise: 'Enterprise' };

/** How each quota reads in a sentence: what is counted, and what frees a place. */
const QUOTA_WORDING: Record<PlanQuota, { things: string; per: string; remedy: string }> = {
  websites: { things: 'websites', per: '', remedy: 'Remove one' },
  emailAccounts: { things: 'email accounts', per: '', remedy: 'Remove one' },
  calendarIntegrations: { things: 'calendar connections', per: '', remedy: 'Remove one' },
  researchRunsPerDay: { things: 'research runs', per: ' a day', remedy: 'Try again tomorrow' },
};

/**
 * The 403 message when `plan` has used `quota`, in the documents limit's style, e.g. "The Free plan
 * allows up to 5 websites. Remove one, or upgrade to Premium for up to 25."
 */
export function planQuotaMessage(plan: UserPlan, quota: PlanQuota): string {
  const { things, per, remedy } = QUOTA_WORDING[quota];
  const limit = PLAN_QUOTAS[plan][quota];
  const next = USER_PLANS[USER_PLANS.indexOf(plan) + 1];
  const upgrade = next ? `, or upgrade to ${PLAN_NAMES[next]} for up to ${PLAN_QUOTAS[next][quota]}${per}.` : '.';
  return `The ${PLAN_NAMES[plan]} plan allows up to ${limit} ${things}${per}. ${remedy}${upgrade}`;
}

/**
 * Connecting Gmail, Google Calendar or Outlook goes through the provider's consent page, so a
 * refusal comes back as a redirect, not a 403: `?error=<provider>&reason=quota` says the plan's
 * quota was the reason, and the screen shows planQuotaMessage for the signed-in user's plan.
 */
export const OAUTH_REFUSAL_REASON_PARAM = 'reason';
export const OAUTH_QUOTA_REASON = 'quota';
