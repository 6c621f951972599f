import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Small websites on 127.0.0.1 for the Website Manager's tests (plain node:http/https, no test-runner
 * imports, so Playwright and the uptime tests can use them too):
 *
 * - good: HTTPS with a self-signed certificate (trust `caFile`, e.g. WEBSITE_EXTRA_CA_FILE); a home
 *   page that passes every SEO check (title, description, one h1, alt text, canonical, lang,
 *   viewport), robots.txt naming its sitemap and disallowing /private/, sitemap.xml, working internal
 *   links, the security headers; a chain /deep/1 → /deep/2 → /deep/3 → /deep/4 for depth bounds,
 *   `archivePages` more pages under /archive/ for count bounds, a link to the poor site (another
 *   origin), a stylesheet and an image. Optionally a WordPress REST API (POST /wp-json/wp/v2/posts,
 *   HTTP Basic with `wordpress.username`/`applicationPassword`).
 * - poor: plain HTTP; a page missing most checks (short title, no description, two h1s, images without
 *   alt, no canonical/lang/viewport), links to /missing (404) and /broken (500), no robots.txt or
 *   sitemap, a versioned Server header and no security headers.
 * - flaky: a page that answers until `down()`, then 503 (or, with `down('closed')`, closes connections).
 *
 * Every request is recorded (method, path, headers, body) per site.
 */

export interface RecordedSiteRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestSite {
  /** The home page, e.g. 'https://127.0.0.1:4431/'. */
  url: string;
  origin: string;
  requests: RecordedSiteRequest[];
  /** Paths asked for (GET/HEAD), in order. */
  paths(): string[];
  close(): Promise<void>;
}

export interface WordPressFake {
  username: string;
  applicationPassword: string;
  /**
   * Posts created, as sent (title, content, status) with the id given. A test may set a post's
   * status to 'publish' itself: as if the person had published it in WordPress.
   */
  posts: { id: number; title: string; content: string; status: string; authorization: string | undefined }[];
}

export interface FlakySite extends TestSite {
  down(how?: '503' | 'closed'): void;
  /** Answers, but only after `ms` (a check of it stays running meanwhile). */
  slow(ms: number): void;
  up(): void;
}

export interface WebsiteSites {
  good: TestSite & { wordpress: WordPressFake };
  poor: TestSite;
  flaky: FlakySite;
  /** The good site's certificate (PEM), to trust. */
  caFile: string;
  /** Another good site with `archivePages` pages under /archive/ (for the backup's page limit). */
  startGood(options?: { archivePages?: number }): Promise<TestSite & { wordpress: WordPressFake }>;
  close(): Promise<void>;
}

const GOOD_DESCRIPTION =
  'Handmade ceramic mugs, bowls and plates from a small studio, glazed by hand and fired in small batches for everyday use.';
const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  server: 'nginx',
};
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

