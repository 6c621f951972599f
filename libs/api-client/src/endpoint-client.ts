// From '@aide/contracts/endpoint', not the package root: this lib is a shared singleton loaded whole
// at first paint, and the root would bring zod and every schema along.
import type { QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import {
  type EndpointBody,
  type EndpointDefinition,
  type EndpointHasParams,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  endpointKey,
  fillPath,
} from '@aide/contracts/endpoint';
import { apiRequest, type RequestOptions } from './request';

/** What a call of `E` needs: its path parameters, body and query when it has them. */
export type EndpointArgs<E extends EndpointDefinition> = (EndpointHasParams<E> extends true
  ? { params: EndpointParams<E> }
  : { params?: never }) &
  (E['body'] extends object ? { body: EndpointBody<E> } : { body?: never }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: never }) &
  RequestOptions;

/** Optional when the endpoint needs nothing, required otherwise. */
type ArgsParameter<E extends EndpointDefinition> =
  EndpointHasParams<E> extends true
    ? [args: EndpointArgs<E>]
    : E['body'] extends object
      ? [args: EndpointArgs<E>]
      : [args?: EndpointArgs<E>];

/** A response that does not match its endpoint's schema (checked outside production builds). */
export class ContractViolation extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: string,
  ) {
    super(`${endpoint} answered outside its contract: ${issues}`);
    this.name = 'ContractViolation';
  }
}

/** The URL of a call: the filled path and the query's defined values. */
export function endpointUrl(
  definition: EndpointDefinition,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const path = fillPath(definition.path, params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/**
 * Calls an endpoint as declared in @aide/contracts. In development and tests the answer is checked
 * against the endpoint's response schema, so an API that breaks its contract fails a test rather
 * than a user; production builds skip the check and trust the types.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  definition: E,
  ...[args]: ArgsParameter<E>
): Promise<EndpointResponse<E>> {
  const { params, body, query, ...options } = (args ?? {}) as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: Record<string, unknown>;
  } & RequestOptions;
  const url = endpointUrl(definition, params, query);
  // A POST or PATCH the API reads no body from still sends {}, as the spec's client always did.
  const sentBody = definition.method === 'GET' || definition.method === 'DELETE' ? undefined : (body ?? {});
  const data = await apiRequest<EndpointResponse<E>>(definition.method, url, sentBody, options);
  if (process.env.NODE_ENV !== 'production' && definition.response && !(data === null && options.on401)) {
    const checked = definition.response.safeParse(data);
    if (!checked.success) {
      const issues = checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      throw new ContractViolation(`${definition.method} ${definition.path}`, issues.slice(0, 5).join('; '));
    }
  }
  return data;
}

/** The query key of a GET endpoint (see `endpointKey` in @aide/contracts). */
export function queryKeyOf<E extends EndpointDefinition>(
  definition: E,
  ...[args]: EndpointHasParams<E> extends true
    ? [args: { params: EndpointParams<E>; query?: EndpointQuery<E> }]
    : [args?: { query?: EndpointQuery<E> }]
): QueryKey {
  const { params, query } = (args ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
  };
  return endpointKey(definition.path, params, query);
}

/**
 * `useQuery` options for a GET endpoint: its key and a query function calling it, e.g.
 * `useQuery(endpointQuery(tasksEndpoints.list))`.
 */
export function endpointQuery<E extends EndpointDefinition>(definition: E, ...[args]: ArgsParameter<E>) {
  const { params, query } = (args ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
  };
  return {
    queryKey: endpointKey(definition.path, params, query),
    queryFn: ({ signal }: QueryFunctionContext) =>
      callEndpoint(definition, ...([{ ...(args ?? {}), signal }] as unknown as ArgsParameter<E>)),
  };
}

/**
 * Refetches what a successful call of `definition` made stale (its `invalidates` paths) and
 * resolves when they are fresh, so a mutation can stay pending until its list shows the change.
 */
export function invalidateAfter(queryClient: QueryClient, definition: EndpointDefinition): Promise<unknown> {
  return Promise.all((definition.invalidates ?? []).map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
}
