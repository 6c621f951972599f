import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

export const BEHIND_PROXY_WARNING =
  'Requests carry X-Forwarded-For or X-Forwarded-Proto, so the app seems to be behind a proxy, but TRUST_PROXY is false: ' +
  'set TRUST_PROXY=true for Secure session cookies and per-client rate limits (every client now counts as the proxy).';

/**
 * Installed while TRUST_PROXY is false: the first request carrying X-Forwarded-For or
 * X-Forwarded-Proto logs one warning; later requests pass through silently. configureApp
 * installs one per app, so the warning appears once per process.
 */
export function forwardedHeadersWarning(logger = new Logger('TrustProxy')) {
  let warned = false;
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (
      !warned &&
      (request.headers['x-forwarded-for'] !== undefined || request.headers['x-forwarded-proto'] !== undefined)
    ) {
      warned = true;
      logger.warn(BEHIND_PROXY_WARNING);
    }
    next();
  };
}