const page = (title: string, body: string, origin: string, pathName: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${GOOD_DESCRIPTION}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="canonical" href="${origin}${pathName}"><link rel="stylesheet" href="/style.css"></head>
<body><h1>${title}</h1>${body}</body></html>`;

function record(requests: RecordedSiteRequest[], request: IncomingMessage): Promise<RecordedSiteRequest> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(entry);
      resolve(entry);
    });
  });
}

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': type, ...headers });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

/** A request listener running an async handler: a failure answers 500 (or cuts an answer already begun), never an unhandled rejection. */
function listener(handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>) {
  return (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else send(response, 500, 'text/plain', String(error));
    });
  };
}

function listen(server: http.Server | https.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closer(server: http.Server | https.Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** A self-signed certificate for 127.0.0.1 (openssl), in a temporary folder. */
function selfSigned(): { key: string; cert: string; certFile: string; dir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aide-sites-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    {
      stdio: 'ignore',
    },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile, dir };
}

async function startGoodSite(
  tls: { key: string; cert: string },
  options: { archivePages?: number; otherOrigin?: () => string },
): Promise<TestSite & { wordpress: WordPressFake }> {
  const requests: RecordedSiteRequest[] = [];
  const wordpress: WordPressFake = { username: 'editor', applicationPassword: 'abcd EFGH 1234 ijkl', posts: [] };
  let origin = '';
  const archive = options.archivePages ?? 0;
  const server = https.createServer(
    tls,
    listener(async (request, response) => {
      const entry = await record(requests, request);
      const url = new URL(entry.path, origin);
      const html = (title: string, body: string) =>
        send(response, 200, 'text/html; charset=utf-8', page(title, body, origin, url.pathname), SECURITY_HEADERS);
      const expected = `Basic ${Buffer.from(`${wordpress.username}:${wordpress.applicationPassword}`).toString('base64')}`;
      // A post's link: ?p=id while a draft, its own address once published.
      const linkOf = (post: { id: number; status: string }) =>
        post.status === 'publish' ? `${origin}/blog/post-${post.id}/` : `${origin}/?p=${post.id}`;
      const one = /^\/wp-json\/wp\/v2\/posts\/(\d+)$/.exec(url.pathname);
      if (one) {
        // GET ?context=edit reads a post (drafts too); POST { status } updates it.
        if (request.headers.authorization !== expected) {
          return send(
            response,
            401,
            'application/json',
            JSON.stringify({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to edit this post.' }),
          );
        }
        const post = wordpress.posts.find((p) => p.id === Number(one[1]));
        if (!post) {
          return send(
            response,
            404,
            'application/json',
            JSON.stringify({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } }),
          );
        }
        if (entry.method === 'POST') {
          const body = JSON.parse(entry.body) as { status?: string };
          if (body.status) post.status = body.status;
        }
        return send(
          response,
          200,
          'application/json',
          JSON.stringify({ id: post.id, status: post.status, link: linkOf(post), title: { raw: post.title } }),
        );
      }
      if (url.pathname === '/wp-json/wp/v2/posts' && entry.method === 'POST') {
        if (request.headers.authorization !== expected) {
          return send(
            response,
            401,
            'application/json',
            JSON.stringify({
              code: 'rest_not_logged_in',
              message: 'Sorry, you are not allowed to create posts as this user.',
              data: { status: 401 },
            }),
          );
        }
        const body = JSON.parse(entry.body) as { title: string; content: string; status: string };
        const id = 100 + wordpress.posts.length + 1;
        wordpress.posts.push({ id, ...body, authorization: request.headers.authorization });
        return send(
          response,
          201,
          'application/json',
          JSON.stringify({
            id,
            status: body.status,
            link: linkOf({ id, status: body.status }),
            title: { raw: body.title },
          }),
        );
      }
      switch (url.pathname) {
        case '/':
          return html(
            'Clay & Kiln — handmade ceramics',
            `<p>Welcome to the studio.</p><img src="/logo.png" alt="Clay &amp; Kiln logo"><img src="/logo.png?size=2" alt="A stack of mugs">
           <a href="/about">About</a> <a href="/blog/">Blog</a> <a href="/deep/1">Deep</a> <a href="/private/secret">Private</a>
           ${archive ? '<a href="/archive/">Archive</a>' : ''} <a href="#top">Top</a> <a href="mailto:hello@example.com">Mail</a>
           ${options.otherOrigin ? `<a href="${options.otherOrigin()}">A friend's site</a>` : ''}`,
          );
        case '/about':
          return html('About the Clay & Kiln studio', '<p>Who we are.</p><a href="/">Home</a>');
        case '/blog/':
          return html('The Clay & Kiln blog', '<p>Posts.</p><a href="/blog/first-firing">First firing</a>');
        case '/blog/first-firing':
          return html(
            'Our first firing of the year',
            '<p>Our electric kiln took nine hours to reach glaze temperature on the first firing of the year.</p>',
          );
        case '/private/secret':
          return html('Private page not for crawlers', '<p>Secret.</p>');
        case '/archive/':
          return html(
            'Archive of every post',
            Array.from({ length: archive }, (_, i) => `<a href="/archive/${i + 1}">Post ${i + 1}</a>`).join(' '),
          );
        case '/robots.txt':
          return send(
            response,
            200,
            'text/plain',
            `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`,
          );
        case '/sitemap.xml':
          return send(
            response,
            200,
            'application/xml',
            `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url></urlset>`,
          );
        case '/style.css':
          return send(response, 200, 'text/css', 'body { font-family: sans-serif; }', SECURITY_HEADERS);
        case '/logo.png':
          return send(response, 200, 'image/png', PNG, SECURITY_HEADERS);
      }
      const deep = /^\/deep\/(\d+)$/.exec(url.pathname);
      if (deep)
        return html(`Deep page number ${deep[1]} of the chain`, `<a href="/deep/${Number(deep[1]) + 1}">Deeper</a>`);
      const archived = /^\/archive\/(\d+)$/.exec(url.pathname);
      if (archived && Number(archived[1]) <= archive)
        return html(`Archived post number ${archived[1]}`, '<p>An old post.</p>');
      send(response, 404, 'text/html', '<h1>Not found</h1>');
    }),
  );
  const port = await listen(server);
  origin = `https://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    requests,
    wordpress,
    paths: () => requests.filter((r) => r.method !== 'POST').map((r) => r.path),
    close: closer(server),
  };
}

