import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { createQueryClient, getQueryFn } from './query-client';

// A real HTTP server on loopback, as in request.spec.ts.
let server: Server;
let base: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    if (req.url === '/api/events/5') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":5}');
    if (req.url === '/api/auth/user') return res.writeHead(401, 'Unauthorized').end('{"message":"Unauthorized"}');
    if (req.url === '/api/broken') return res.writeHead(500).end('{"message":"Database unavailable"}');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => (requested.length = 0));

describe('getQueryFn', () => {
  it('GETs the query key joined into a path, ids included', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [`${base}/api/events`, 5] })).resolves.toEqual({ id: 5 });
    expect(requested).toEqual(['/api/events/5']);
  });

  it("answers null for 'returnNull' when no one is signed in (the shell's probe), and throws otherwise", async () => {
    const probe = new QueryClient({
      defaultOptions: { queries: { queryFn: getQueryFn({ on401: 'returnNull' }), retry: false } },
    });
    await expect(probe.fetchQuery({ queryKey: [`${base}/api/auth/user`] })).resolves.toBeNull();
    await expect(createQueryClient().fetchQuery({ queryKey: [`${base}/api/auth/user`] })).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});

describe('createQueryClient', () => {
  it('asks once for a failing query (no retries), and does not ask again for fresh data', async () => {
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [`${base}/api/broken`] })).rejects.toThrow('500');
    expect(requested).toEqual(['/api/broken']);

    await client.fetchQuery({ queryKey: [`${base}/api/events`, 5] });
    await client.fetchQuery({ queryKey: [`${base}/api/events`, 5] });
    expect(requested.filter((url) => url === '/api/events/5')).toHaveLength(1);
  });
});
