import type { ApiErrorBody } from '@aide/contracts';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';

export const MALFORMED_JSON = 'Malformed JSON in request body';
export const BODY_TOO_LARGE = 'Request body is too large (the limit is 1 MB)';
export const INTERNAL_ERROR = 'Internal server error';

/** body-parser's errors reach the filter as HttpExceptions whose cause carries a `type`. */
function bodyParserFailure(cause: unknown): { status: number; body: ApiErrorBody } | undefined {
  const type = typeof cause === 'object' && cause !== null ? (cause as { type?: unknown }).type : undefined;
  if (type === 'entity.parse.failed') return { status: HttpStatus.BAD_REQUEST, body: { message: MALFORMED_JSON } };
  if (type === 'entity.too.large') return { status: HttpStatus.PAYLOAD_TOO_LARGE, body: { message: BODY_TOO_LARGE } };
  return undefined;
}

function messageOf(response: string | object, fallback: string): ApiErrorBody {
  if (typeof response === 'string') return { message: response };
  const { message, errors } = response as { message?: unknown; errors?: unknown };
  const text = typeof message === 'string' ? message : Array.isArray(message) ? message.join('; ') : fallback;
  return Array.isArray(errors) ? { message: text, errors: errors as ApiErrorBody['errors'] } : { message: text };
}

/**
 * What any thrown value answers: an HttpException keeps its status and message (plus `errors`
 * from validation); anything else is a 500 with a generic message, so no stack, SQL or driver
 * detail reaches a client.
 */
export function toErrorResponse(exception: unknown): { status: number; body: ApiErrorBody } {
  if (!(exception instanceof HttpException)) {
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { message: INTERNAL_ERROR } };
  }
  return (
    bodyParserFailure(exception.cause) ?? {
      status: exception.getStatus(),
      body: messageOf(exception.getResponse(), exception.message),
    }
  );
}

/** Shapes every error as `{ message[, errors] }` and logs server faults with their stack. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const { status, body } = toErrorResponse(exception);

    if (status >= 500) {
      const detail = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`${request.method} ${request.originalUrl.split('?')[0]} answered ${status}`, detail);
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    response.status(status).json(body);
  }
}
