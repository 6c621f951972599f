import { type ApiErrorBody, messageLocaleFrom } from '@aide/contracts';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { serverMessage } from './server-messages';

export const MALFORMED_JSON = 'Malformed JSON in request body';
export const BODY_TOO_LARGE = 'Request body is too large (the limit is 1 MB)';
export const INTERNAL_ERROR = 'Internal server error';
export const BODY_NOT_DECOMPRESSED =
  'The request body could not be decompressed: it is not valid data for its Content-Encoding';
export const unsupportedContentEncoding = (encoding: string) =>
  `Content-Encoding ${JSON.stringify(encoding.slice(0, 40))} is not supported: send the body uncompressed, or as gzip, deflate or br`;
export const unsupportedCharset = (charset: string) =>
  `The charset ${JSON.stringify(charset.slice(0, 40))} is not supported: send UTF-8`;

/**
 * body-parser's errors reach the filter as HttpExceptions whose cause carries a `type`, except a
 * body that fails to inflate: then the cause is zlib's own error ('incorrect header check',
 * Z_DATA_ERROR; brotli's ERR_…), whose text means nothing to a client.
 */
function bodyParserFailure(cause: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (typeof cause !== 'object' || cause === null) return undefined;
  const { type, code, encoding, charset } = cause as {
    type?: unknown;
    code?: unknown;
    encoding?: unknown;
    charset?: unknown;
  };
  if (type === 'entity.parse.failed') return { status: HttpStatus.BAD_REQUEST, body: { message: MALFORMED_JSON } };
  if (type === 'entity.too.large') return { status: HttpStatus.PAYLOAD_TOO_LARGE, body: { message: BODY_TOO_LARGE } };
  if (type === 'encoding.unsupported') {
    return {
      status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      body: { message: unsupportedContentEncoding(typeof encoding === 'string' ? encoding : '') },
    };
  }
  if (type === 'charset.unsupported') {
    return {
      status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
      body: { message: unsupportedCharset(typeof charset === 'string' ? charset : '') },
    };
  }
  if (type === undefined && typeof code === 'string' && /^(Z_|ERR_)/.test(code)) {
    return { status: HttpStatus.BAD_REQUEST, body: { message: BODY_NOT_DECOMPRESSED } };
  }
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

/**
 * The error body in the request's language (its Accept-Language, which the app sends on every call):
 * the message and each field's message translated; English, or a language we do not speak, as is.
 */
export function localizeErrorBody(body: ApiErrorBody, acceptLanguage: string | string[] | undefined): ApiErrorBody {
  const locale = messageLocaleFrom(acceptLanguage);
  if (locale === 'en') return body;
  const localized: ApiErrorBody = { ...body, message: serverMessage(body.message, locale) };
  if (body.errors) localized.errors = body.errors.map((e) => ({ ...e, message: serverMessage(e.message, locale) }));
  return localized;
}

/**
 * Shapes every error as `{ message[, errors] }`, in the request's language, and logs server faults
 * with their stack.
 */
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
    response.status(status).json(localizeErrorBody(body, request.headers?.['accept-language']));
  }
}
