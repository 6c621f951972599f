import type { NestExpressApplication } from '@nestjs/platform-express';

/** One route the running app answers: its method (upper case) and Express path pattern. */
export interface RouteEntry {
  method: string;
  path: string;
}

/** 'METHOD /path/pattern', the key route-access.ts classifies routes by. */
export const routeKey = (route: RouteEntry) => `${route.method} ${route.path}`;

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * Every route of the running app, read from the HTTP adapter's Express router stack.
 *
 * Why the router and not the OpenAPI document (SwaggerModule.createDocument): the router is what
 * actually answers requests. The OpenAPI document is generated from decorators and leaves out
 * anything marked @ApiExcludeEndpoint, controllers excluded from the document, and routes mounted
 * straight on the adapter (the docs pages themselves, anything a setup function adds), so a route
 * could be served without ever being classified. Middleware (session, compression, static files)
 * has no `route` on its layer and is not a route.
 */
export function listRoutes(app: NestExpressApplication): RouteEntry[] {
  const instance = app.getHttpAdapter().getInstance() as {
    router?: { stack: ExpressLayer[] };
    _router?: { stack: ExpressLayer[] };
  };
  // Express 5 exposes app.router; Express 4 kept it at app._router.
  const stack = (instance.router ?? instance._router)?.stack;
  if (!stack) throw new Error('route inventory: the Express router stack was not found on the HTTP adapter');
  const routes = new Map<string, RouteEntry>();
  for (const layer of stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (!on) continue;
      for (const path of paths) {
        const entry = { method: method === '_all' ? 'ALL' : method.toUpperCase(), path };
        routes.set(routeKey(entry), entry);
      }
    }
  }
  return [...routes.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The `:name` parameters in a path pattern, in order. */
export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** The path with every parameter replaced (by `fill(name)`, or 1 by default). */
export const fillPath = (path: string, fill: (name: string) => string | number = () => 1) =>
  path.replace(/:(\w+)/g, (_m, name: string) => String(fill(name)));
