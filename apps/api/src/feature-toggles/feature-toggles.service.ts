import {
  type CreateFeatureTogglePayload,
  type FeatureFlags,
  type FeatureToggle,
  type ModuleLockReason,
  moduleToggleName,
  planIncludes,
  type UpdateFeatureTogglePayload,
  type UserPlan,
  USER_PLANS,
  type UserRole,
} from '@aide/contracts';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Like, Not, type Repository } from 'typeorm';
import { isUniqueViolation } from '../common/db-errors.util';
import { REGISTERED_MODULES } from '../module-registry/registered-modules';
import { FeatureToggleEntity } from './feature-toggle.entity';
import { toFeatureToggle } from './feature-toggle.mapper';
import { forgetRequestToggles, requestToggles, type ToggleRow } from './request-toggles';

/** Module toggles are named 'module.<id>'; LIKE treats '.' literally, so the prefix needs no escaping. */
const MODULE_TOGGLE_PREFIX = moduleToggleName('');

export const FEATURE_TOGGLE_NOT_FOUND = 'Feature toggle not found';
export const FEATURE_TOGGLE_NAME_TAKEN = 'A feature toggle with this name already exists';

/** What a toggle decision needs to know about the user. */
export interface ToggleSubject {
  role: UserRole;
  plan: UserPlan;
}

type ToggleRule = Pick<FeatureToggleEntity, 'enabled' | 'adminOnly' | 'planRequired'>;

/** Why a toggle keeps the user out, or null when it lets them through. A missing toggle counts as off. */
export function toggleLockReason(toggle: ToggleRule | null | undefined, user: ToggleSubject): ModuleLockReason | null {
  if (!toggle || !toggle.enabled) return 'disabled';
  if (toggle.adminOnly && user.role !== 'admin') return 'admin-only';
  return planIncludes(user.plan, toggle.planRequired) ? null : 'plan';
}

/** A toggle lets the user through if it exists, is on, is not admin-only (or they are an admin) and their plan covers it. */
export function toggleAllows(toggle: ToggleRule | null | undefined, user: ToggleSubject): boolean {
  return toggleLockReason(toggle, user) === null;
}

const MODULE_ID = /^[a-z][a-z0-9-]*$/;
const PLAN_ORDER_SQL = `ARRAY[${USER_PLANS.map((plan) => `'${plan}'`).join(', ')}]::text[]`;

/**
 * An SQL condition, true where the user in `userIdColumn` may use the module: the same rule as
 * toggleAllows, for recurring work that walks every user's rows (uptime, re-audits, syncs) and must
 * leave out those whose module is locked. `moduleId` is a code constant, checked, never user input.
 */
export function moduleOpenSql(moduleId: string, userIdColumn: string): string {
  if (!MODULE_ID.test(moduleId)) throw new Error(`"${moduleId}" is not a module id`);
  return `EXISTS (SELECT 1 FROM users module_user JOIN feature_toggles module_toggle ON module_toggle.name = '${moduleToggleName(moduleId)}'
    WHERE module_user.id = ${userIdColumn} AND module_toggle.enabled AND (NOT module_toggle."adminOnly" OR module_user.role = 'admin')
      AND array_position(${PLAN_ORDER_SQL}, module_user.plan::text) >= array_position(${PLAN_ORDER_SQL}, module_toggle."planRequired"::text))`;
}

/**
 * Feature toggles, read from the database for every request, so an admin's change applies to the
 * next request without a restart. A request's checks read the toggles its session lookup brought
 * along (request-toggles.ts), from the same statement; elsewhere a check reads the table.
 */
@Injectable()
export class FeatureTogglesService {
  constructor(@InjectRepository(FeatureToggleEntity) private readonly toggles: Repository<FeatureToggleEntity>) {}

  /** False for a toggle that is missing, off, admin-only for a non-admin, or above the user's plan. */
  async isEnabledFor(user: ToggleSubject, name: string): Promise<boolean> {
    const snapshot = requestToggles();
    if (snapshot) return toggleAllows(snapshot.get(name), user);
    return toggleAllows(await this.toggles.findOneBy({ name }), user);
  }

  moduleAvailable(user: ToggleSubject, moduleId: string): Promise<boolean> {
    return this.isEnabledFor(user, moduleToggleName(moduleId));
  }

  /**
   * The module toggles of `moduleIds` by name: the request's own (its session lookup read them),
   * else from the table in one query.
   */
  private async moduleToggles(moduleIds: readonly string[]): Promise<ReadonlyMap<string, ToggleRow>> {
    const snapshot = requestToggles();
    if (snapshot) return snapshot;
    const rows = moduleIds.length ? await this.toggles.findBy({ name: In(moduleIds.map(moduleToggleName)) }) : [];
    return new Map(rows.map((row) => [row.name, row]));
  }

