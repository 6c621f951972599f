import type { FeatureFlags } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUpAdminAndUser, type Agent } from '../../test/factories';
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
  const create = (body: object) => admin.post('/api/admin/features').send(body).expect(201);
  await create({ name: 'beta.search', enabled: true });
  await create({ name: 'beta.off', enabled: false });
  await create({ name: 'beta.premium', enabled: true, planRequired: 'premium' });
  await create({ name: 'beta.admins', enabled: true, adminOnly: true });
});
afterAll(() => t.close());

const flags = async (agent: Agent): Promise<FeatureFlags> => (await agent.get('/api/features').expect(200)).body;

describe('GET /api/features', () => {
  it('answers every toggle not named module.*, on or off for this user by the toggle rule', async () => {
    expect(await flags(ada)).toEqual({
      'beta.admins': false,
      'beta.off': false,
      'beta.premium': false,
      'beta.search': true,
    });
    expect(await flags(admin)).toEqual({
      'beta.admins': true,
      'beta.off': false,
      'beta.premium': false,
      'beta.search': true,
    });
  });

  it("follows the user's plan and an admin's change on the next request", async () => {
    await db.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [adaId]);
    try {
      expect((await flags(ada))['beta.premium']).toBe(true);
    } finally {
      await db.query(`UPDATE users SET plan = 'free' WHERE id = $1`, [adaId]);
    }
    const [toggle] = await db.query(`SELECT id FROM feature_toggles WHERE name = 'beta.off'`);
    await admin.patch(`/api/admin/features/${toggle.id}`).send({ enabled: true }).expect(200);
    expect((await flags(ada))['beta.off']).toBe(true);
  });

  it('never lists the module toggles (GET /api/modules covers them)', async () => {
    expect(Object.keys(await flags(admin)).filter((name) => name.startsWith('module.'))).toEqual([]);
  });

  it('answers 401 Unauthorized when signed out', async () => {
    expect((await request(t.http).get('/api/features').expect(401)).body).toEqual({ message: 'Unauthorized' });
  });
});
