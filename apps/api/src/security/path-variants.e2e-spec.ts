/**
 * Path spelling must not get around any path-based rule. The outside test posted a multipart upload
 * to '/API/documents' and a text/plain POST to '/API/calendar/feed/regenerate' from a same-site page
 * on another port: the CSRF check only looked at a lower-case '/api/', while Express routed
 * case-insensitively, and both landed.
 *
 * For every state-changing route the running app serves (from the router, route-inventory.ts, so a
 * route added later is covered the day it lands), this sends upper-case, mixed-case, trailing-slash,
 * double-slash and percent-encoded spellings as a signed-in user (the admin for admin routes):
 * - with a foreign Origin: 403 or 404 JSON `{ message }`, never 2xx, and the database unchanged;
 * - with no Origin at all (as curl sends): 404, because routing is case-sensitive and strict.
 * And the request log redacts the calendar feed's token whatever the spelling.
 */
import express from 'express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { buildTask, signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, SWEEP_SUITE_ENV, type TestApp } from '../../test/test-app';
import { requestLogger } from '../common/request-logger.middleware';
import { fillPath, listRoutes, routeKey, type RouteEntry } from './route-inventory';
import { ROUTE_ACCESS } from './route-access';

/** A page on the same host but another port: same-site, cross-origin (the attacker's set-up). */
const ATTACKER = 'http://127.0.0.1:5173';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The spellings tried for one concrete path ('/api/tasks/5'). */
function pathVariants(path: string): Array<[label: string, variant: string]> {
  const segments = path.split('/').slice(1);
  // The last segment that is a word (not an id), to encode or re-case: 'tasks' in /api/tasks/5.
  const wordIndex =
    segments
      .map((s, i) => (/^[a-z]/.test(s) && i > 0 ? i : -1))
      .filter((i) => i >= 0)
      .pop() ?? 0;
  const withSegment = (change: (segment: string) => string) =>
    `/${segments.map((s, i) => (i === wordIndex ? change(s) : s)).join('/')}`;
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return [
    ['upper case', path.toUpperCase()],
    ['upper-case /API', `/API/${segments.slice(1).join('/')}`],
    ['mixed case', withSegment((s) => s[0].toUpperCase() + s.slice(1))],
    ['trailing slash', `${path}/`],
    ['double slash inside', `/api//${segments.slice(1).join('/')}`],
    ['double slash in front', `/${path}`],
    ['percent-encoded letter', withSegment((s) => hex(s[0]) + s.slice(1))],
    ['percent-encoded /api', `/%61pi/${segments.slice(1).join('/')}`],
    ['encoded slash', `/api%2F${segments.slice(1).join('/')}`],
  ];
}

let t: TestApp;
let db: DataSource;
let snapshotSql = '';
const agents: { admin?: Agent; user?: Agent } = {};
const ids: Record<string, number> = {};

