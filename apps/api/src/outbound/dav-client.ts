import type { IncomingMessage } from 'node:http';
import { OUTBOUND_MESSAGES } from '@aide/contracts';
import { Logger } from '@nestjs/common';
import type { createDAVClient } from 'tsdav';
import { errorChain } from './error-chain';
import type { OutboundPolicy } from './outbound-policy';
import { sendPinned } from './pinned-http';

export type DavClient = Awaited<ReturnType<typeof createDAVClient>>;

export const DAV_LIMITS = {
  /** One request (connection, headers and body) must finish within this. */
  timeoutMs: 30_000,
  /** Bytes of one answer read at most: a calendar's full listing fits easily. */
  maxBytes: 20 * 1024 * 1024,
  maxRedirects: 5,
} as const;

/** What the DAV exchanges with one server showed, for the error a user sees. */
export interface DavExchange {
  /** The server answered 401 at least once: the credentials, not the address, are wrong. */
  sawUnauthorized: boolean;
}

const logger = new Logger('CalDAV');

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose Response must have no body (the Fetch standard's null-body statuses). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch for tsdav that goes only where the outbound policy allows: every request's host is
 * resolved and checked and the connection pinned to the checked address; redirects are followed
 * by hand, each hop checked the same way (a cross-origin hop loses the Authorization header, as
 * fetch does); `redirect: 'manual'` (tsdav's .well-known discovery) hands the 3xx back, and the
 * address tsdav then asks for comes through here and is checked too.
 */
export function policedFetch(
  policy: OutboundPolicy,
  exchange: DavExchange,
  limits: { timeoutMs: number; maxBytes: number } = DAV_LIMITS,
): typeof fetch {
  const send = exchangeWithServer(policy, exchange, limits);
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    try {
      return await send(url, init);
    } catch (error) {
      // Refused by the policy, refused by the port, silent, or not HTTP: the same words for all.
      logger.warn(`${init.method ?? 'GET'} ${url.origin}${url.pathname} not answered: ${errorChain(error)}`);
      throw new Error(OUTBOUND_MESSAGES.couldNotConnect(url.hostname), { cause: error });
    }
  };
}

function exchangeWithServer(
  policy: OutboundPolicy,
  exchange: DavExchange,
  limits: { timeoutMs: number; maxBytes: number },
) {
  return async (start: URL, init: RequestInit): Promise<Response> => {
    let url = start;
    let method = (init.method ?? 'GET').toUpperCase();
    let body =
      typeof init.body === 'string'
        ? init.body
        : init.body == null
          ? undefined
          : Buffer.from(await new Response(init.body).arrayBuffer());
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new Error(`refused: not an http(s) address (${url.protocol})`);
      const target = await policy.resolve(url.hostname, signal);
      const response = await sendPinned(url, target, { method, headers, body, signal });
      const status = response.statusCode ?? 0;
      if (status === 401) exchange.sawUnauthorized = true;
      const location = response.headers.location;
      if (init.redirect !== 'manual' && REDIRECTS.has(status) && location) {
        response.destroy();
        if (init.redirect === 'error' || redirects === DAV_LIMITS.maxRedirects)
          throw new Error(`too many redirects or redirect refused (${status} to ${location})`);
        const next = new URL(location, url);
        if (next.origin !== url.origin) delete headers.authorization;
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          delete headers['content-type'];
        }
        url = next;
        continue;
      }
      const payload = await readCapped(response, limits.maxBytes);
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
          responseHeaders.append(name, one);
      }
      const answer = new Response(NULL_BODY.has(status) || method === 'HEAD' ? null : new Uint8Array(payload), {
        status: status >= 200 && status <= 599 ? status : 502,
        statusText: response.statusMessage ?? '',
        headers: responseHeaders,
      });
      Object.defineProperty(answer, 'url', { value: url.href });
      return answer;
    }
  };
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new Error(`the answer is larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * A tsdav client (Basic sign-in, CalDAV account discovery) whose every request goes through
 * policedFetch. `exchange` learns whether the server refused the credentials.
 */
export function createDavClient(
  policy: OutboundPolicy,
  serverUrl: string,
  credentials: { username: string; password: string },
  exchange: DavExchange = { sawUnauthorized: false },
): Promise<DavClient> {
  // Required on the first calendar connection, not at start: about 1 MB of heap most processes never use.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('tsdav') as typeof import('tsdav')).createDAVClient({
    serverUrl,
    credentials,
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
    fetch: policedFetch(policy, exchange),
  });
}
