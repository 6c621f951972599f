/**
 * The session lookup reads the signed-in user and the feature toggles in the same statement
 * (SessionService), and the store's touch writes at most once a minute. What is read that way must
 * still be current at every request: a plan or role change, a toggle change, a deleted account
 * and a sign-out are seen by the next request.
 */
import type { FeatureToggle } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import pg from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { buildRegistration, signUp, signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { entityRows } from '../common/entity-rows';
import { User } from '../users/user.entity';
import { TOUCH_EVERY_MS } from './session.service';

let t: TestApp;
let db: DataSource;
let admin: Agent;
let user: Agent;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get<DataSource>(getDataSourceToken());
  ({ admin, user, userId } = await signUpAdminAndUser(t.http));
});

afterAll(async () => {
  await t?.close();
});

/** The SQL this process sends while `run` runs (every pg client: the app's pool and the session store's). */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    seen.push(typeof first === 'string' ? first : (first?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return seen;
}

const expireOf = async (userIdInSession: number): Promise<number[]> =>
  (
    await db.query<{ expire: Date }[]>(
      `SELECT expire FROM "session" WHERE (sess #>> '{passport,user}')::int = $1 ORDER BY sid`,
      [userIdInSession],
    )
  ).map((row) => row.expire.getTime());

const toggleNamed = async (name: string): Promise<FeatureToggle> =>
  ((await admin.get('/api/admin/features').expect(200)).body as FeatureToggle[]).find((row) => row.name === name)!;

it('answers GET /api/tasks with the session lookup and the task query only: no separate user or toggle read, no touch', async () => {
  // Written in SQL: a create through the API would nudge the reminder sweep, whose statements could land in the window.
  await db.query(`INSERT INTO tasks ("userId", title) VALUES ($1, 'Listed')`, [userId]);
  const sql = await statementsDuring(() => user.get('/api/tasks').expect(200));
  const own = sql.filter((text) => /"session"|"users"|"feature_toggles"|"tasks"/.test(text));
  expect(own).toHaveLength(2);
  expect(own[0]).toMatch(/^SELECT s\.sess\b[\s\S]*FROM "session" s LEFT JOIN users u/);
  expect(own[1]).toMatch(/FROM "tasks" t WHERE t\."userId" = \$1/);
});

it("decides which modules the dashboard and the module list show from the session lookup's toggles: no toggle read of their own", async () => {
  for (const path of ['/api/dashboard', '/api/modules', '/api/modules/locked']) {
    const sql = await statementsDuring(() => user.get(path).expect(200));
    expect({ path, toggleReads: sql.filter((text) => /FROM "feature_toggles"/.test(text)) }).toEqual({
      path,
      toggleReads: [],
    });
  }
});

it('hydrates the user of the session lookup exactly as findOneBy does', async () => {
  const rows = entityRows(db, User, 'u', 'u');
  const [row] = await db.query(`SELECT ${rows.select} FROM users u WHERE u.id = $1`, [userId]);
  const found = await db.getRepository(User).findOneBy({ id: userId });
  expect(rows.hydrate(row)).toEqual(found);
  expect(rows.hydrate(row)).toBeInstanceOf(User);
  expect(rows.hydrate({})).toBeNull();
});

it('moves the stored expiry only once it is TOUCH_EVERY_MS behind', async () => {
  const [before] = await expireOf(userId);
  await user.get('/api/tasks').expect(200);
  expect(await expireOf(userId)).toEqual([before]);

  // As if the last touch were two intervals ago: the next request writes the new expiry.
  await db.query(
    `UPDATE "session" SET expire = expire - make_interval(secs => $2) WHERE (sess #>> '{passport,user}')::int = $1`,
    [userId, (2 * TOUCH_EVERY_MS) / 1000],
  );
  const [moved] = await expireOf(userId);
  await user.get('/api/tasks').expect(200);
  const [after] = await expireOf(userId);
  expect(after).toBeGreaterThan(moved + TOUCH_EVERY_MS);
});

it('sees a plan change and a role change at the next request', async () => {
  await db.query(`UPDATE users SET plan = 'premium' WHERE id = $1`, [userId]);
  expect((await user.get('/api/auth/user').expect(200)).body.plan).toBe('premium');
  await db.query(`UPDATE users SET plan = 'free', role = 'admin' WHERE id = $1`, [userId]);
  const changed = (await user.get('/api/auth/user').expect(200)).body;
  expect(changed).toMatchObject({ plan: 'free', role: 'admin' });
  await user.get('/api/admin/features').expect(200);
  await db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [userId]);
  await user.get('/api/admin/features').expect(403);
});

it("sees an admin's toggle change at the next request", async () => {
  const organiser = await toggleNamed('module.organiser');
  await admin.patch(`/api/admin/features/${organiser.id}`).send({ enabled: false }).expect(200);
  try {
    await user.get('/api/tasks').expect(403);
  } finally {
    await admin.patch(`/api/admin/features/${organiser.id}`).send({ enabled: true }).expect(200);
  }
  await user.get('/api/tasks').expect(200);
});

it('signs out a session whose account was deleted, and a signed-out session stays out', async () => {
  const { agent: gone, user: goneUser } = await signUp(request.agent(t.http));
  await gone.get('/api/auth/user').expect(200);
  await db.query('DELETE FROM users WHERE id = $1', [goneUser.id]);
  await gone.get('/api/auth/user').expect(401);
  await gone.get('/api/tasks').expect(401);

  const signedUp = await request(t.http).post('/api/auth/register').send(buildRegistration()).expect(201);
  const cookie = ([] as string[])
    .concat(signedUp.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  await request(t.http).get('/api/tasks').set('Cookie', cookie).expect(200);
  await request(t.http).post('/api/auth/logout').set('Cookie', cookie).expect(204);
  await request(t.http).get('/api/tasks').set('Cookie', cookie).expect(401);
});
