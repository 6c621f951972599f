import 'reflect-metadata';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { createTestDataSource, type TestDataSource } from '../../test/test-data-source';
import { FeatureToggleEntity } from './feature-toggle.entity';
import { FeatureTogglesService } from './feature-toggles.service';

let db: TestDataSource;
let toggles: FeatureTogglesService;

beforeAll(async () => {
  db = await createTestDataSource();
  toggles = new FeatureTogglesService(db.dataSource.getRepository(FeatureToggleEntity));
});
afterAll(() => db.close());

const user = (plan: 'free' | 'premium' | 'enterprise', role: 'user' | 'admin' = 'user') => ({ role, plan });
const base = { enabled: true, planRequired: 'free', adminOnly: false } as const;

describe('FeatureTogglesService.isEnabledFor', () => {
  it('orders the plans free < premium < enterprise', async () => {
    await toggles.create({ ...base, name: 'plan.free' });
    await toggles.create({ ...base, name: 'plan.premium', planRequired: 'premium' });
    await toggles.create({ ...base, name: 'plan.enterprise', planRequired: 'enterprise' });

    const allowed = async (plan: 'free' | 'premium' | 'enterprise') => [
      await toggles.isEnabledFor(user(plan), 'plan.free'),
      await toggles.isEnabledFor(user(plan), 'plan.premium'),
      await toggles.isEnabledFor(user(plan), 'plan.enterprise'),
    ];
    expect(await allowed('free')).toEqual([true, false, false]);
    expect(await allowed('premium')).toEqual([true, true, false]);
    expect(await allowed('enterprise')).toEqual([true, true, true]);
  });

  it('does not let the admin role stand in for a plan', async () => {
    await toggles.create({ ...base, name: 'plan.premium-only', planRequired: 'premium' });
    expect(await toggles.isEnabledFor(user('free', 'admin'), 'plan.premium-only')).toBe(false);
  });

  it('is false for a missing or disabled toggle, whoever asks', async () => {
    await toggles.create({ ...base, name: 'off', enabled: false });
    expect(await toggles.isEnabledFor(user('enterprise', 'admin'), 'off')).toBe(false);
    expect(await toggles.isEnabledFor(user('enterprise', 'admin'), 'no.such.toggle')).toBe(false);
  });

  it('lets only admins through an adminOnly toggle', async () => {
    await toggles.create({ ...base, name: 'admins', adminOnly: true });
    expect(await toggles.isEnabledFor(user('enterprise'), 'admins')).toBe(false);
    expect(await toggles.isEnabledFor(user('free', 'admin'), 'admins')).toBe(true);
  });

  it('reads the toggle on every call, so a change applies at once', async () => {
    const toggle = await toggles.create({ ...base, name: 'live' });
    expect(await toggles.isEnabledFor(user('free'), 'live')).toBe(true);
    await toggles.update(toggle.id, { enabled: false });
    expect(await toggles.isEnabledFor(user('free'), 'live')).toBe(false);
  });
});

describe('FeatureTogglesService modules', () => {
  it('checks a module through its seeded module.<id> toggle', async () => {
    expect(await toggles.moduleAvailable(user('free'), 'organiser')).toBe(true);
    expect(await toggles.moduleAvailable(user('free'), 'not-a-module')).toBe(false);
  });

  it('answers which of several modules a user may use in one call', async () => {
    await db.dataSource.query(`UPDATE feature_toggles SET "planRequired" = 'premium' WHERE name = 'module.email'`);
    const ids = ['organiser', 'email', 'unknown'];
    expect([...(await toggles.availableModules(user('free'), ids))]).toEqual(['organiser']);
    expect([...(await toggles.availableModules(user('premium'), ids))]).toEqual(['organiser', 'email']);
  });
});

describe('FeatureTogglesService changes', () => {
  it('refuses a duplicate name with 409 and an unknown id with 404', async () => {
    await toggles.create({ ...base, name: 'dup' });
    await expect(toggles.create({ ...base, name: 'dup' })).rejects.toThrow(
      new ConflictException('A feature toggle with this name already exists'),
    );
    await expect(toggles.update(2_000_000, { enabled: true })).rejects.toThrow(
      new NotFoundException('Feature toggle not found'),
    );
  });

  it('refuses renaming a toggle to a taken name with 409 and leaves it unchanged', async () => {
    await toggles.create({ ...base, name: 'taken' });
    const toggle = await toggles.create({ ...base, name: 'renamed' });
    await expect(toggles.update(toggle.id, { name: 'taken', enabled: false })).rejects.toThrow(
      new ConflictException('A feature toggle with this name already exists'),
    );
    expect((await toggles.list()).find((t) => t.id === toggle.id)).toMatchObject({ name: 'renamed', enabled: true });
  });

  it('keeps both of two changes to different fields of one toggle made at the same time', async () => {
    const toggle = await toggles.create({ ...base, name: 'concurrent' });
    await Promise.all([
      toggles.update(toggle.id, { enabled: false }),
      toggles.update(toggle.id, { planRequired: 'premium' }),
    ]);
    expect((await toggles.list()).find((t) => t.id === toggle.id)).toMatchObject({
      enabled: false,
      planRequired: 'premium',
    });
  });

  it('lists the toggles by name', async () => {
    const names = (await toggles.list()).map((toggle) => toggle.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('module.website');
  });
});