async function startPoorSite(): Promise<TestSite> {
  const requests: RecordedSiteRequest[] = [];
  const server = http.createServer(
    listener(async (request, response) => {
      const entry = await record(requests, request);
      const headers = { server: 'Apache/2.4.1 (Unix)', 'x-powered-by': 'PHP/7.2.1' };
      switch (entry.path) {
        case '/':
          return send(
            response,
            200,
            'text/html',
            `<html><head><title>Home</title></head><body><h1>Welcome</h1><h1>Our shop</h1>
           <img src="/a.png"><img src="/b.png"><img src="/c.png" alt="">
           <a href="/ok">Fine</a> <a href="/missing">Gone</a> <a href="/broken">Broken</a>
           <script src="http://127.0.0.1:1/tracker.js"></script></body></html>`,
            headers,
          );
        case '/ok':
          return send(response, 200, 'text/html', '<html><body>ok</body></html>', headers);
        case '/broken':
          return send(response, 500, 'text/html', 'Internal Server Error', headers);
        default:
          return send(response, 404, 'text/html', 'Not Found', headers);
      }
    }),
  );
  const port = await listen(server);
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/`, origin, requests, paths: () => requests.map((r) => r.path), close: closer(server) };
}

async function startFlakySite(): Promise<FlakySite> {
  const requests: RecordedSiteRequest[] = [];
  let state: 'up' | 'slow' | '503' | 'closed' = 'up';
  let delayMs = 0;
  const server = http.createServer(
    listener(async (request, response) => {
      await record(requests, request);
      if (state === 'closed') return request.socket.destroy();
      if (state === '503') return send(response, 503, 'text/html', 'Service Unavailable', { 'retry-after': '60' });
      if (state === 'slow') await new Promise((resolve) => setTimeout(resolve, delayMs));
      send(
        response,
        200,
        'text/html',
        '<!doctype html><html lang="en"><head><title>Sometimes up, sometimes down</title></head><body><h1>Up</h1></body></html>',
      );
    }),
  );
  const port = await listen(server);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/`,
    origin,
    requests,
    paths: () => requests.map((r) => r.path),
    down: (how = '503') => void (state = how),
    slow: (ms) => {
      state = 'slow';
      delayMs = ms;
    },
    up: () => void (state = 'up'),
    close: closer(server),
  };
}

export async function startWebsiteSites(): Promise<WebsiteSites> {
  const tls = selfSigned();
  const poor = await startPoorSite();
  const good = await startGoodSite(tls, { otherOrigin: () => poor.url });
  const flaky = await startFlakySite();
  const extra: TestSite[] = [];
  return {
    good,
    poor,
    flaky,
    caFile: tls.certFile,
    startGood: async (options = {}) => {
      const site = await startGoodSite(tls, options);
      extra.push(site);
      return site;
    },
    close: async () => {
      await Promise.all([good, poor, flaky, ...extra].map((site) => site.close()));
      rmSync(tls.dir, { recursive: true, force: true });
    },
  };
}
