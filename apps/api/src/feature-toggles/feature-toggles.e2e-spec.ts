import type { FeatureToggle, LockedModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
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
});
afterAll(() => t.close());

const NOT_AVAILABLE = { message: 'The organiser module is not available on your plan' };

/** Sets module.organiser's rule straight in the database, as another admin's change would. */
const setOrganiser = (rule: { enabled?: boolean; planRequired?: string; adminOnly?: boolean }) =>
  db.query(
    `UPDATE feature_toggles SET enabled = $1, "planRequired" = $2, "adminOnly" = $3 WHERE name = 'module.organiser'`,
    [rule.enabled ?? true, rule.planRequired ?? 'free', rule.adminOnly ?? false],
  );
const setPlan = (userId: number, plan: string) => db.query('UPDATE users SET plan = $1 WHERE id = $2', [plan, userId]);

// These tests switch module.organiser; the other registered modules (email …) keep their own toggles.
const moduleIds = async (agent: Agent) =>
  ((await agent.get('/api/modules').expect(200)).body as ModuleRegistryEntry[])
    .map((m) => m.id)
    .filter((id) => id === 'organiser');

afterEach(async () => {
  await setOrganiser({});
  await setPlan(adaId, 'free');
});

describe('module toggles', () => {
  it('exist for all seven module groups from the start: enabled, plan free, not admin-only', async () => {
    const toggles: FeatureToggle[] = (await admin.get('/api/admin/features').expect(200)).body;
    const modules = toggles.filter((toggle) => toggle.name.startsWith('module.'));
    expect(modules.map((toggle) => toggle.name).sort()).toEqual(
      ['documents', 'email', 'organiser', 'research', 'social', 'travel', 'website'].map((id) => `module.${id}`).sort(),
    );
    for (const toggle of modules)
      expect(toggle).toMatchObject({ enabled: true, planRequired: 'free', adminOnly: false });
    expect(modules.find((toggle) => toggle.name === 'module.organiser')?.description).toBe(
      'Organiser module (dashboard, tasks, calendar)',
    );
  });

  it('a disabled module.organiser hides the module and makes its API answer 403; re-enabling restores both at once', async () => {
    expect(await moduleIds(ada)).toEqual(['organiser']);
    await ada.get('/api/tasks').expect(200);

    await setOrganiser({ enabled: false });
    expect(await moduleIds(ada)).toEqual([]);
    expect((await ada.get('/api/tasks').expect(403)).body).toEqual(NOT_AVAILABLE);
    expect((await ada.post('/api/tasks').send({ title: 'Blocked' }).expect(403)).body).toEqual(NOT_AVAILABLE);
    expect((await ada.patch('/api/tasks/1').send({ title: 'x' }).expect(403)).body).toEqual(NOT_AVAILABLE);

    await setOrganiser({ enabled: true });
    expect(await moduleIds(ada)).toEqual(['organiser']);
    await ada.get('/api/tasks').expect(200);
    await ada.post('/api/tasks').send({ title: 'Allowed again' }).expect(201);
  });

  it("applies an admin's PATCH through the API to the next request", async () => {
    const toggles: FeatureToggle[] = (await admin.get('/api/admin/features').expect(200)).body;
    const organiser = toggles.find((toggle) => toggle.name === 'module.organiser')!;
    await admin.patch(`/api/admin/features/${organiser.id}`).send({ enabled: false }).expect(200);
    await ada.get('/api/tasks').expect(403);
    await admin.patch(`/api/admin/features/${organiser.id}`).send({ enabled: true }).expect(200);
    await ada.get('/api/tasks').expect(200);
  });

  it('planRequired premium hides the module from a free user but not from a premium or enterprise user', async () => {
    await setOrganiser({ planRequired: 'premium' });
    expect(await moduleIds(ada)).toEqual([]);
    expect((await ada.get('/api/tasks').expect(403)).body).toEqual(NOT_AVAILABLE);

    await setPlan(adaId, 'premium');
    expect(await moduleIds(ada)).toEqual(['organiser']);
    await ada.get('/api/tasks').expect(200);

    await setPlan(adaId, 'enterprise');
    expect(await moduleIds(ada)).toEqual(['organiser']);
  });

  it('planRequired enterprise hides the module from a premium user', async () => {
    await setOrganiser({ planRequired: 'enterprise' });
    await setPlan(adaId, 'premium');
    expect(await moduleIds(ada)).toEqual([]);
    await ada.post('/api/tasks').send({ title: 'x' }).expect(403);
  });

  it('adminOnly hides the module from a user but not from an admin', async () => {
    await setOrganiser({ adminOnly: true });
    expect(await moduleIds(ada)).toEqual([]);
    await ada.get('/api/tasks').expect(403);
    expect(await moduleIds(admin)).toEqual(['organiser']);
    await admin.get('/api/tasks').expect(200);
  });

  it('a missing module.organiser toggle hides the module', async () => {
    await db.query(`UPDATE feature_toggles SET name = 'module.organiser-renamed' WHERE name = 'module.organiser'`);
    try {
      expect(await moduleIds(admin)).toEqual([]);
      await admin.get('/api/tasks').expect(403);
    } finally {
      await db.query(`UPDATE feature_toggles SET name = 'module.organiser' WHERE name = 'module.organiser-renamed'`);
    }
  });

  it('still answers 401, not 403, to a signed-out request for a disabled module', async () => {
    await setOrganiser({ enabled: false });
    expect((await request(t.http).get('/api/tasks').expect(401)).body).toEqual({ message: 'Unauthorized' });
    expect((await request(t.http).get('/api/modules').expect(401)).body).toEqual({ message: 'Unauthorized' });
  });
});

