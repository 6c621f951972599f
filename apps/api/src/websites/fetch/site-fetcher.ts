import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.schema';
import { OutboundPolicy, OutboundRefusedError } from '../../outbound/outbound-policy';
import { sendPinned, trustedCas } from '../../outbound/pinned-http';

/** The user agent the Website Manager fetches as (robots.txt groups for it are honoured by the backup). */
export const SITE_USER_AGENT = 'AideSiteBot';
const USER_AGENT_HEADER = `Mozilla/5.0 (compatible; ${SITE_USER_AGENT}/1.0)`;

export const SITE_FETCH_LIMITS = {
  /** Bytes of one answer read at most (after decompression); the rest is never downloaded. */
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export interface SiteFetcherOptions {
  timeoutMs: number;
  /** Which addresses may be fetched (OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  policy: OutboundPolicy;
  /** PEM certificates trusted besides Node's usual ones. */
  extraCa?: string;
}

export interface SiteRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** GET/HEAD only: follow redirects (each hop's address checked). Default true. */
  followRedirects?: boolean;
  /** Read the body (GET/POST); default true. */
  readBody?: boolean;
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface SiteResponse {
  /** Where the answer came from, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Whether the body was cut at maxBytes. */
  truncated: boolean;
}

/** Why a request got no answer, in words for the user ('connection refused', 'timed out after 10000 ms'). */
export class SiteFetchError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Requests to a user's own website for the audit, the backup, the security check and WordPress
 * publishing — the same safety as research's page reader: a timeout over the whole request, a cap
 * on the bytes read, redirects followed by hand with every hop's scheme and address checked by the
 * outbound policy (no loopback or private addresses unless OUTBOUND_ALLOW_PRIVATE_NETWORKS; the
 * connection is pinned to the checked address, so DNS cannot rebind it). Any HTTP status is an answer; only no answer throws.
 */
@Injectable()
export class SiteFetcher {
  private readonly options: SiteFetcherOptions;
  private readonly ca: string[] | undefined;

  /** Nest passes the ConfigService and the policy; tests may pass the options. */
  constructor(
    @Inject(ConfigService) source: ConfigService<Env, true> | SiteFetcherOptions,
    @Inject(OutboundPolicy) policy?: OutboundPolicy,
  ) {
    if (source instanceof ConfigService) {
      const caFile = source.get('WEBSITE_EXTRA_CA_FILE', { infer: true });
      this.options = {
        timeoutMs: source.get('WEBSITE_FETCH_TIMEOUT_MS', { infer: true }),
        policy: policy ?? new OutboundPolicy(),
        extraCa: caFile ? readFileSync(caFile, 'utf8') : undefined,
      };
    } else {
      this.options = source;
    }
    this.ca = trustedCas(this.options.extraCa);
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  async fetch(address: string, request: SiteRequest = {}): Promise<SiteResponse> {
    request.signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    try {
      return await this.follow(address, request, signal);
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (timeout.aborted) throw new SiteFetchError(`timed out after ${this.options.timeoutMs} ms`);
      if (error instanceof SiteFetchError) throw error;
      throw new SiteFetchError(describeError(error));
    }
  }

  private async follow(address: string, request: SiteRequest, signal: AbortSignal): Promise<SiteResponse> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new SiteFetchError('not a valid address');
    }
    const method = request.method ?? 'GET';
    const followRedirects = method !== 'POST' && request.followRedirects !== false;
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new SiteFetchError(`refused: not an http(s) address (${url.protocol})`);
      const target = await this.checked(url.hostname, signal);
      const response = await send(url, target, method, request, this.ca, signal);
      const status = response.statusCode ?? 0;
      if (followRedirects && REDIRECTS.has(status) && response.headers.location) {
        response.destroy();
        if (redirects === SITE_FETCH_LIMITS.maxRedirects)
          throw new SiteFetchError(`too many redirects (more than ${SITE_FETCH_LIMITS.maxRedirects})`);
        url = new URL(response.headers.location, url);
        continue;
      }
      if (method === 'HEAD' || request.readBody === false) {
        response.destroy();
        return { url: url.href, status, headers: response.headers, body: Buffer.alloc(0), truncated: false };
      }
      const { body, truncated } = await readCapped(decoded(response), request.maxBytes ?? SITE_FETCH_LIMITS.maxBytes);
      return { url: url.href, status, headers: response.headers, body, truncated };
    }
  }

  /** The host resolved once and every address checked (OutboundPolicy); the request connects only to those. */
  private async checked(host: string, signal: AbortSignal) {
    try {
      return await this.options.policy.resolve(host, signal);
    } catch (error) {
      if (!(error instanceof OutboundRefusedError)) throw error;
      throw new SiteFetchError(
        error.reason === 'not-found' ? `host not found (${host})` : 'refused: address on a private network',
      );
    }
  }
}

function send(
  url: URL,
  target: Parameters<typeof sendPinned>[1],
  method: string,
  request: SiteRequest,
  ca: string[] | undefined,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT_HEADER,
    'accept-encoding': 'gzip, deflate, br',
    ...request.headers,
  };
  return sendPinned(url, target, { method, headers, body: request.body, signal, ca });
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
    throw new SiteFetchError(`unsupported content encoding (${encoding})`);
  }
  return decoder ? pipeline(response, decoder, () => undefined) : response;
}

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

function describeError(error: unknown): string {
  const found = error as { code?: string; message?: string; cause?: { code?: string } };
  const code = found?.code ?? found?.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection closed by the server';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (code === 'ETIMEDOUT') return 'connection timed out';
  if (code.startsWith('HPE_')) return 'the server answered something that is not HTTP';
  if (/CERT|TLS|SSL/.test(code)) return `secure connection failed (${code})`;
  return `could not reach the site: ${found?.message ?? String(error)}`;
}

/** The header's value as one string ('' when absent). */
export function headerOf(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** The body as text (its charset if stated, else UTF-8). */
export function textOf(response: SiteResponse): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(headerOf(response.headers, 'content-type'))?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}

export const mimeTypeOf = (response: SiteResponse) =>
  headerOf(response.headers, 'content-type').split(';')[0].trim().toLowerCase();
