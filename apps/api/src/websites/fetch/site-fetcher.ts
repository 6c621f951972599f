import { readFileSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Env } from '../../config/env.schema';
import { OutboundPolicy } from '../../outbound/outbound-policy';
import { trustedCas } from '../../outbound/pinned-http';
import {
  charsetOf,
  headerOf,
  SAFE_FETCH_LIMITS,
  safeFetch,
  SafeFetchError,
  type SafeFetchOptions,
  type SafeFetchResponse,
} from '../../outbound/safe-fetch';

export { headerOf };

/** The user agent the Website Manager fetches as (robots.txt groups for it are honoured by the backup). */
export const SITE_USER_AGENT = 'AideSiteBot';
const USER_AGENT_HEADER = `Mozilla/5.0 (compatible; ${SITE_USER_AGENT}/1.0)`;

export const SITE_FETCH_LIMITS = SAFE_FETCH_LIMITS;

export interface SiteFetcherOptions {
  timeoutMs: number;
  /** Which addresses may be fetched (OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
  policy: OutboundPolicy;
  /** PEM certificates trusted besides Node's usual ones. */
  extraCa?: string;
}

/** A request to a site: safeFetch's own options, less what the fetcher sets (policy, timeout, CAs). */
export type SiteRequest = Pick<
  SafeFetchOptions,
  'method' | 'headers' | 'body' | 'followRedirects' | 'readBody' | 'maxBytes' | 'signal'
>;

/** An answer from a site (safeFetch's, less the parsed content type). */
export type SiteResponse = Omit<SafeFetchResponse, 'mimeType'>;

/** Why a request got no answer, in words for the user ('connection refused', 'timed out after 10000 ms'). */
export { SafeFetchError as SiteFetchError };

/**
 * Requests to a user's own website for the audit, the backup, the security check and WordPress
 * publishing, through safeFetch, the one safe outbound request (outbound/safe-fetch.ts: the
 * outbound policy on every hop, a timeout over the whole request, a cap on the bytes read), with the
 * Website Manager's user agent, timeout and trusted certificates. Any HTTP status is an answer; only no answer throws
 * (SiteFetchError).
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
    const { url, status, headers, body, truncated } = await safeFetch(address, {
      ...request,
      headers: { 'user-agent': USER_AGENT_HEADER, ...request.headers },
      policy: this.options.policy,
      timeoutMs: this.options.timeoutMs,
      ca: this.ca,
    });
    return { url, status, headers, body, truncated };
  }
}

/** The body as text (its charset if stated, else UTF-8). */
export function textOf(response: SiteResponse): string {
  const charset = charsetOf(response.headers);
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}

export const mimeTypeOf = (response: SiteResponse) =>
  headerOf(response.headers, 'content-type').split(';')[0].trim().toLowerCase();
