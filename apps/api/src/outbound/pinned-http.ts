import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { type CheckedTarget, pinnedLookup } from './outbound-policy';

export interface PinnedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  signal: AbortSignal;
  /** Certificate authorities trusted for https (Node's own when unset). */
  ca?: string[];
}

/**
 * One http(s) request connected only to the target's checked addresses (the URL's host still names
 * the server for Host, SNI and the certificate). No agent: one connection per request, closed with
 * it, so no socket outlives a request. Redirects are the caller's to follow, each hop resolved
 * through OutboundPolicy again.
 */
export function sendPinned(url: URL, target: CheckedTarget, request: PinnedRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const options = {
      method: request.method,
      headers,
      signal: request.signal,
      lookup: pinnedLookup(target),
      agent: false as const,
      ...(secure && request.ca ? { ca: request.ca } : {}),
    };
    const outgoing = (secure ? https : http).request(url, options, resolve);
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Node's certificate authorities plus an operator's own (PEM), or undefined for Node's alone. */
export function trustedCas(extraPem: string | undefined): string[] | undefined {
  return extraPem ? [...rootCertificates, extraPem] : undefined;
}
