import type { ApiErrorBody } from '@aide/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin (scheme://host[:port]) of a URL, or undefined for anything unparsable or opaque ('null'). */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

export interface CsrfOriginOptions {
  /** PUBLIC_URL when set: the one origin pages are served from. Otherwise the request's own. */
  publicUrl?: string;
  /**
   * Exact paths that other sites may POST to: endpoints that read no session and act for no
   * user (the websites' tracking collector, /api/collect). Nothing else is exempt.
   */
  crossSitePaths?: readonly string[];
}

/**
 * Refuses cross-site state-changing calls: a POST, PUT, PATCH or DELETE to any path whose Origin
 * header (or, without one, Referer) names another origin than this app's — PUBLIC_URL's when set,
 * else the request's own protocol and host (the forwarded ones behind a trusted proxy) — answers
 * 403 { message: 'Cross-site request refused' }. `Origin: null` (sandboxed or privacy-stripped
 * contexts) counts as foreign. A request with neither header (curl, server-to-server, tests) passes:
 * browsers send Origin on every cross-origin POST, and the SameSite=Lax session cookie covers the
 * old ones that do not.
 *
 * Every path is checked, not only those spelled '/api/…': a rule keyed on the spelling missed
 * '/API/documents' while Express still routed it (routing is now case-sensitive too). The exempt
 * paths match exactly as written, the one spelling that reaches their route.
 */
export function csrfOriginCheck({ publicUrl, crossSitePaths = [] }: CsrfOriginOptions = {}): RequestHandler {
  const publicOrigin = publicUrl ? originOf(publicUrl) : undefined;
  const exempt = new Set(crossSitePaths);
  return (request: Request, response: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(request.method)) return next();
    if (request.method === 'POST' && exempt.has(request.path)) return next();
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    const claimed = origin !== undefined ? origin : referer;
    if (claimed === undefined) return next();

    const own = publicOrigin ?? originOf(`${request.protocol}://${request.host}`);
    const from = originOf(claimed);
    if (from !== undefined && own !== undefined && from.toLowerCase() === own.toLowerCase()) return next();

    const body: ApiErrorBody = { message: CROSS_SITE_REFUSED };
    response.status(403).json(body);
  };
}
