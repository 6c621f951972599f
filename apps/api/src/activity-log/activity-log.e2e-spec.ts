import type { ActivityLog, Task } from '@aide/contracts';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildTask, signUp, signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let db: DataSource;
let admin: Agent;
let ada: Agent;
let adaId: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
  ({ admin, user: ada, userId: adaId } = await signUpAdminAndUser(t.http));
});
afterAll(() => t.close());

type Row = Omit<ActivityLog, 'createdAt'> & { createdAt: Date };

const rowCount = async () => Number((await db.query(`SELECT count(*) AS n FROM activity_logs`))[0].n);
/** The rows written since `after` (a row count), oldest first. */
const rowsSince = (after: number): Promise<Row[]> =>
  db.query(`SELECT * FROM activity_logs ORDER BY id OFFSET $1`, [after]);

describe('activity log interceptor', () => {
  it('records creating, updating and deleting a task with the user, the route and the concrete path', async () => {
    const before = await rowCount();
    const task: Task = (await ada.post('/api/tasks').send(buildTask()).expect(201)).body;
    await ada.patch(`/api/tasks/${task.id}`).send({ status: 'completed' }).expect(200);
    await ada.delete(`/api/tasks/${task.id}`).expect(204);

    expect(await rowsSince(before)).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(Date),
        userId: adaId,
        action: 'POST /api/tasks',
        resource: '/api/tasks',
        metadata: { status: 201, params: {} },
      },
      {
        id: expect.any(Number),
        createdAt: expect.any(Date),
        userId: adaId,
        action: 'PATCH /api/tasks/:id',
        resource: `/api/tasks/${task.id}`,
        metadata: { status: 200, params: { id: String(task.id) } },
      },
      {
        id: expect.any(Number),
        createdAt: expect.any(Date),
        userId: adaId,
        action: 'DELETE /api/tasks/:id',
        resource: `/api/tasks/${task.id}`,
        metadata: { status: 204, params: { id: String(task.id) } },
      },
    ]);
  });

  it('records nothing for a failed mutation (400, 404, 401) or for a read', async () => {
    const before = await rowCount();
    await ada.post('/api/tasks').send({ title: '' }).expect(400);
    await ada.patch('/api/tasks/999999').send({ title: 'x' }).expect(404);
    await request(t.http).post('/api/tasks').send(buildTask()).expect(401);
    await ada.post('/api/auth/login').send({ email: 'nobody@example.com', password: 'wrong password' }).expect(401);
    await ada.get('/api/tasks').expect(200);
    await ada.get('/api/auth/user').expect(200);
    expect(await rowCount()).toBe(before);
  });

  it('records nothing for a mutation with no user before or after it, such as signing out while signed out', async () => {
    const before = await rowCount();
    await request(t.http).post('/api/auth/logout').expect(204);
    expect(await rowCount()).toBe(before);
  });

  it("records sign-up and sign-in as the new session's user and sign-out as the user before, never with a password", async () => {
    const agent = request.agent(t.http);
    const before = await rowCount();
    const { user, credentials } = await signUp(agent);
    await agent.post('/api/auth/logout').expect(204);
    await agent.post('/api/auth/login').send({ email: credentials.email, password: credentials.password }).expect(200);

    const rows = await rowsSince(before);
    expect(rows.map((row) => [row.userId, row.action, row.resource, row.metadata])).toEqual([
      [user.id, 'POST /api/auth/register', '/api/auth/register', { status: 201, params: {} }],
      [user.id, 'POST /api/auth/logout', '/api/auth/logout', { status: 204, params: {} }],
      [user.id, 'POST /api/auth/login', '/api/auth/login', { status: 200, params: {} }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(credentials.password);
    expect(JSON.stringify(rows)).not.toMatch(/password/i);
  });

  it('records admin changes with their route parameters', async () => {
    const before = await rowCount();
    await admin.patch(`/api/admin/users/${adaId}/plan`).send({ plan: 'premium' }).expect(200);
    await admin.patch(`/api/admin/users/${adaId}/plan`).send({ plan: 'free' }).expect(200);
    const [row] = await rowsSince(before);
    expect(row).toMatchObject({
      action: 'PATCH /api/admin/users/:userId/plan',
      resource: `/api/admin/users/${adaId}/plan`,
      metadata: { status: 200, params: { userId: String(adaId) } },
    });
  });

  it('still answers the request, and logs a warning, when the row cannot be written', async () => {
    // A constraint no new row meets (NOT VALID: the rows there stay): the insert itself fails in Postgres.
    await db.query(`ALTER TABLE activity_logs ADD CONSTRAINT "CHK_test_unwritable" CHECK (false) NOT VALID`);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const before = await rowCount();
      await ada.post('/api/tasks').send(buildTask()).expect(201);
      expect(await rowCount()).toBe(before);
      expect(warn).toHaveBeenCalledWith(
        'Could not record "POST /api/tasks": new row for relation "activity_logs" violates check constraint "CHK_test_unwritable"',
      );
    } finally {
      warn.mockRestore();
      await db.query(`ALTER TABLE activity_logs DROP CONSTRAINT "CHK_test_unwritable"`);
    }
  });
});

describe('GET /api/admin/activity-logs', () => {
  it('answers 401 when signed out and 403 "Admin privileges required" for a user', async () => {
    expect((await request(t.http).get('/api/admin/activity-logs').expect(401)).body).toEqual({
      message: 'Unauthorized',
    });
    expect((await ada.get('/api/admin/activity-logs').expect(403)).body).toEqual({
      message: 'Admin privileges required',
    });
  });

  it('returns the newest 50 rows, newest first, with ISO dates', async () => {
    await db.query(
      `INSERT INTO activity_logs ("createdAt", "userId", action, resource, metadata)
       SELECT now() - make_interval(mins => n), $1, 'POST /api/tasks', '/api/tasks', '{"status":201,"params":{}}'::jsonb
       FROM generate_series(1, 60) AS n`,
      [adaId],
    );
    const task: Task = (await ada.post('/api/tasks').send(buildTask()).expect(201)).body;
    await ada.delete(`/api/tasks/${task.id}`).expect(204);

    const logs: ActivityLog[] = (await admin.get('/api/admin/activity-logs').expect(200)).body;
    expect(logs).toHaveLength(50);
    expect(logs[0]).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      userId: adaId,
      action: 'DELETE /api/tasks/:id',
      resource: `/api/tasks/${task.id}`,
      metadata: { status: 204, params: { id: String(task.id) } },
    } satisfies Record<keyof ActivityLog, unknown>);
    expect(logs[1]).toMatchObject({
      action: 'POST /api/tasks',
      resource: '/api/tasks',
      metadata: { status: 201, params: {} },
    });
    const times = logs.map((log) => log.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const oldest = await db.query(`SELECT min("createdAt") AS at FROM activity_logs`);
    expect(logs.map((log) => log.createdAt)).not.toContain(oldest[0].at.toISOString());
  });
});
