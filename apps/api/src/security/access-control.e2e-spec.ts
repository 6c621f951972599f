/**
 * Who may call what, for every route of the running app (route-access.ts classifies them):
 * the inventory matches the classification both ways; signed out, every non-public route answers
 * 401 { message }; public routes answer no 5xx; admin routes answer 403 to a signed-in non-admin.
 */
import request from 'supertest';
import { type Agent, signUpAdminAndUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DataSource } from 'typeorm';
import { MODULE_INDEPENDENT, PUBLIC_5XX_BY_DESIGN, ROUTE_ACCESS, type RouteAccess } from './route-access';
import { fillPath, listRoutes, type RouteEntry, routeKey } from './route-inventory';

const classified = Object.entries(ROUTE_ACCESS).map(([key, access]) => {
  const [method, path] = key.split(' ');
  return { key, method, path, access };
});
const withAccess = (access: RouteAccess) =>
  classified.filter((r) => r.access === access).map((r) => [r.key, r] as const);

/** Sends `method` to `path` (ids filled with 1), with an empty JSON body where one is expected. */
function send(target: Agent | ReturnType<typeof request>, route: { method: string; path: string }) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  const call = target[method](fillPath(route.path));
  return ['post', 'patch', 'put'].includes(method) ? call.send({}) : call;
}

let t: TestApp;
let user: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ user } = await signUpAdminAndUser(t.http));
});

afterAll(async () => {
  await t?.close();
});

describe('route inventory', () => {
  let routes: RouteEntry[];
  beforeAll(() => {
    routes = listRoutes(t.app);
  });

  it('finds the routes of the running app', () => {
    // A broken inventory (an empty router stack) would make every other check vacuous.
    expect(routes.length).toBeGreaterThanOrEqual(classified.length);
  });

  it('classifies every route of the running app in route-access.ts', () => {
    const unclassified = routes.map(routeKey).filter((key) => !(key in ROUTE_ACCESS));
    expect(unclassified.map((key) => `${key} is served but not classified in src/security/route-access.ts`)).toEqual(
      [],
    );
  });

  it('classifies no route that the app no longer serves', () => {
    const served = new Set(routes.map(routeKey));
    const stale = classified.filter((r) => !served.has(r.key));
    expect(stale.map((r) => `${r.key} is classified in src/security/route-access.ts but not served`)).toEqual([]);
  });
});

describe('signed out', () => {
  it.each([...withAccess('signed-in'), ...withAccess('admin')])(
    '%s answers 401 with JSON { message }',
    async (key, route) => {
      const response = await send(request(t.http), route);
      expect({ route: key, status: response.status, type: response.type }).toEqual({
        route: key,
        status: 401,
        type: 'application/json',
      });
      expect({ route: key, body: response.body }).toEqual({ route: key, body: { message: expect.any(String) } });
      // No session is started for a refused request.
      expect({ route: key, cookies: String(response.headers['set-cookie'] ?? '') }).not.toEqual({
        route: key,
        cookies: expect.stringContaining('aide.sid='),
      });
    },
  );

  it.each(withAccess('public'))('public %s answers without a server error', async (key, route) => {
    const response = await send(request(t.http), route);
    const designed = PUBLIC_5XX_BY_DESIGN[key];
    if (designed) {
      expect({ route: key, status: response.status }).toEqual({ route: key, status: designed.status });
    } else {
      expect({ route: key, status: response.status, serverError: response.status >= 500 }).toEqual({
        route: key,
        status: response.status,
        serverError: false,
      });
    }
  });
});

describe('signed in as an ordinary user', () => {
  it.each(withAccess('admin'))('admin route %s answers 403 with JSON { message }', async (key, route) => {
    const response = await send(user, route);
    expect({ route: key, status: response.status, type: response.type }).toEqual({
      route: key,
      status: 403,
      type: 'application/json',
    });
    expect({ route: key, body: response.body }).toEqual({ route: key, body: { message: expect.any(String) } });
  });
});

describe('with every module switched off', () => {
  const moduleRoutes = withAccess('signed-in').filter(([key]) => !MODULE_INDEPENDENT.has(key));
  beforeAll(async () => {
    await t.app.get(DataSource).query(`UPDATE feature_toggles SET enabled = false WHERE name LIKE 'module.%'`);
  });
  afterAll(async () => {
    await t.app.get(DataSource).query(`UPDATE feature_toggles SET enabled = true WHERE name LIKE 'module.%'`);
  });

  it('every module route answers 403 "not available" (routes that serve the shell are listed in MODULE_INDEPENDENT)', async () => {
    expect(moduleRoutes.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const [key, route] of moduleRoutes) {
      const response = await send(user, route);
      if (
        response.status !== 403 ||
        !/^The \w+ module is not available on your plan$/.test(String(response.body?.message))
      ) {
        wrong.push(`${key} answered ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
