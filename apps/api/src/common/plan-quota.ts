import { PLAN_QUOTAS, type PlanQuota, planQuotaMessage, type UserPlan } from '@aide/contracts';
import { ForbiddenException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';

/** First key of the two-int advisory lock (the second is the user id), one per quota. */
const QUOTA_LOCK_SPACE: Record<PlanQuota, number> = {
  websites: 0x5141_0001,
  emailAccounts: 0x5141_0002,
  calendarIntegrations: 0x5141_0003,
  researchRunsPerDay: 0x5141_0004,
};

/** What each quota counts for a user ($1). */
const QUOTA_USED: Record<PlanQuota, string> = {
  websites: `SELECT count(*)::int AS used FROM websites WHERE "userId" = $1`,
  emailAccounts: `SELECT count(*)::int AS used FROM email_integrations WHERE "userId" = $1`,
  calendarIntegrations: `SELECT count(*)::int AS used FROM calendar_integrations WHERE "userId" = $1`,
  researchRunsPerDay: `SELECT count(*)::int AS used FROM research_run_starts WHERE "userId" = $1 AND "startedAt" > now() - interval '1 day'`,
};

/** The 403 of a full quota, told apart from other 403s where a flow answers with a redirect instead. */
export class PlanQuotaExceededException extends ForbiddenException {}

async function refuseWhenUsed(manager: EntityManager | DataSource, userId: number, quota: PlanQuota): Promise<void> {
  const [user] = await manager.query<{ plan: UserPlan }[]>(`SELECT plan FROM users WHERE id = $1`, [userId]);
  const plan = user?.plan ?? 'free';
  const [{ used }] = await manager.query<{ used: number }[]>(QUOTA_USED[quota], [userId]);
  if (used >= PLAN_QUOTAS[plan][quota]) throw new PlanQuotaExceededException(planQuotaMessage(plan, quota));
}

/**
 * Runs `create` (which must write through `manager`) only while the user's plan has room for one
 * more of `quota`, else 403 with the plan's limit. Counting and writing happen in one transaction
 * holding the user's lock for that quota, so parallel requests cannot pass the limit together.
 */
export function withinPlanQuota<T>(
  dataSource: DataSource,
  userId: number,
  quota: PlanQuota,
  create: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [QUOTA_LOCK_SPACE[quota], userId]);
    await refuseWhenUsed(manager, userId, quota);
    return create(manager);
  });
}

/** The same check without the lock, to refuse early before slow outbound work (withinPlanQuota decides). */
export function assertPlanQuota(dataSource: DataSource, userId: number, quota: PlanQuota): Promise<void> {
  return refuseWhenUsed(dataSource, userId, quota);
}
