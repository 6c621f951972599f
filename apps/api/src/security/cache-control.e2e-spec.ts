/**
 * Authenticated answers are never kept by a browser cache or a proxy: every signed-in and admin GET
 * the running app serves (from the router, route-inventory.ts, so later routes are covered too) is
 * called signed in, and each JSON answer must say `Cache-Control: no-store`; any other answer must
 * at least not be cacheable by a shared cache. What is meant to be cached keeps its own headers.
 */
import request from 'supertest';
import { buildTask, signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fillPath, listRoutes, routeKey } from './route-inventory';
import { ROUTE_ACCESS } from './route-access';

/** Answers that never end (the live event stream): its own headers are checked in the stream's suites. */
const NEVER_ENDS = new Set(['GET /api/stream']);

let t: TestApp;
const agents: { admin?: Agent; user?: Agent } = {};
let taskId = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKERS: 'false' } });
  const { admin, user } = await signUpAdminAndUser(t.http);
  agents.admin = admin;
  agents.user = user;
  taskId = (await user.post('/api/tasks').send(buildTask()).expect(201)).body.id;
});
afterAll(() => t?.close());

it('answers every signed-in GET with Cache-Control: no-store (JSON) or at least nothing a shared cache may keep', async () => {
  const routes = listRoutes(t.app).filter(
    (route) =>
      route.method === 'GET' &&
      ['signed-in', 'admin'].includes(ROUTE_ACCESS[routeKey(route)]) &&
      !NEVER_ENDS.has(routeKey(route)),
  );
  expect(routes.length).toBeGreaterThan(30);
  const problems: string[] = [];
  let json = 0;
  for (const route of routes) {
    const agent = ROUTE_ACCESS[routeKey(route)] === 'admin' ? agents.admin! : agents.user!;
    const path = fillPath(route.path, (name) =>
      name === 'provider' ? 'google' : name === 'platform' ? 'linkedin' : taskId,
    );
    const response = await agent.get(path).redirects(0);
    const cacheControl = String(response.headers['cache-control'] ?? '');
    const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
    if (isJson) json += 1;
    const ok = isJson ? /(^|,\s*)no-store(\s*,|$)/.test(cacheControl) : /no-store|private/.test(cacheControl);
    if (!ok)
      problems.push(
        `${routeKey(route)} (${path}): ${response.status} ${response.headers['content-type'] ?? '-'}, Cache-Control: ${cacheControl || '(none)'}`,
      );
    // A no-store answer is never revalidated, so hashing its body for an ETag is wasted work.
    if (isJson && response.headers.etag) problems.push(`${routeKey(route)} (${path}): ETag on a no-store answer`);
  }
  expect(problems).toEqual([]);
  expect(json).toBeGreaterThan(30);
});

it('answers errors under /api with no-store too (a 401, a 404)', async () => {
  expect((await request(t.http).get('/api/tasks').expect(401)).headers['cache-control']).toBe('no-store');
  expect((await agents.user!.get('/api/nothing-here').expect(404)).headers['cache-control']).toBe('no-store');
});

it('keeps the caching of what is meant to be cached: the tracking script and the calendar feed file', async () => {
  expect((await request(t.http).get('/api/collect/script.js').expect(200)).headers['cache-control']).toBe(
    'public, max-age=3600, stale-while-revalidate=86400',
  );
  const url = (await agents.user!.get('/api/calendar/feed').expect(200)).body.url as string;
  expect((await request(t.http).get(new URL(url).pathname).expect(200)).headers['cache-control']).toBe(
    'private, no-cache',
  );
});
