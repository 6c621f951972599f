import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Paths whose last segment is a credential (the iCalendar feed's secret token): logged as '***'. */
const SECRET_PATHS = [/^(\/api\/calendar\/feed\/)[^/]+$/];
const redact = (path: string) => SECRET_PATHS.reduce((p, pattern) => p.replace(pattern, '$1***'), path);

/** Logs one line per request when it ends: "GET /api/tasks 200 3ms" (no query strings, no secrets). */
export function requestLogger(logger = new Logger('HTTP')) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      const path = redact(request.originalUrl.split('?')[0]);
      const outcome = response.writableFinished ? String(response.statusCode) : `${response.statusCode} (aborted)`;
      logger.log(`${request.method} ${path} ${outcome} ${ms}ms`);
    });
    next();
  };
}
