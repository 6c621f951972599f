import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { canonicalPath } from './canonical-path';

/**
 * Paths below which the last part is a credential (the iCalendar feed's secret token), compared on
 * the canonical path so that '/API/calendar/feed/<token>.ics', '/api//calendar/feed/…' and
 * percent-encoded spellings are caught too, with the exact paths under them that carry no secret.
 */
const SECRET_PREFIXES = [{ prefix: '/api/calendar/feed/', notSecret: new Set(['/api/calendar/feed/regenerate']) }];

/** The path as logged: the request's own spelling, or '<prefix>***' when it carries a secret. */
export function redactedPath(originalUrl: string): string {
  const raw = originalUrl.split('?')[0];
  const canonical = canonicalPath(raw);
  for (const { prefix, notSecret } of SECRET_PREFIXES) {
    if (canonical.startsWith(prefix) && canonical.length > prefix.length && !notSecret.has(canonical))
      return `${prefix}***`;
  }
  return raw;
}

/** Logs one line per request when it ends: "GET /api/tasks 200 3ms" (no query strings, no secrets). */
export function requestLogger(logger = new Logger('HTTP')) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      const path = redactedPath(request.originalUrl);
      const outcome = response.writableFinished ? String(response.statusCode) : `${response.statusCode} (aborted)`;
      logger.log(`${request.method} ${path} ${outcome} ${ms}ms`);
    });
    next();
  };
}
