import type { UserPlan } from '@aide/contracts';

/** 'premium' → 'Premium'; a missing plan reads as the default, Free (spec §2). */
export const planLabel = (plan: UserPlan | null | undefined): string =>
  plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : 'Free';