  /** The ids among `moduleIds` the user may use, from the request's toggles or in one query. */
  async availableModules(user: ToggleSubject, moduleIds: readonly string[]): Promise<Set<string>> {
    if (moduleIds.length === 0) return new Set();
    const byName = await this.moduleToggles(moduleIds);
    return new Set(moduleIds.filter((id) => toggleAllows(byName.get(moduleToggleName(id)), user)));
  }

  /** For each of `moduleIds` the user may NOT use: why, and (when it is the plan) which plan would do. */
  async moduleLocks(
    user: ToggleSubject,
    moduleIds: readonly string[],
  ): Promise<Map<string, { reason: ModuleLockReason; requiredPlan: UserPlan | null }>> {
    const byName = await this.moduleToggles(moduleIds);
    const locks = new Map<string, { reason: ModuleLockReason; requiredPlan: UserPlan | null }>();
    for (const id of moduleIds) {
      const toggle = byName.get(moduleToggleName(id));
      const reason = toggleLockReason(toggle, user);
      if (reason) locks.set(id, { reason, requiredPlan: reason === 'plan' ? toggle!.planRequired : null });
    }
    return locks;
  }

  /** Of `subjects` (e.g. the owners of due tasks), those who may use the module, with one query. */
  async mayUseModule<T extends ToggleSubject>(moduleId: string, subjects: readonly T[]): Promise<T[]> {
    if (subjects.length === 0) return [];
    const toggle = await this.toggles.findOneBy({ name: moduleToggleName(moduleId) });
    return subjects.filter((subject) => toggleAllows(toggle, subject));
  }

  /** Of `userIds`, those who may use the module now (a user who no longer exists may not). */
  async usersWithModule(moduleId: string, userIds: readonly number[]): Promise<Set<number>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Set();
    const rows = await this.toggles.manager.query<{ id: number }[]>(
      `SELECT u.id FROM users u WHERE u.id = ANY($1::int[]) AND ${moduleOpenSql(moduleId, 'u.id')}`,
      [ids],
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  /** The registered modules the user may not use now (missing user: all of them). */
  async lockedModules(userId: number): Promise<string[]> {
    const ids = REGISTERED_MODULES.map((module) => module.id);
    const [user] = await this.toggles.manager.query<ToggleSubject[]>(`SELECT role, plan FROM users WHERE id = $1`, [
      userId,
    ]);
    if (!user) return ids;
    const open = await this.availableModules(user, ids);
    return ids.filter((id) => !open.has(id));
  }

  /**
   * GET /api/features: every toggle that is not a module's, and whether it is on for this user
   * (the same rule as the module toggles). Module toggles are left out: GET /api/modules covers them.
   */
  async flagsFor(user: ToggleSubject): Promise<FeatureFlags> {
    const rows = await this.toggles.find({
      where: { name: Not(Like(`${MODULE_TOGGLE_PREFIX}%`)) },
      order: { name: 'ASC' },
    });
    return Object.fromEntries(rows.map((row) => [row.name, toggleAllows(row, user)]));
  }

  /** Every toggle, by name. */
  async list(): Promise<FeatureToggle[]> {
    return (await this.toggles.find({ order: { name: 'ASC' } })).map(toFeatureToggle);
  }

  /** 409 if the name is taken. */
  async create(input: CreateFeatureTogglePayload): Promise<FeatureToggle> {
    const toggle = this.toggles.create({
      name: input.name,
      description: input.description ? input.description : null,
      enabled: input.enabled,
      planRequired: input.planRequired,
      adminOnly: input.adminOnly,
    });
    return toFeatureToggle(await this.save(toggle));
  }

  /**
   * Applies the fields present in `changes` (a null description clears it), writing only those
   * columns so a concurrent change to another field is not lost. 404 if unknown, 409 for a taken name.
   */
  async update(id: number, changes: UpdateFeatureTogglePayload): Promise<FeatureToggle> {
    const columns: Partial<
      Pick<FeatureToggleEntity, 'name' | 'description' | 'enabled' | 'planRequired' | 'adminOnly'>
    > = {};
    if (changes.name !== undefined) columns.name = changes.name;
    if (changes.description !== undefined) columns.description = changes.description ? changes.description : null;
    if (changes.enabled !== undefined) columns.enabled = changes.enabled;
    if (changes.planRequired !== undefined) columns.planRequired = changes.planRequired;
    if (changes.adminOnly !== undefined) columns.adminOnly = changes.adminOnly;
    if (Object.keys(columns).length > 0) {
      forgetRequestToggles();
      try {
        await this.toggles.update({ id }, columns);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictException(FEATURE_TOGGLE_NAME_TAKEN);
        throw error;
      }
    }
    const toggle = await this.toggles.findOneBy({ id });
    if (!toggle) throw new NotFoundException(FEATURE_TOGGLE_NOT_FOUND);
    return toFeatureToggle(toggle);
  }

  private async save(toggle: FeatureToggleEntity): Promise<FeatureToggleEntity> {
    forgetRequestToggles();
    try {
      return await this.toggles.save(toggle);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(FEATURE_TOGGLE_NAME_TAKEN);
      throw error;
    }
  }
}
