import type { AdminModuleEntry, ModuleRegistryEntry } from '@aide/contracts';
import request from 'supertest';
import { signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const CONFIGURED = 'http://localhost:4201/mf-manifest.json';

let t: TestApp;
let admin: Agent;
let ada: Agent;

beforeAll(async () => {
  t = await createTestApp({ env: { REMOTE_ORGANISER_URL: CONFIGURED } });
  ({ admin, user: ada } = await signUpAdminAndUser(t.http));
});
afterAll(() => t.close());

const organiser = (overrides: Partial<AdminModuleEntry> = {}): AdminModuleEntry => ({
  id: 'organiser',
  title: 'Organiser',
  routes: ['/', '/tasks', '/calendar'],
  manifestUrl: CONFIGURED,
  defaultManifestUrl: CONFIGURED,
  overridden: false,
  ...overrides,
});
const shellManifest = async (agent: Agent) =>
  ((await agent.get('/api/modules').expect(200)).body as ModuleRegistryEntry[]).find((m) => m.id === 'organiser')
    ?.manifestUrl;

describe('GET /api/admin/modules', () => {
  it('lists every registered module with its effective and configured manifest URLs', async () => {
    expect((await admin.get('/api/admin/modules').expect(200)).body).toEqual([
      organiser(),
      expect.objectContaining({ id: 'email', routes: ['/email', '/email-test'], overridden: false }),
      expect.objectContaining({ id: 'documents', routes: ['/documents'], overridden: false }),
      expect.objectContaining({ id: 'research', routes: ['/research'], overridden: false }),
      expect.objectContaining({ id: 'social', routes: ['/social'], overridden: false }),
      expect.objectContaining({ id: 'travel', routes: ['/travel'], overridden: false }),
      expect.objectContaining({ id: 'website', routes: ['/website'], overridden: false }),
    ]);
  });
});

describe('PATCH /api/admin/modules/:id', () => {
  afterEach(() => admin.patch('/api/admin/modules/organiser').send({ manifestUrl: null }).expect(200));

  it('points a module at another build; GET /api/modules answers it at once, for every user', async () => {
    const url = 'https://cdn.example.com/organiser/v2/mf-manifest.json';
    const response = await admin
      .patch('/api/admin/modules/organiser')
      .send({ manifestUrl: ` ${url} ` })
      .expect(200);
    expect(response.body).toEqual(organiser({ manifestUrl: url, overridden: true }));
    expect((await admin.get('/api/admin/modules').expect(200)).body).toEqual([
      organiser({ manifestUrl: url, overridden: true }),
      expect.objectContaining({ id: 'email', overridden: false }),
      expect.objectContaining({ id: 'documents', overridden: false }),
      expect.objectContaining({ id: 'research', overridden: false }),
      expect.objectContaining({ id: 'social', overridden: false }),
      expect.objectContaining({ id: 'travel', overridden: false }),
      expect.objectContaining({ id: 'website', overridden: false }),
    ]);
    expect(await shellManifest(ada)).toBe(url);
    expect(await shellManifest(admin)).toBe(url);
  });

  it('keeps a same-origin path as it is, and replaces an earlier override', async () => {
    await admin
      .patch('/api/admin/modules/organiser')
      .send({ manifestUrl: 'https://a.example.com/mf-manifest.json' })
      .expect(200);
    const path = '/remotes/organiser-next/mf-manifest.json';
    const response = await admin.patch('/api/admin/modules/organiser').send({ manifestUrl: path }).expect(200);
    expect(response.body).toEqual(organiser({ manifestUrl: path, overridden: true }));
    expect(await shellManifest(ada)).toBe(path);
  });

  it('goes back to the configured URL with null', async () => {
    await admin
      .patch('/api/admin/modules/organiser')
      .send({ manifestUrl: 'http://localhost:9999/mf-manifest.json' })
      .expect(200);
    const response = await admin.patch('/api/admin/modules/organiser').send({ manifestUrl: null }).expect(200);
    expect(response.body).toEqual(organiser());
    expect(await shellManifest(ada)).toBe(CONFIGURED);
  });

  it('answers 404 "Module not found" for an id that is not registered', async () => {
    for (const id of ['calendar', 'ORGANISER', '%27%3B--', 'x'.repeat(300)]) {
      const response = await admin.patch(`/api/admin/modules/${id}`).send({ manifestUrl: '/x.json' }).expect(404);
      expect(response.body).toEqual({ message: 'Module not found' });
    }
  });

  it.each([
    [{ manifestUrl: '' }, 'Manifest URL is required'],
    [{ manifestUrl: '   ' }, 'Manifest URL is required'],
    [{ manifestUrl: 'javascript:alert(1)' }, 'Manifest URL must be an http(s) URL or a path starting with /'],
    [
      { manifestUrl: '//evil.example.com/mf-manifest.json' },
      'Manifest URL must be an http(s) URL or a path starting with /',
    ],
    [{ manifestUrl: 'ftp://example.com/m.json' }, 'Manifest URL must be an http(s) URL or a path starting with /'],
    [{ manifestUrl: 'https://' }, 'Manifest URL must be an http(s) URL or a path starting with /'],
    [{ manifestUrl: 'relative/mf-manifest.json' }, 'Manifest URL must be an http(s) URL or a path starting with /'],
    [{ manifestUrl: `https://example.com/${'a'.repeat(2000)}` }, 'Manifest URL must be at most 2000 characters'],
    [{ manifestUrl: 42 }, 'Manifest URL must be text'],
    [{}, 'Manifest URL must be text'],
  ])('answers 400 for %j with a readable message and changes nothing', async (body, message) => {
    const response = await admin.patch('/api/admin/modules/organiser').send(body).expect(400);
    expect(response.body.message).toBe(message);
    expect(await shellManifest(ada)).toBe(CONFIGURED);
  });

  it('answers 400 for an unknown field', async () => {
    const response = await admin
      .patch('/api/admin/modules/organiser')
      .send({ manifestUrl: '/m.json', id: 'email' })
      .expect(400);
    expect(typeof response.body.message).toBe('string');
  });
});

describe('access', () => {
  it.each([
    ['GET', '/api/admin/modules'],
    ['PATCH', '/api/admin/modules/organiser'],
  ])('%s %s answers 401 when signed out and 403 "Admin privileges required" for a user', async (method, path) => {
    const verb = method.toLowerCase() as 'get';
    const body = { manifestUrl: 'https://evil.example.com/mf-manifest.json' };
    expect((await request(t.http)[verb](path).send(body).expect(401)).body).toEqual({ message: 'Unauthorized' });
    expect((await ada[verb](path).send(body).expect(403)).body).toEqual({ message: 'Admin privileges required' });
    expect(await shellManifest(ada)).toBe(CONFIGURED);
  });
});