/** Row count and a content hash per table (all of public but express-session's `session`). */
async function snapshot(): Promise<Record<string, string>> {
  const rows = (await db.query(snapshotSql)) as Array<{ name: string; n: string; h: string }>;
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n}:${row.h}`]));
}

/** A real id of the signed-in user's for the route's ':id', so a request that landed would act. */
function idFor(route: RouteEntry, name: string): string | number {
  if (name === 'userId') return ids.user;
  if (name === 'provider') return 'google';
  if (name === 'platform') return 'linkedin';
  const area = route.path.split('/')[2];
  const byArea: Record<string, number | undefined> = {
    tasks: ids.task,
    events: ids.event,
    documents: ids.document,
    'document-folders': ids.folder,
    research: ids.research,
    social: ids.socialPost,
    travel: ids.travelPlan,
    websites: ids.website,
    admin: ids.feature,
  };
  return byArea[area] ?? 1;
}

function send(agent: Agent, method: string, path: string) {
  switch (method) {
    case 'POST':
      return agent.post(path);
    case 'PUT':
      return agent.put(path);
    case 'PATCH':
      return agent.patch(path);
    default:
      return agent.delete(path);
  }
}

const stateChangingRoutes = (): RouteEntry[] => listRoutes(t.app).filter((route) => STATE_CHANGING.has(route.method));

beforeAll(async () => {
  t = await createTestApp({ env: SWEEP_SUITE_ENV });
  db = t.app.get<DataSource>(getDataSourceToken());
  const { admin, user, userId } = await signUpAdminAndUser(t.http);
  agents.admin = admin;
  agents.user = user;
  ids.user = userId;
  ids.task = (await user.post('/api/tasks').send(buildTask()).expect(201)).body.id;
  ids.event = (
    await user
      .post('/api/events')
      .send({ title: 'Existing', startTime: '2026-12-01T10:00:00Z', endTime: '2026-12-01T11:00:00Z' })
      .expect(201)
  ).body.id;
  ids.feature = (await admin.post('/api/admin/features').send({ name: 'paths.existing' }).expect(201)).body.id;
  ids.folder = (await user.post('/api/document-folders').send({ name: 'Existing' }).expect(201)).body.id;
  ids.document = (
    await user
      .post('/api/documents')
      .attach('files', Buffer.from('Existing document'), { filename: 'existing.txt' })
      .expect(201)
  ).body.documents[0].id;
  ids.research = (await user.post('/api/research/start').send({ topic: 'Existing research' }).expect(201)).body.id;
  ids.socialPost = (
    await user.post('/api/social/create').send({ platform: 'linkedin', topic: 'Existing post' }).expect(201)
  ).body.id;
  ids.travelPlan = (
    await user
      .post('/api/travel/create')
      .send({ destination: 'Existing trip', startDate: '2030-05-01', endDate: '2030-05-03' })
      .expect(201)
  ).body.id;
  ids.website = (
    await user.post('/api/websites').send({ url: 'https://existing.example.com', name: 'Existing site' }).expect(201)
  ).body.id;
  await user.get('/api/calendar/feed').expect(200);

  const tables = (await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'session' ORDER BY tablename`,
  )) as Array<{ tablename: string }>;
  snapshotSql = tables
    .map(({ tablename }) => {
      const name = `"${tablename.replaceAll('"', '""')}"`;
      return `SELECT '${tablename}' AS name, count(*)::text AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${name} x`;
    })
    .join(' UNION ALL ');
}, 60_000);

afterAll(() => t?.close());

it('finds the state-changing routes (the two the attacker used among them)', () => {
  const keys = stateChangingRoutes().map(routeKey);
  expect(keys).toEqual(
    expect.arrayContaining([
      'POST /api/documents',
      'POST /api/calendar/feed/regenerate',
      'POST /api/tasks',
      'DELETE /api/tasks/:id',
    ]),
  );
  expect(keys.length).toBeGreaterThan(50);
});

it('refuses the attack as it was made: a multipart upload to /API/documents and a text/plain POST to /API/calendar/feed/regenerate', async () => {
  const user = agents.user!;
  const feedPath = async () => new URL((await user.get('/api/calendar/feed').expect(200)).body.url as string).pathname;
  const feedBefore = await feedPath();
  const before = await snapshot();
  for (const path of ['/API/documents', '/Api/Documents', '/api/documents/', '/api//documents', '/api/%64ocuments']) {
    const upload = await user
      .post(path)
      .set('Origin', ATTACKER)
      .attach('files', Buffer.from('planted by another site'), { filename: 'planted.txt' });
    expect({ path, refused: [403, 404].includes(upload.status) }).toEqual({ path, refused: true });
    expect(upload.body).toEqual({ message: expect.any(String) });
  }
  for (const path of [
    '/API/calendar/feed/regenerate',
    '/api/Calendar/feed/regenerate',
    '/api/calendar/feed/regenerate/',
    '/api//calendar/feed/regenerate',
    '/api/calendar/feed/%72egenerate',
  ]) {
    const regenerate = await user.post(path).set('Origin', ATTACKER).set('Content-Type', 'text/plain').send('x');
    expect({ path, refused: [403, 404].includes(regenerate.status) }).toEqual({ path, refused: true });
    expect(regenerate.body).toEqual({ message: expect.any(String) });
  }
  expect(await snapshot()).toEqual(before);
  expect(await feedPath()).toBe(feedBefore);
  const documents = (await user.get('/api/documents').expect(200)).body as unknown;
  expect(JSON.stringify(documents)).not.toContain('planted');
});

