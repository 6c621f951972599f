import { type SiteFetcher, SiteFetchError } from '../fetch/site-fetcher';

export interface ProbeResult {
  /** Answered 2xx or 3xx (after the fetcher's redirects) within its timeout. */
  ok: boolean;
  statusCode: number | null;
  /** From the request to the last response's headers. */
  responseMs: number | null;
  /** Why it is down ('HTTP 503', 'timed out after 10000 ms', 'connection refused'…); null when up. */
  error: string | null;
}

/**
 * One uptime check: GET the address through the site fetcher (its timeout, redirects with every hop
 * checked, no private networks unless OUTBOUND_ALLOW_PRIVATE_NETWORKS), reading only the status and
 * the time to the headers; the body is never downloaded. Never throws for a site that does not answer.
 */
export async function probe(fetcher: SiteFetcher, address: string): Promise<ProbeResult> {
  const started = performance.now();
  try {
    const { status } = await fetcher.fetch(address, { readBody: false });
    const ok = status >= 200 && status < 400;
    return {
      ok,
      statusCode: status,
      responseMs: Math.round(performance.now() - started),
      error: ok ? null : `HTTP ${status}`,
    };
  } catch (error) {
    if (error instanceof SiteFetchError) return { ok: false, statusCode: null, responseMs: null, error: error.message };
    throw error;
  }
}
