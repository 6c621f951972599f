import type { IncomingHttpHeaders } from 'node:http';
import { SECURITY_CHECKS, type SecurityCheckId, type SecurityCheckResult } from '@aide/contracts';
import type { PageFacts } from '../fetch/page-facts';
import { headerOf } from '../fetch/site-fetcher';

/** HSTS max-age of at least 180 days (what scanners such as Mozilla Observatory ask for). */
const HSTS_MIN_SECONDS = 180 * 86_400;

const check = (id: SecurityCheckId, passed: boolean, detail: string, recommendation: string): SecurityCheckResult => ({
  id,
  label: SECURITY_CHECKS.find((c) => c.id === id)!.label,
  passed,
  detail,
  recommendation: passed ? null : recommendation,
});

/** The documented security checks (SECURITY_CHECKS) of a page from its final address, headers and what it loads. */
export function securityChecks(
  pageUrl: string,
  headers: IncomingHttpHeaders,
  page: PageFacts | null,
): SecurityCheckResult[] {
  const secure = pageUrl.startsWith('https:');
  const hsts = headerOf(headers, 'strict-transport-security');
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(hsts)?.[1] ?? NaN);
  const csp = headerOf(headers, 'content-security-policy');
  const frameOptions = headerOf(headers, 'x-frame-options').trim().toUpperCase();
  const frameAncestors = /(^|;)\s*frame-ancestors\s/i.test(csp);
  const nosniff = headerOf(headers, 'x-content-type-options').trim().toLowerCase() === 'nosniff';
  const referrer = headerOf(headers, 'referrer-policy').trim();
  const insecure = secure && page ? page.resources.filter((resource) => resource.url.startsWith('http:')) : [];
  const versioned = [
    ['Server', headerOf(headers, 'server')],
    ['X-Powered-By', headerOf(headers, 'x-powered-by')],
  ].filter(([, value]) => /\d/.test(value));

  return [
    check(
      'https',
      secure,
      secure
        ? 'The page is served over HTTPS'
        : 'The page is served over plain HTTP: what visitors send and see can be read and changed on the way',
      'Serve the site over HTTPS and redirect HTTP to it.',
    ),
    check(
      'hsts',
      secure && maxAge >= HSTS_MIN_SECONDS,
      !secure
        ? 'HSTS needs HTTPS'
        : hsts
          ? `Strict-Transport-Security: ${hsts}`
          : 'No Strict-Transport-Security header',
      `Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" over HTTPS (a max-age of at least ${HSTS_MIN_SECONDS} seconds).`,
    ),
    check(
      'csp',
      csp.length > 0,
      csp ? `Content-Security-Policy: ${csp.slice(0, 200)}` : 'No Content-Security-Policy header',
      "Send a Content-Security-Policy limiting where scripts, styles and frames may come from (start with default-src 'self').",
    ),
    check(
      'contentTypeOptions',
      nosniff,
      nosniff ? 'X-Content-Type-Options: nosniff' : 'No X-Content-Type-Options: nosniff header',
      'Send "X-Content-Type-Options: nosniff" so browsers do not guess content types.',
    ),
    check(
      'frameOptions',
      frameOptions === 'DENY' || frameOptions === 'SAMEORIGIN' || frameAncestors,
      frameAncestors
        ? 'The Content-Security-Policy sets frame-ancestors'
        : frameOptions
          ? `X-Frame-Options: ${frameOptions}`
          : 'Other sites may show this page in a frame',
      'Send "X-Frame-Options: SAMEORIGIN" (or a CSP frame-ancestors directive) so other sites cannot frame the page (clickjacking).',
    ),
    check(
      'referrerPolicy',
      referrer.length > 0,
      referrer ? `Referrer-Policy: ${referrer}` : 'No Referrer-Policy header',
      'Send "Referrer-Policy: strict-origin-when-cross-origin" so full addresses are not leaked to other sites.',
    ),
    check(
      'mixedContent',
      secure && insecure.length === 0,
      !secure
        ? 'The page is not served over HTTPS, so everything it loads travels unencrypted'
        : insecure.length
          ? `${insecure.length} resource${insecure.length === 1 ? '' : 's'} loaded over HTTP: ${insecure
              .slice(0, 3)
              .map((r) => r.url)
              .join(', ')}`
          : 'Everything the page loads comes over HTTPS',
      secure
        ? 'Load every script, style, image and frame over HTTPS.'
        : 'Serve the site over HTTPS, and everything it loads.',
    ),
    check(
      'serverVersion',
      versioned.length === 0,
      versioned.length
        ? `The server names its version: ${versioned.map(([name, value]) => `${name}: ${value}`).join('; ')}`
        : 'No server version is disclosed',
      'Configure the server not to send version numbers (e.g. server_tokens off in nginx, ServerTokens Prod in Apache, no X-Powered-By).',
    ),
  ];
}
