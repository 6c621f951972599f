import * as contracts from '@aide/contracts';
import type { EndpointDefinition } from '@aide/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { listRoutes, routeKey } from '../../security/route-inventory';
import { ENDPOINT_METADATA } from './endpoint.decorator';

/**
 * Every route of the API is declared once in @aide/contracts and bound with @Endpoint, so the
 * front end can only call what exists, with the payloads the API parses. Routes that are not
 * called by our own front end as JSON and have a reason to stay outside are listed here.
 */
const OUTSIDE_THE_CONTRACT: Record<string, string> = {
  'OPTIONS /api/collect': "the CORS preflight of the analytics beacon, answered for other sites' browsers",
};

/** Swagger UI and the OpenAPI document, mounted by @nestjs/swagger (admins only, see API_DOCS). */
const isApiDocs = (path: string) =>
  path === '/api/docs' || path.startsWith('/api/docs/') || path.startsWith('/api/docs-');

/** Every `<domain>Endpoints` group @aide/contracts exports. */
function declaredEndpoints(): EndpointDefinition[] {
  return Object.entries(contracts)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([, group]) => Object.values(group as Record<string, EndpointDefinition>));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

it('serves every route declared in the contracts, and each one through @Endpoint', () => {
  const served = new Set(listRoutes(t.app).map(routeKey));
  const declared = declaredEndpoints().map((definition) => `${definition.method} ${definition.path}`);
  expect(declared.filter((key) => !served.has(key))).toEqual([]);
  expect(new Set(declared).size).toBe(declared.length);
});

it('declares every route the API serves under /api in the contracts', () => {
  const declared = new Set(declaredEndpoints().map((definition) => `${definition.method} ${definition.path}`));
  const undeclared = listRoutes(t.app)
    .filter((route) => route.path.startsWith('/api/') && !isApiDocs(route.path))
    .map(routeKey)
    .filter((key) => !declared.has(key) && !(key in OUTSIDE_THE_CONTRACT));
  expect(undeclared).toEqual([]);
});

it('binds each declared route with its own definition', () => {
  // The metadata @Endpoint leaves on each handler is the very object the contract exports.
  const bound = new Set<unknown>();
  const container = (
    t.app as unknown as {
      container: { getModules(): Map<string, { controllers: Map<unknown, { instance: object }> }> };
    }
  ).container;
  for (const module of container.getModules().values()) {
    for (const { instance } of module.controllers.values()) {
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler === 'function') bound.add(Reflect.getMetadata(ENDPOINT_METADATA, handler));
      }
    }
  }
  const unbound = declaredEndpoints().filter((definition) => !bound.has(definition));
  expect(unbound.map((definition) => `${definition.method} ${definition.path}`)).toEqual([]);
});