describe('GET /api/modules/locked', () => {
  const locked = async (agent: Agent) =>
    (await agent.get('/api/modules/locked').expect(200)).body as LockedModuleEntry[];
  const organiser = (entries: LockedModuleEntry[]) => entries.find((m) => m.id === 'organiser');

  it('is empty for a module the user may use', async () => {
    expect(organiser(await locked(ada))).toBeUndefined();
  });

  it('names the plan that would include a module above the user plan, with its routes and no manifest', async () => {
    await setOrganiser({ planRequired: 'premium' });
    expect(organiser(await locked(ada))).toEqual({
      id: 'organiser',
      title: 'Organiser',
      routes: ['/', '/tasks', '/calendar'],
      reason: 'plan',
      requiredPlan: 'premium',
    });
    await setPlan(adaId, 'enterprise');
    expect(organiser(await locked(ada))).toBeUndefined();
  });

  it("says 'disabled' for a module switched off and 'admin-only' for one kept for admins", async () => {
    await setOrganiser({ enabled: false });
    expect(organiser(await locked(ada))).toMatchObject({ reason: 'disabled', requiredPlan: null });
    await setOrganiser({ adminOnly: true });
    expect(organiser(await locked(ada))).toMatchObject({ reason: 'admin-only', requiredPlan: null });
    expect(organiser(await locked(admin))).toBeUndefined();
  });

  it('answers 401 when signed out', async () => {
    await request(t.http).get('/api/modules/locked').expect(401);
  });
});

describe('admin feature toggle API', () => {
  it.each([
    ['GET', '/api/admin/features'],
    ['POST', '/api/admin/features'],
    ['PATCH', '/api/admin/features/1'],
  ])('%s %s answers 401 when signed out and 403 "Admin privileges required" for a user', async (method, path) => {
    const verb = method.toLowerCase() as 'get';
    expect((await request(t.http)[verb](path).send({ name: 'x' }).expect(401)).body).toEqual({
      message: 'Unauthorized',
    });
    expect((await ada[verb](path).send({ name: 'x' }).expect(403)).body).toEqual({
      message: 'Admin privileges required',
    });
  });

  it('creates a toggle with the spec defaults (off, plan free, not admin-only)', async () => {
    const response = await admin.post('/api/admin/features').send({ name: '  beta.search ' }).expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: 'beta.search',
      description: null,
      enabled: false,
      planRequired: 'free',
      adminOnly: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    } satisfies Record<keyof FeatureToggle, unknown>);
    const list: FeatureToggle[] = (await admin.get('/api/admin/features').expect(200)).body;
    expect(list).toContainEqual(response.body);
  });

  it('answers 400 "Name is required" for a missing or blank name', async () => {
    for (const body of [{}, { name: '   ' }]) {
      const response = await admin.post('/api/admin/features').send(body).expect(400);
      expect(response.body).toEqual({
        message: 'Name is required',
        errors: [{ path: 'name', message: 'Name is required' }],
      });
    }
    const plan = await admin.post('/api/admin/features').send({ name: 'x', planRequired: 'gold' }).expect(400);
    expect(plan.body.message).toBe('Plan must be one of free, premium or enterprise');
  });

  it('answers 409 for a name that is taken, on create and on rename', async () => {
    await admin.post('/api/admin/features').send({ name: 'beta.export' }).expect(201);
    const duplicate = await admin.post('/api/admin/features').send({ name: 'beta.export' }).expect(409);
    expect(duplicate.body).toEqual({ message: 'A feature toggle with this name already exists' });

    const other: FeatureToggle = (await admin.post('/api/admin/features').send({ name: 'beta.import' }).expect(201))
      .body;
    const rename = await admin.patch(`/api/admin/features/${other.id}`).send({ name: 'module.organiser' }).expect(409);
    expect(rename.body).toEqual({ message: 'A feature toggle with this name already exists' });
  });

  it('PATCH switches enabled and changes only the fields given', async () => {
    const created: FeatureToggle = (
      await admin
        .post('/api/admin/features')
        .send({ name: 'beta.ai', description: 'AI replies', planRequired: 'premium' })
        .expect(201)
    ).body;
    const on = await admin.patch(`/api/admin/features/${created.id}`).send({ enabled: true }).expect(200);
    expect(on.body).toMatchObject({
      id: created.id,
      name: 'beta.ai',
      description: 'AI replies',
      enabled: true,
      planRequired: 'premium',
    });
    const off = await admin
      .patch(`/api/admin/features/${created.id}`)
      .send({ enabled: false, description: null })
      .expect(200);
    expect(off.body).toMatchObject({ enabled: false, description: null, planRequired: 'premium' });
  });

  it('answers 404 "Feature toggle not found" for an unknown id, and 400 for a malformed one', async () => {
    const missing = await admin.patch('/api/admin/features/999999').send({ enabled: true }).expect(404);
    expect(missing.body).toEqual({ message: 'Feature toggle not found' });
    const malformed = await admin.patch('/api/admin/features/abc').send({ enabled: true }).expect(400);
    expect(malformed.body).toEqual({ message: 'Feature toggle id must be a positive whole number' });
  });

  it('follows a role change on the next request', async () => {
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [adaId]);
    try {
      await ada.get('/api/admin/features').expect(200);
    } finally {
      await db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [adaId]);
    }
    await ada.get('/api/admin/features').expect(403);
  });
});
