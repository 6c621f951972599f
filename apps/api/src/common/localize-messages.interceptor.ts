import { messageLocaleFrom } from '@aide/contracts';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { serverMessage } from './server-messages';

/**
 * A successful answer's `{ message }` ("Check your inbox: …", "Your email address is verified.") in
 * the request's language, as the exception filter does for errors (issue 22). Runs outside each
 * route's own interceptors, so a route's contract check still reads the English the spec fixes.
 */
@Injectable()
export class LocalizeMessagesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const locale = messageLocaleFrom(context.switchToHttp().getRequest<Request>().headers?.['accept-language']);
    if (locale === 'en') return next.handle();
    return next.handle().pipe(
      map((body: unknown) => {
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
        const { message } = body as { message?: unknown };
        return typeof message === 'string' ? { ...body, message: serverMessage(message, locale) } : body;
      }),
    );
  }
}
