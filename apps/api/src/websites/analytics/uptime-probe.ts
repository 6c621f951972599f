import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../../research/pipeline/page-reader/private-address.util';

export interface ProbeOptions {
  timeoutMs: number;
  /** Whether loopback and private addresses may be checked (WEBSITE_UPTIME_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateNetworks: boolean;
}

export interface ProbeResult {
  /** Answered 2xx or 3xx (after following up to MAX_REDIRECTS redirects) within the timeout. */
  ok: boolean;
  statusCode: number | null;
  /** From the request to the last response's headers. */
  responseMs: number | null;
  /** Why it is down ('HTTP 503', 'timed out after 10000 ms', 'connection refused'…); null when up. */
  error: string | null;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = { 'user-agent': 'Mozilla/5.0 (compatible; AideUptime/1.0)', accept: 'text/html,*/*;q=0.8' };

class Refused extends Error {}

/**
 * One uptime check: GET the address, following redirects by hand so that every hop's address is
 * checked (no private networks unless allowed; the connection is pinned to the checked address,
 * so DNS cannot rebind it). Only the status and the time to the headers are read; the body is
 * discarded. Never throws.
 */
export async function probe(address: string, options: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused(`not an http(s) address (${url.protocol})`);
      const addresses = await checkedAddresses(url.hostname.replace(/^\[|\]$/g, ''), options);
      const response = await get(url, addresses, signal);
      const status = response.statusCode ?? 0;
      response.destroy();
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        if (redirects === MAX_REDIRECTS) throw new Refused(`too many redirects (more than ${MAX_REDIRECTS})`);
        url = new URL(location, url);
        continue;
      }
      const responseMs = Math.round(performance.now() - started);
      const ok = status >= 200 && status < 400;
      return { ok, statusCode: status, responseMs, error: ok ? null : `HTTP ${status}` };
    }
  } catch (error) {
    if (signal.aborted) return { ok: false, statusCode: null, responseMs: null, error: `timed out after ${options.timeoutMs} ms` };
    return { ok: false, statusCode: null, responseMs: null, error: describe(error) };
  }
}

async function checkedAddresses(host: string, options: ProbeOptions): Promise<{ address: string; family: number }[] | null> {
  if (options.allowPrivateNetworks) return null;
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new Refused('host not found');
    }
  }
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address))) throw new Refused('refused: address on a private network');
  return addresses;
}

function get(url: URL, addresses: { address: string; family: number }[] | null, signal: AbortSignal): Promise<IncomingMessage> {
  const lookup: LookupFunction | undefined = addresses
    ? (_host, options, callback) => {
        if (options.all) (callback as (error: null, all: { address: string; family: number }[]) => void)(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      }
    : undefined;
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, { method: 'GET', headers: HEADERS, signal, lookup, agent: false }, resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function describe(error: unknown): string {
  if (error instanceof Refused) return error.message;
  const found = error as { code?: string; message?: string; cause?: { code?: string } };
  const code = found?.code ?? found?.cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection closed by the server';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (code === 'ETIMEDOUT') return 'connection timed out';
  if (code.startsWith('HPE_')) return 'the server answered something that is not HTTP';
  if (/CERT|TLS|SSL/.test(code)) return `secure connection failed (${code})`;
  return (found?.message ?? String(error)).slice(0, 200);
}