describe('every state-changing route, spelled another way', () => {
  it('answers 403 or 404 { message } with a foreign Origin, never 2xx, and changes nothing', async () => {
    const problems: string[] = [];
    let tried = 0;
    for (const route of stateChangingRoutes()) {
      const agent = ROUTE_ACCESS[routeKey(route)] === 'admin' ? agents.admin! : agents.user!;
      const path = fillPath(route.path, (name) => idFor(route, name));
      const before = await snapshot();
      for (const [label, variant] of pathVariants(path)) {
        for (const body of ['json', 'text'] as const) {
          tried += 1;
          const call = send(agent, route.method, variant).set('Origin', ATTACKER);
          const response = await (body === 'json' ? call.send({}) : call.set('Content-Type', 'text/plain').send('{}'));
          if (![403, 404].includes(response.status) || typeof response.body?.message !== 'string') {
            problems.push(
              `${routeKey(route)} as ${label} (${route.method} ${variant}, ${body}): ${response.status} ${JSON.stringify(response.body)}`,
            );
          }
        }
      }
      const after = await snapshot();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0)
        problems.push(`${routeKey(route)}: spelled another way, it changed ${changed.join(', ')}`);
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(500);
    // The refused sign-outs did not end either session.
    await agents.user!.get('/api/auth/user').expect(200);
    await agents.admin!.get('/api/auth/user').expect(200);
  }, 120_000);

  it('answers 404 { message } with no Origin at all: only the exact spelling is routed', async () => {
    const problems: string[] = [];
    const before = await snapshot();
    for (const route of stateChangingRoutes()) {
      const agent = ROUTE_ACCESS[routeKey(route)] === 'admin' ? agents.admin! : agents.user!;
      const path = fillPath(route.path, (name) => idFor(route, name));
      for (const [label, variant] of pathVariants(path)) {
        const response = await send(agent, route.method, variant).send({});
        if (response.status !== 404 || typeof response.body?.message !== 'string') {
          problems.push(
            `${routeKey(route)} as ${label} (${route.method} ${variant}): ${response.status} ${JSON.stringify(response.body)}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
    await agents.user!.get('/api/auth/user').expect(200);
  }, 120_000);
});

describe('the request log', () => {
  it("never shows the calendar feed's token, however the feed's path is spelled", async () => {
    const lines: string[] = [];
    // The real app behind the real request logger, its lines captured.
    const logged = express()
      .use(requestLogger({ log: (line: string) => lines.push(line) } as never))
      .use(t.app.getHttpAdapter().getInstance() as express.Express);
    const url = (await agents.user!.get('/api/calendar/feed').expect(200)).body.url as string;
    const file = new URL(url).pathname.split('/').pop()!;
    const token = file.replace(/\.ics$/, '');
    const paths = pathVariants(`/api/calendar/feed/${file}`).map(([, variant]) => variant);
    paths.push(
      `/api/calendar/feed/${file}`,
      `/api/calendar/feed/%${token.charCodeAt(0).toString(16)}${token.slice(1)}.ics`,
      `/api/calendar/feed/${file}?download=1`,
    );
    for (const path of paths) await request(logged).get(path);
    expect(lines).toHaveLength(paths.length);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain(token.slice(1));
      expect(line).toMatch(/^GET \/api\/calendar\/feed\/\*\*\* \d{3} \d+ms$/);
    }
  });
});
