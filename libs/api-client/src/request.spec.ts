import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  api,
  apiMessage,
  apiRequest,
  errorDetail,
  failureReason,
  isUnauthorizedError,
  setUnauthorizedHandler,
} from './request';
import { createQueryClient } from './query-client';

// A real HTTP server on loopback; the client runs against it with Node's own fetch.
let server: Server;
let base: string;
const seen: { method?: string; contentType?: string; body?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, contentType: req.headers['content-type'], body });
      if (req.url === '/ok') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"a":1}');
      if (req.url === '/empty') return res.writeHead(204).end();
      if (req.url === '/bad') return res.writeHead(400).end('{"message":"Title is required"}');
      if (req.url === '/nobody') return res.writeHead(500, 'Internal Server Error').end();
      if (req.url === '/auth') return res.writeHead(401, 'Unauthorized').end('{"message":"Unauthorized"}');
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => (seen.length = 0));

describe('apiRequest', () => {
  it('parses JSON and sends a JSON body with its content type', async () => {
    await expect(api.post(`${base}/ok`, { title: 'x' })).resolves.toEqual({ a: 1 });
    expect(seen[0]).toEqual({ method: 'POST', contentType: 'application/json', body: '{"title":"x"}' });
  });

  it('sends no body or content type on a GET and returns undefined on 204', async () => {
    await expect(api.get(`${base}/empty`)).resolves.toBeUndefined();
    expect(seen[0]).toEqual({ method: 'GET', contentType: undefined, body: '' });
  });

  it('throws "<status>: <body>" for a non-OK answer, with the readable detail', async () => {
    const error = await api.get(`${base}/bad`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Title is required"}');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).detail).toBe('Title is required');
    // What a toast shows: the API's message, not the raw "<status>: <body>".
    expect(errorDetail(error)).toBe('Title is required');
    expect(errorDetail(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(api.get(`${base}/nobody`)).rejects.toThrow('500: Internal Server Error');
  });

  it('calls the 401 hook and throws an error recognised as unauthorised', async () => {
    const hook = jest.fn();
    const unregister = setUnauthorizedHandler(hook);
    const error = await api.get(`${base}/auth`).catch((e: unknown) => e);
    unregister();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it('returns null on 401 without the hook when asked to', async () => {
    const hook = jest.fn();
    const unregister = setUnauthorizedHandler(hook);
    await expect(apiRequest('GET', `${base}/auth`, undefined, { on401: 'returnNull' })).resolves.toBeNull();
    unregister();
    expect(hook).not.toHaveBeenCalled();
  });
});

describe('createQueryClient', () => {
  it('reads the query key as a path and follows the spec defaults', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [base, 'ok'] })).resolves.toEqual({ a: 1 });
    const defaults = client.getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe('the reason a call failed, for a toast', () => {
  it("is the API's message when it sent one", () => {
    const error = new ApiError(400, JSON.stringify({ message: 'Topic is required' }), 'Bad Request');
    expect(apiMessage(error)).toBe('Topic is required');
    expect(failureReason(error)).toBe('Topic is required');
  });

  it('says what the status means when the body is not the API’s (a proxy’s HTML page, an empty body)', () => {
    expect(apiMessage(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toBeUndefined();
    expect(failureReason(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toBe(
      'The server answered 502: please try again',
    );
    expect(failureReason(new ApiError(404, '', 'Not Found'))).toBe('The server answered 404');
  });

  it('says the server could not be reached when fetch itself failed, and nothing for other errors', () => {
    expect(failureReason(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the server: check your connection and try again',
    );
    expect(failureReason(new Error('boom'))).toBeUndefined();
  });
});
