import 'reflect-metadata';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { createTestDataSource, type TestDataSource } from '../../test/test-data-source';
import { User } from './user.entity';
import { type NewUser, UsersService } from './users.service';

let db: TestDataSource;
let users: UsersService;

beforeAll(async () => {
  db = await createTestDataSource();
  users = new UsersService(db.dataSource.getRepository(User), db.dataSource);
});
afterAll(() => db.close());

let sequence = 0;
const newUser = (overrides: Partial<NewUser> = {}): NewUser => ({
  email: `person${++sequence}@example.com`,
  passwordHash: null,
  firstName: 'Person',
  lastName: String(sequence),
  ...overrides,
});

describe('UsersService', () => {
  // First in this file, on a fresh database.
  it('makes exactly one admin when the first accounts are created at the same time', async () => {
    // Open the pool's connections first, so the creations below really run side by side.
    await Promise.all(Array.from({ length: 8 }, () => db.dataSource.query('SELECT pg_sleep(0.05)')));
    const created = await Promise.all(Array.from({ length: 8 }, () => users.create(newUser())));
    expect(created.filter((u) => u.role === 'admin')).toHaveLength(1);
    expect(created.filter((u) => u.role === 'user')).toHaveLength(7);
  });

  it('stores the email lower-case and finds it whatever its case', async () => {
    const user = await users.create(newUser({ email: 'Mixed.Case@Example.com' }));
    expect(user.email).toBe('mixed.case@example.com');
    expect((await users.findByEmail('MIXED.case@example.COM'))?.id).toBe(user.id);
  });

  it('refuses a second account with the same email, even when both are created at once', async () => {
    const results = await Promise.allSettled([
      users.create(newUser({ email: 'twice@example.com' })),
      users.create(newUser({ email: 'TWICE@example.com' })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ConflictException);
    expect(rejected.reason.message).toBe('An account with this email already exists');
  });

  it('records a sign-in time', async () => {
    const user = await users.create(newUser());
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect((await users.recordSignIn(user, at)).lastLoginAt).toEqual(at);
    expect((await users.findById(user.id))?.lastLoginAt).toEqual(at);
  });
});

describe('UsersService admin changes', () => {
  /** Leaves exactly the given accounts as admins. */
  const onlyAdmins = async (...ids: number[]) => {
    await db.dataSource.query(`UPDATE users SET role = CASE WHEN id = ANY($1) THEN 'admin' ELSE 'user' END`, [ids]);
  };

  it('lists every account oldest first, without password hashes', async () => {
    const listed = await users.list();
    const ids = listed.map((u) => u.id);
    expect(ids.length).toBeGreaterThan(8);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const user of listed) expect(user).not.toHaveProperty('passwordHash');
  });

  it('changes a role and a plan, and answers 404 for an unknown user', async () => {
    const user = await users.create(newUser());
    expect((await users.updateRole(user.id, 'admin')).role).toBe('admin');
    expect((await users.updatePlan(user.id, 'enterprise')).plan).toBe('enterprise');
    expect(await users.findById(user.id)).toMatchObject({ role: 'admin', plan: 'enterprise' });
    await expect(users.updateRole(2_000_000, 'user')).rejects.toThrow(new NotFoundException('User not found'));
    await expect(users.updatePlan(2_000_000, 'free')).rejects.toThrow(new NotFoundException('User not found'));
  });

  it('keeps both a role change and a plan change made to one user at the same time', async () => {
    await Promise.all(Array.from({ length: 4 }, () => db.dataSource.query('SELECT pg_sleep(0.05)')));
    for (let round = 0; round < 5; round++) {
      const user = await users.create(newUser());
      await Promise.all([users.updateRole(user.id, 'admin'), users.updatePlan(user.id, 'premium')]);
      expect(await users.findById(user.id)).toMatchObject({ role: 'admin', plan: 'premium' });
    }
  });

  it('refuses to demote the last admin, and lets it keep its role', async () => {
    const only = await users.create(newUser());
    await onlyAdmins(only.id);
    await expect(users.updateRole(only.id, 'user')).rejects.toThrow(
      new ConflictException('The last admin cannot be demoted'),
    );
    expect((await users.updateRole(only.id, 'admin')).role).toBe('admin');
  });

  it('leaves one admin when the last two demote each other at the same time', async () => {
    const [a, b] = [await users.create(newUser()), await users.create(newUser())];
    await onlyAdmins(a.id, b.id);
    await Promise.all(Array.from({ length: 4 }, () => db.dataSource.query('SELECT pg_sleep(0.05)')));
    const results = await Promise.allSettled([users.updateRole(a.id, 'user'), users.updateRole(b.id, 'user')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toEqual(new ConflictException('The last admin cannot be demoted'));
    expect(await db.dataSource.query(`SELECT count(*)::int AS admins FROM users WHERE role = 'admin'`)).toEqual([
      { admins: 1 },
    ]);
  });
});
