import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { concatMap, type Observable } from 'rxjs';
import { ActivityLogService, type NewActivity } from './activity-log.service';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The activity entry for a mutation that succeeded: who (the session user after the handler, so
 * sign-up and sign-in count as the new user's, else the one before, so sign-out counts as theirs),
 * what ('PATCH /api/tasks/:id'), on what ('/api/tasks/12') and how it ended ({ status, params }).
 * The request body is never read: it may hold a password.
 */
export function describeActivity(request: Request, response: Response, userBefore: number | null): NewActivity {
  const path = request.originalUrl.split('?')[0];
  const route: unknown = (request.route as { path?: unknown } | undefined)?.path;
  return {
    userId: request.user?.id ?? userBefore,
    action: `${request.method} ${typeof route === 'string' ? route : path}`,
    resource: path,
    metadata: { status: response.statusCode, params: { ...request.params } as Record<string, string> },
  };
}

/**
 * Registered once, globally (APP_INTERCEPTOR): after every POST, PUT, PATCH or DELETE whose
 * handler did not throw, records one activity row before the response goes out. Rejected
 * requests (guards, validation, errors) record nothing; reads are never recorded, nor are
 * mutations with no user before or after the handler (e.g. signing out while signed out).
 */
@Injectable()
export class ActivityLogInterceptor implements NestInterceptor {
  constructor(private readonly activity: ActivityLogService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!MUTATIONS.has(request.method)) return next.handle();
    const userBefore = request.user?.id ?? null;
    return next.handle().pipe(
      concatMap(async (value: unknown) => {
        const response = http.getResponse<Response>();
        const activity = describeActivity(request, response, userBefore);
        // A deleted account leaves no row behind, its deletion's entry included (account-data).
        if (activity.userId !== null && !response.locals.accountDeleted) await this.activity.record(activity);
        return value;
      }),
    );
  }
}
