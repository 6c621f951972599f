import type { NextFunction, Request, Response } from 'express';
import { canonicalPath, isUnderPath } from './canonical-path';

/**
 * `Cache-Control: no-store` on every answer under /api, set before any route runs: what the API
 * answers belongs to one signed-in person, and a shared computer's browser cache or a proxy must
 * not keep it. A route that may be cached says so itself and replaces it (the tracking script, the
 * calendar feed, the event stream); the static frontends are outside /api and keep their own.
 */
export function noStoreUnderApi() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (isUnderPath('/api', canonicalPath(request.path))) response.setHeader('Cache-Control', 'no-store');
    next();
  };
}
