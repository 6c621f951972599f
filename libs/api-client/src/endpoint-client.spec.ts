import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { endpoint, endpointKey, fillPath } from '@aide/contracts';
import { z } from 'zod';
import { callEndpoint, ContractViolation, endpointQuery, endpointUrl, invalidateAfter } from './endpoint-client';

const note = z.object({ id: z.number(), title: z.string() });
const notes = {
  list: endpoint({
    method: 'GET',
    path: '/api/notes',
    query: z.object({ q: z.string().optional() }),
    response: z.array(note),
  }),
  get: endpoint({ method: 'GET', path: '/api/notes/:id', response: note }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/notes/:id',
    body: z.object({ title: z.string() }),
    response: note,
    invalidates: ['/api/notes', '/api/dashboard'],
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/notes/:id', response: null, status: 204 }),
  broken: endpoint({ method: 'GET', path: '/api/broken', response: note }),
};

// A real HTTP server on loopback; the client's relative URLs are sent to it.
let server: Server;
const seen: { method?: string; url?: string; body: string }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body });
      const json = (value: unknown) =>
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (req.url?.startsWith('/api/notes?') || req.url === '/api/notes') return json([{ id: 1, title: 'One' }]);
      if (req.url === '/api/notes/7' && req.method === 'PATCH') return json({ id: 7, ...JSON.parse(body) });
      if (req.url === '/api/notes/7' && req.method === 'DELETE') return res.writeHead(204).end();
      if (req.url === '/api/broken') return json({ id: 'seven' });
      res.writeHead(404).end('{"message":"Note not found"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.fetch = (input, init) => realFetch(`${base}${String(input)}`, init);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => (seen.length = 0));

describe('paths and keys', () => {
  it('fills path parameters, URI-encoded, and refuses a missing one', () => {
    expect(fillPath('/api/notes/:id/versions/:version', { id: 5, version: 'a b' })).toBe('/api/notes/5/versions/a%20b');
    expect(() => fillPath('/api/notes/:id', {})).toThrow('Missing path parameter "id" for /api/notes/:id');
  });

  it('keys a query by the path’s fixed start, so invalidating the list path refetches its items too', () => {
    expect(endpointKey('/api/notes')).toEqual(['/api/notes']);
    expect(endpointKey('/api/notes/:id/versions', { id: 5 })).toEqual(['/api/notes', '5', 'versions']);
    expect(endpointKey('/api/notes', {}, { q: 'x', folder: undefined, tag: '' })).toEqual(['/api/notes', { q: 'x' }]);
  });

  it('writes defined query values into the URL, repeating arrays', () => {
    expect(endpointUrl(notes.list, {}, { q: 'plan', tag: ['a', 'b'], empty: '', none: undefined })).toBe(
      '/api/notes?q=plan&tag=a&tag=b',
    );
  });
});

describe('callEndpoint', () => {
  it('sends the method, the filled path and the JSON body, and answers the parsed response', async () => {
    await expect(callEndpoint(notes.update, { params: { id: 7 }, body: { title: 'Seven' } })).resolves.toEqual({
      id: 7,
      title: 'Seven',
    });
    expect(seen).toEqual([{ method: 'PATCH', url: '/api/notes/7', body: '{"title":"Seven"}' }]);
  });

  it('answers undefined for 204 and sends no body with DELETE', async () => {
    await expect(callEndpoint(notes.remove, { params: { id: 7 } })).resolves.toBeUndefined();
    expect(seen).toEqual([{ method: 'DELETE', url: '/api/notes/7', body: '' }]);
  });

  it('fails loudly, naming the endpoint and the field, when an answer breaks its schema', async () => {
    const failure = callEndpoint(notes.broken);
    await expect(failure).rejects.toBeInstanceOf(ContractViolation);
    await expect(callEndpoint(notes.broken)).rejects.toThrow(/GET \/api\/broken answered outside its contract: id: /);
  });

  it('passes API errors through unchanged', async () => {
    await expect(callEndpoint(notes.get, { params: { id: 99 } })).rejects.toThrow('404: {"message":"Note not found"}');
  });
});

describe('with react-query', () => {
  it('a query fetches through the endpoint, and a change refetches the lists it invalidates', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = endpointQuery(notes.list, { query: { q: 'plan' } });
    expect(options.queryKey).toEqual(['/api/notes', { q: 'plan' }]);
    await expect(client.fetchQuery(options)).resolves.toEqual([{ id: 1, title: 'One' }]);
    expect(seen.map((request) => request.url)).toEqual(['/api/notes?q=plan']);

    const cached = () => client.getQueryCache().find({ queryKey: options.queryKey });
    expect(cached()?.state.isInvalidated).toBe(false);
    await invalidateAfter(client, notes.update);
    expect(cached()?.state.isInvalidated).toBe(true);
    client.clear();
  });
});
