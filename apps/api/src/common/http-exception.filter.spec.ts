import 'reflect-metadata';
import { BadRequestException, type ArgumentsHost, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { HttpExceptionFilter, localizeErrorBody } from './http-exception.filter';

function respond(exception: unknown) {
  const sent: { status?: number; body?: unknown } = {};
  const response = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  };
  const host = {
    switchToHttp: () => ({
      getRequest: () => ({ method: 'POST', originalUrl: '/api/tasks?secret=1' }),
      getResponse: () => response,
    }),
  } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return sent;
}

describe('HttpExceptionFilter', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => (logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined)));
  afterEach(() => logged.mockRestore());

  it("answers an unexpected error with 500 'Internal server error' and logs it with its stack", () => {
    const error = new Error('connect ECONNREFUSED 10.0.0.5:5432');
    expect(respond(error)).toEqual({ status: 500, body: { message: 'Internal server error' } });
    expect(logged).toHaveBeenCalledWith('POST /api/tasks answered 500', error.stack);
  });

  it('never shows SQL or driver details', () => {
    const error = new QueryFailedError(
      'SELECT * FROM "users" WHERE "passwordHash" = $1',
      ['x'],
      new Error('syntax error'),
    );
    const { status, body } = respond(error);
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toMatch(/SELECT|passwordHash|syntax/);
  });

  it("keeps the status and message of an HTTP exception, without Nest's extra fields", () => {
    expect(respond(new NotFoundException('Task not found'))).toEqual({
      status: 404,
      body: { message: 'Task not found' },
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it('keeps the field errors of a validation failure', () => {
    const body = { message: 'Title is required', errors: [{ path: 'title', message: 'Title is required' }] };
    expect(respond(new BadRequestException(body))).toEqual({ status: 400, body });
  });

  it("answers body-parser's JSON syntax error with 'Malformed JSON in request body'", () => {
    const cause = Object.assign(new SyntaxError('Unexpected end of JSON input'), {
      type: 'entity.parse.failed',
      status: 400,
    });
    expect(respond(new BadRequestException(cause.message, { cause }))).toEqual({
      status: 400,
      body: { message: 'Malformed JSON in request body' },
    });
  });

  it('answers an oversized body with 413 and the limit', () => {
    const cause = Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 });
    expect(respond(new HttpException('request entity too large', 413, { cause }))).toEqual({
      status: 413,
      body: { message: 'Request body is too large (the limit is 1 MB)' },
    });
  });
});

describe('localizeErrorBody', () => {
  it('translates the message and each field message by Accept-Language', () => {
    const body = {
      message: 'Title is required; End time must be after start time',
      errors: [
        { path: 'title', message: 'Title is required' },
        { path: 'endTime', message: 'End time must be after start time' },
      ],
    };
    expect(localizeErrorBody(body, 'de-CH, de;q=0.9')).toEqual({
      message: 'Der Titel ist erforderlich; Die Endzeit muss nach der Startzeit liegen',
      errors: [
        { path: 'title', message: 'Der Titel ist erforderlich' },
        { path: 'endTime', message: 'Die Endzeit muss nach der Startzeit liegen' },
      ],
    });
  });

  it('keeps English, a missing header and a language we do not speak as they are', () => {
    const body = { message: 'Task not found' };
    for (const header of ['en-US', undefined, 'pt-BR']) expect(localizeErrorBody(body, header)).toEqual(body);
  });
});
