// The one safe outbound fetch against a real HTTP server on 127.0.0.1 (allowed here the way an
// operator allows a host with OUTBOUND_ALLOW_PRIVATE_NETWORKS). Research's PageReader and the
// websites' SiteFetcher are both built on it; their own tests cover what they make of the answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { OutboundPolicy } from './outbound-policy';
import { SAFE_FETCH_LIMITS, safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch';

let server: http.Server;
let base: string;
const seen: Array<{ method: string; path: string; userAgent: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', path: url.pathname, userAgent: request.headers['user-agent'], body });
      const hops = Number(url.searchParams.get('hops') ?? 0);
      switch (url.pathname) {
        case '/page':
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return response.end('<p>hello</p>');
        case '/chain':
          response.writeHead(302, { location: hops > 1 ? `/chain?hops=${hops - 1}` : '/page' });
          return response.end();
        case '/redirect':
          response.writeHead(307, { location: url.searchParams.get('to') ?? '/page' });
          return response.end();
        case '/gzip':
          response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
          return response.end(zlib.gzipSync('compressed text'));
        case '/strange-encoding':
          response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'zstd-ish' });
          return response.end('x');
        case '/big':
          response.writeHead(200, { 'content-type': 'application/octet-stream' });
          return response.end(Buffer.alloc(100_000, 'a'));
        case '/slow':
          return void setTimeout(() => response.end('late'), 5_000).unref();
        default:
          response.writeHead(404, { 'content-type': 'text/plain' });
          return response.end('not here');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const fetchWith = (address: string, options: Partial<SafeFetchOptions> = {}) =>
  safeFetch(address, { policy: new OutboundPolicy('127.0.0.1'), timeoutMs: 3_000, ...options });
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: Error) => (error instanceof SafeFetchError ? error.message : `not a SafeFetchError: ${error}`),
  );

describe('safeFetch', () => {
  it('answers the status, headers, type and decoded body of any HTTP answer', async () => {
    const page = await fetchWith(`${base}/page`);
    expect(page).toMatchObject({ url: `${base}/page`, status: 200, mimeType: 'text/html', truncated: false });
    expect(page.body.toString()).toBe('<p>hello</p>');
    expect((await fetchWith(`${base}/gzip`)).body.toString()).toBe('compressed text');
    const missing = await fetchWith(`${base}/nothing`);
    expect({ status: missing.status, body: missing.body.toString() }).toEqual({ status: 404, body: 'not here' });
  });

  it('follows at most five redirects, each hop checked; not when asked not to, and never for a POST', async () => {
    expect((await fetchWith(`${base}/chain?hops=${SAFE_FETCH_LIMITS.maxRedirects}`)).url).toBe(`${base}/page`);
    expect(await reason(fetchWith(`${base}/chain?hops=${SAFE_FETCH_LIMITS.maxRedirects + 1}`))).toBe(
      'too many redirects (more than 5)',
    );
    expect(await fetchWith(`${base}/redirect`, { followRedirects: false })).toMatchObject({ status: 307 });
    const posted = await fetchWith(`${base}/redirect`, { method: 'POST', body: 'a=1' });
    expect(posted.status).toBe(307);
    expect(seen.map(({ method, path, body }) => [method, path, body]).slice(-1)).toEqual([
      ['POST', '/redirect', 'a=1'],
    ]);
  });

  it('refuses what is not http(s), and private addresses the policy does not allow, on every hop', async () => {
    expect(await reason(fetchWith('ftp://files.example.org/a.txt'))).toBe('refused: not an http(s) address (ftp:)');
    expect(await reason(fetchWith(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`))).toBe(
      'refused: not an http(s) address (file:)',
    );
    expect(await reason(fetchWith('not an address'))).toBe('not a valid address');
    expect(await reason(fetchWith(`${base}/page`, { policy: new OutboundPolicy('false') }))).toBe(
      'refused: address on a private network',
    );
    expect(await reason(fetchWith(`${base}/redirect?to=${encodeURIComponent('http://10.0.0.8/admin')}`))).toBe(
      'refused: address on a private network',
    );
    expect(await reason(fetchWith('http://169.254.169.254/latest/meta-data/'))).toBe(
      'refused: address on a private network',
    );
  });

  it('lets the caller refuse an answer by its status or type before the body is read', async () => {
    const onlyText = (answer: { mimeType: string }) =>
      answer.mimeType === 'text/plain' ? null : `no (${answer.mimeType})`;
    expect(await reason(fetchWith(`${base}/page`, { accept: onlyText }))).toBe('no (text/html)');
    expect((await fetchWith(`${base}/gzip`, { accept: onlyText })).body.toString()).toBe('compressed text');
  });

  it('reads at most maxBytes and says so; reads nothing for HEAD or readBody false', async () => {
    const capped = await fetchWith(`${base}/big`, { maxBytes: 1_000 });
    expect({ bytes: capped.body.length, truncated: capped.truncated }).toEqual({ bytes: 1_000, truncated: true });
    expect((await fetchWith(`${base}/big`, { method: 'HEAD' })).body.length).toBe(0);
    expect((await fetchWith(`${base}/big`, { readBody: false })).body.length).toBe(0);
  });

  it('sends its user agent unless the caller names one', async () => {
    await fetchWith(`${base}/page`);
    await fetchWith(`${base}/page`, { headers: { 'user-agent': 'AideSiteBot/1.0' } });
    expect(seen.map((request) => request.userAgent)).toEqual(['Mozilla/5.0 (compatible; Aide/1.0)', 'AideSiteBot/1.0']);
  });

  it('says why there was no answer: a timeout, a closed port, an unknown encoding', async () => {
    expect(await reason(fetchWith(`${base}/slow`, { timeoutMs: 200 }))).toBe('timed out after 200 ms');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await reason(fetchWith(`http://127.0.0.1:${closedPort}/`))).toBe('connection refused');
    expect(await reason(fetchWith(`${base}/strange-encoding`))).toBe('unsupported content encoding (zstd-ish)');
  });

  it("throws the caller's abort reason as is, so a cancelled job stops", async () => {
    const controller = new AbortController();
    const fetching = fetchWith(`${base}/slow`, { signal: controller.signal });
    setImmediate(() => controller.abort(new Error('job cancelled')));
    await expect(fetching).rejects.toThrow('job cancelled');
  });
});
