import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type OutboundPolicy, OutboundRefusedError } from './outbound-policy';
import { sendPinned } from './pinned-http';

export const SAFE_FETCH_LIMITS = {
  /** Bytes of one answer read at most (after decompression); the rest is never downloaded. */
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export interface SafeFetchOptions {
  /** Which addresses may be contacted (OUTBOUND_ALLOW_PRIVATE_NETWORKS); every hop is checked. */
  policy: OutboundPolicy;
  /** The whole request (every redirect, headers and body) must finish within this. */
  timeoutMs: number;
  method?: 'GET' | 'HEAD' | 'POST';
  /** Sent as given; a user agent and `accept-encoding: gzip, deflate, br` unless set here. */
  headers?: Record<string, string>;
  body?: string;
  /** GET/HEAD only (a POST is never redirected): follow redirects, each hop's address checked. Default true. */
  followRedirects?: boolean;
  /** Read the body (GET/POST); default true. */
  readBody?: boolean;
  maxBytes?: number;
  /**
   * Looked at before the body is downloaded: a reason to refuse this answer (thrown as
   * SafeFetchError with that text, nothing read), or null to read it. E.g. a reader that wants
   * only web pages refuses a PDF here.
   */
  accept?: (answer: { status: number; mimeType: string; headers: IncomingHttpHeaders }) => string | null;
  /** Certificate authorities trusted for https (Node's own when unset; see trustedCas). */
  ca?: string[];
  /** The caller's cancellation (a job's); its reason is thrown as is. */
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  /** Where the answer came from, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The content type without its parameters, lower case ('' when none). */
  mimeType: string;
  body: Buffer;
  /** Whether the body was cut at maxBytes. */
  truncated: boolean;
}

/** Why a request got no usable answer, in words for the user ('connection refused', 'timed out after 10000 ms'). */
export class SafeFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; Aide/1.0)';

/**
 * The one safe HTTP(S) request to an address a user gave (research's pages, a user's website):
 * only http(s); the host resolved once and every address checked by the outbound policy, the
 * connection pinned to a checked address (no DNS rebinding); redirects followed by hand, at most
 * SAFE_FETCH_LIMITS.maxRedirects, each hop checked again; a timeout over the whole request; a cap on
 * the decoded bytes read (a compression bomb stops at the cap); an optional check of the status and
 * content type before any of the body is downloaded. Any HTTP status is an answer; a request that
 * gets none throws SafeFetchError, except that an abort of the caller's signal throws its reason.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  options.signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await follow(address, options, signal);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) throw new SafeFetchError(`timed out after ${options.timeoutMs} ms`);
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError(describeNetworkError(error));
  }
}

async function follow(address: string, options: SafeFetchOptions, signal: AbortSignal): Promise<SafeFetchResponse> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SafeFetchError('not a valid address');
  }
  const method = options.method ?? 'GET';
  const followRedirects = method !== 'POST' && options.followRedirects !== false;
  const headers = { 'user-agent': DEFAULT_USER_AGENT, 'accept-encoding': 'gzip, deflate, br', ...options.headers };
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new SafeFetchError(`refused: not an http(s) address (${url.protocol})`);
    const target = await checked(options.policy, url.hostname, signal);
    const response = await sendPinned(url, target, { method, headers, body: options.body, signal, ca: options.ca });
    const status = response.statusCode ?? 0;
    if (followRedirects && REDIRECTS.has(status) && response.headers.location) {
      response.destroy();
      if (redirects === SAFE_FETCH_LIMITS.maxRedirects)
        throw new SafeFetchError(`too many redirects (more than ${SAFE_FETCH_LIMITS.maxRedirects})`);
      url = new URL(response.headers.location, url);
      continue;
    }
    const mimeType = mimeTypeOf(response.headers);
    const refusal = options.accept?.({ status, mimeType, headers: response.headers }) ?? null;
    if (refusal !== null) {
      response.destroy();
      throw new SafeFetchError(refusal);
    }
    const answer = { url: url.href, status, headers: response.headers, mimeType };
    if (method === 'HEAD' || options.readBody === false) {
      response.destroy();
      return { ...answer, body: Buffer.alloc(0), truncated: false };
    }
    return { ...answer, ...(await readCapped(decoded(response), options.maxBytes ?? SAFE_FETCH_LIMITS.maxBytes)) };
  }
}

/** The host resolved once and every address checked (OutboundPolicy); the request connects only to those. */
async function checked(policy: OutboundPolicy, host: string, signal: AbortSignal) {
  try {
    return await policy.resolve(host, signal);
  } catch (error) {
    if (!(error instanceof OutboundRefusedError)) throw error;
    throw new SafeFetchError(
      error.reason === 'not-found' ? `host not found (${host})` : 'refused: address on a private network',
    );
  }
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (encoding !== 'identity' && !decoder) {
    response.destroy();
    throw new SafeFetchError(`unsupported content encoding (${encoding})`);
  }
  // pipeline destroys both streams when either fails or the reader stops early.
  return decoder ? pipeline(response, decoder, () => undefined) : response;
}

/** Reads at most `maxBytes` and then stops the download; a longer body is cut there. */
async function readCapped(stream: Readable, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      if (chunk.length > room) truncated = true;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= maxBytes) break;
    }
  } finally {
    stream.destroy();
  }
  return { body: Buffer.concat(chunks), truncated };
}

/** A network error as a reason people read (a job's log, a check's result). */
function describeNetworkError(error: unknown): string {
  const found = error as { code?: string; message?: string; cause?: { code?: string } };
  const code = found?.code ?? found?.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection closed by the server';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (code === 'ETIMEDOUT') return 'connection timed out';
  if (code.startsWith('HPE_')) return 'the server answered something that is not HTTP';
  if (/CERT|TLS|SSL/.test(code)) return `secure connection failed (${code})`;
  return `could not connect: ${found?.message ?? String(error)}`;
}

/** The header's value as one string ('' when absent). */
export function headerOf(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The content type without its parameters, lower case ('' when none). */
export const mimeTypeOf = (headers: IncomingHttpHeaders): string =>
  headerOf(headers, 'content-type').split(';')[0].trim().toLowerCase();

/** The charset the content type states, or null. */
export const charsetOf = (headers: IncomingHttpHeaders): string | null =>
  /charset\s*=\s*"?([\w-]+)/i.exec(headerOf(headers, 'content-type'))?.[1] ?? null;
