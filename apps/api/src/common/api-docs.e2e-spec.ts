import request from 'supertest';
import { signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiDocsMode } from '../config/env.schema';

/** Every path the docs are served at: the page, its assets and the OpenAPI document. */
const DOC_PATHS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/index.html',
  '/api/docs/swagger-ui-init.js',
  '/api/docs/swagger-ui-bundle.js',
  '/api/docs-json',
  '/api/docs-yaml',
];
/** Other spellings, which must never serve them either. */
const SPELLINGS = ['/API/docs-json', '/api/Docs/', '/api/%64ocs-json', '/api//docs-json', '/api/docs-json/'];

describe('API_DOCS', () => {
  it('defaults to off in production and to admin otherwise', () => {
    expect(apiDocsMode({ API_DOCS: undefined, NODE_ENV: 'production' })).toBe('off');
    expect(apiDocsMode({ API_DOCS: undefined, NODE_ENV: 'development' })).toBe('admin');
    expect(apiDocsMode({ API_DOCS: undefined, NODE_ENV: 'test' })).toBe('admin');
    expect(apiDocsMode({ API_DOCS: 'public', NODE_ENV: 'production' })).toBe('public');
  });
});

describe('API docs for admins only (the default outside production)', () => {
  let t: TestApp;
  let admin: Agent;
  let user: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, user } = await signUpAdminAndUser(t.http));
  });
  afterAll(() => t.close());

  it('serves the docs, their assets and the OpenAPI document to an admin', async () => {
    for (const path of DOC_PATHS) {
      const response = await admin.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
    expect((await admin.get('/api/docs-json').expect(200)).body.paths['/api/tasks']).toBeDefined();
    expect((await admin.get('/api/docs/').expect(200)).text).toContain('swagger-ui');
  });

  it('answers 401 { message } signed out and 403 to other users, with nothing of the docs', async () => {
    for (const path of DOC_PATHS) {
      const anonymous = await request(t.http).get(path);
      expect({ path, status: anonymous.status, body: anonymous.body }).toEqual({
        path,
        status: 401,
        body: { message: 'Unauthorized' },
      });
      const other = await user.get(path);
      expect({ path, status: other.status, body: other.body }).toEqual({
        path,
        status: 403,
        body: { message: 'Admin privileges required' },
      });
    }
  });

  it('serves nothing under other spellings of the paths', async () => {
    for (const path of SPELLINGS) {
      for (const get of [
        (p: string) => request(t.http).get(p),
        (p: string) => user.get(p),
        (p: string) => admin.get(p),
      ]) {
        const response = await get(path);
        expect({ path, served: response.status === 200 }).toEqual({ path, served: false });
        expect(response.text).not.toContain('openapi');
      }
    }
  });
});

describe('API_DOCS=off (the default in production)', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_DOCS: 'off' } });
    ({ admin } = await signUpAdminAndUser(t.http));
  });
  afterAll(() => t.close());

  it('serves no docs at all, not even to an admin', async () => {
    for (const path of DOC_PATHS) {
      const response = await admin.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.body).toEqual({ message: expect.any(String) });
    }
  });
});

describe('API_DOCS=public', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { API_DOCS: 'public' } })));
  afterAll(() => t.close());

  it('serves the docs signed out', async () => {
    for (const path of DOC_PATHS) {
      const response = await request(t.http).get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });
});
