import type { AuthUser } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let db: DataSource;
let admin: Agent;
let adminId: number;
let ada: Agent;
let adaId: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
  ({ admin, adminId, user: ada, userId: adaId } = await signUpAdminAndUser(t.http));
});
afterAll(() => t.close());

afterEach(() =>
  db.query(`UPDATE users SET role = CASE WHEN id = $1 THEN 'admin' ELSE 'user' END, plan = 'free'`, [adminId]),
);

describe('admin users API', () => {
  it.each([
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/1/role'],
    ['PATCH', '/api/admin/users/1/plan'],
  ])('%s %s answers 401 when signed out and 403 "Admin privileges required" for a user', async (method, path) => {
    const verb = method.toLowerCase() as 'get';
    expect((await request(t.http)[verb](path).send({ role: 'admin', plan: 'premium' }).expect(401)).body).toEqual({
      message: 'Unauthorized',
    });
    expect((await ada[verb](path).send({ role: 'admin', plan: 'premium' }).expect(403)).body).toEqual({
      message: 'Admin privileges required',
    });
  });

  it('lists every user as AuthUser, oldest first, never with a password hash', async () => {
    const { user: carol } = await signUp(request.agent(t.http));
    const users: AuthUser[] = (await admin.get('/api/admin/users').expect(200)).body;
    expect(users.map((u) => u.id)).toEqual([adminId, adaId, carol.id]);
    expect(users[2]).toEqual({ ...carol, lastLoginAt: expect.any(String) });
    expect(Object.keys(users[0]).sort()).toEqual(
      [
        'createdAt',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'lastLoginAt',
        'lastName',
        'plan',
        'profileImageUrl',
        'role',
        'status',
      ].sort(),
    );
    expect(JSON.stringify(users)).not.toMatch(/password|argon2/i);
  });

  it('promotes a user, who can use the admin API from their next request, and demotes them again', async () => {
    const promoted = await admin.patch(`/api/admin/users/${adaId}/role`).send({ role: 'admin' }).expect(200);
    expect(promoted.body).toMatchObject({ id: adaId, role: 'admin' });
    await ada.get('/api/admin/users').expect(200);

    const demoted = await admin.patch(`/api/admin/users/${adaId}/role`).send({ role: 'user' }).expect(200);
    expect(demoted.body).toMatchObject({ id: adaId, role: 'user' });
    expect((await ada.get('/api/admin/users').expect(403)).body).toEqual({ message: 'Admin privileges required' });
  });

  it("changes a plan, which the user's next GET /api/auth/user shows", async () => {
    const changed = await admin.patch(`/api/admin/users/${adaId}/plan`).send({ plan: 'premium' }).expect(200);
    expect(changed.body).toMatchObject({ id: adaId, plan: 'premium', role: 'user' });
    expect((await ada.get('/api/auth/user').expect(200)).body).toMatchObject({ id: adaId, plan: 'premium' });
  });

  it('answers 409 "The last admin cannot be demoted", and lets an admin step down once another exists', async () => {
    const refused = await admin.patch(`/api/admin/users/${adminId}/role`).send({ role: 'user' }).expect(409);
    expect(refused.body).toEqual({ message: 'The last admin cannot be demoted' });
    expect((await admin.get('/api/auth/user').expect(200)).body.role).toBe('admin');

    await admin.patch(`/api/admin/users/${adaId}/role`).send({ role: 'admin' }).expect(200);
    await admin.patch(`/api/admin/users/${adminId}/role`).send({ role: 'user' }).expect(200);
    await admin.get('/api/admin/users').expect(403);
    const last = await ada.patch(`/api/admin/users/${adaId}/role`).send({ role: 'user' }).expect(409);
    expect(last.body).toEqual({ message: 'The last admin cannot be demoted' });
  });

  it('answers 400 with the contract messages for an unknown role or plan', async () => {
    const role = await admin.patch(`/api/admin/users/${adaId}/role`).send({ role: 'owner' }).expect(400);
    expect(role.body).toEqual({
      message: 'Role must be user or admin',
      errors: [{ path: 'role', message: 'Role must be user or admin' }],
    });
    const plan = await admin.patch(`/api/admin/users/${adaId}/plan`).send({ plan: 'gold' }).expect(400);
    expect(plan.body.message).toBe('Plan must be one of free, premium or enterprise');
  });

  it('answers 404 "User not found" for an unknown id, and 400 for a malformed one', async () => {
    for (const [field, value] of [
      ['role', 'admin'],
      ['plan', 'premium'],
    ]) {
      const missing = await admin
        .patch(`/api/admin/users/999999/${field}`)
        .send({ [field]: value })
        .expect(404);
      expect(missing.body).toEqual({ message: 'User not found' });
      const malformed = await admin
        .patch(`/api/admin/users/abc/${field}`)
        .send({ [field]: value })
        .expect(400);
      expect(malformed.body).toEqual({ message: 'User id must be a positive whole number' });
    }
  });
});
