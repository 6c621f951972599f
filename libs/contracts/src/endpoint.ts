import type { z } from 'zod';

/**
 * One HTTP route, declared once: the API binds its controller method with `@Endpoint(def)` and the
 * front end calls it with `callEndpoint(def, …)` / `endpointQuery(def, …)` from @aide/api-client, so
 * the path, the payload types and what a change makes stale cannot drift apart.
 *
 * Why our own twenty lines and not ts-rest or oRPC: ts-rest's Nest adapter supports Nest ≤ 11 and
 * zod 3 only (its zod 4 release is a candidate), and oRPC's Nest adapter takes over parsing and the
 * error body (the spec's `{ message }`), where this keeps Nest's own pipeline and only names the route.
 * openapi-fetch types calls from the OpenAPI the API emits, but every caller still spells the path.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A path under the API, with Express-style parameters: '/api/tasks/:id'. */
export type ApiPath = `/api/${string}`;

export interface EndpointDefinition {
  method: HttpMethod;
  path: ApiPath;
  /** The query string's schema (GET filters); values are strings on the wire. */
  query?: z.ZodType;
  /** The JSON body's schema; the API parses the body with it and answers its first message as 400. */
  body?: z.ZodType;
  /** The success body's schema; null when the answer has no JSON body (204, a file, a redirect). */
  response: z.ZodType | null;
  /** Success status when it is not Nest's default (201 for POST, 200 otherwise), e.g. 204. */
  status?: number;
  /**
   * The GET paths whose lists a successful call makes stale: the front end refetches them, and the
   * API tells the user's other tabs to (GET /api/stream). Query keys start with these paths.
   */
  invalidates?: readonly ApiPath[];
  /** The kind of row a change touches, named in the stream event (e.g. 'task'). */
  entity?: string;
  /** One line for the OpenAPI document. */
  summary?: string;
}

/** Declares an endpoint; `const` keeps the literal path and schemas in the type. */
export const endpoint = <const Definition extends EndpointDefinition>(definition: Definition): Definition => definition;

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of an endpoint, e.g. { id: number } for '/api/tasks/:id'; never when it has none. */
export type EndpointParams<E extends EndpointDefinition> = Record<ParamNames<E['path']>, string | number>;
export type EndpointHasParams<E extends EndpointDefinition> = [ParamNames<E['path']>] extends [never] ? false : true;

/** What the endpoint answers on success (the schema's output type), or void without a JSON body. */
export type EndpointResponse<E extends EndpointDefinition> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : void;
export type EndpointBody<E extends EndpointDefinition> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type EndpointQuery<E extends EndpointDefinition> = E['query'] extends z.ZodType ? z.input<E['query']> : never;

/** '/api/tasks/:id' with { id: 5 } → '/api/tasks/5' (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The react-query key of a GET: the path's fixed start, then each parameter and later segment, then
 * the query when there is one, e.g. '/api/documents/:id/versions' with { id: 5 } →
 * ['/api/documents', 5, 'versions']. Joined with '/' it is the URL, and invalidating ['/api/documents']
 * (what an `invalidates` entry does) refetches every key under it.
 */
export function endpointKey(
  path: string,
  params: Record<string, string | number> = {},
  query?: Record<string, unknown>,
): unknown[] {
  const firstParam = path.indexOf('/:');
  const key: unknown[] = [];
  if (firstParam === -1) key.push(path);
  else {
    key.push(path.slice(0, firstParam));
    for (const segment of path.slice(firstParam + 1).split('/')) {
      key.push(segment.startsWith(':') ? fillPath(segment, params) : segment);
    }
  }
  const definedQuery = query && Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  if (definedQuery && definedQuery.length > 0) key.push(Object.fromEntries(definedQuery));
  return key;
}
