import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const SHELL_HTML =
  '<!doctype html><title>Aide shell</title><link rel="preload" href="/static/js/async/lib-react.1a2b3c.js" as="script">' +
  '<link href="/static/js/async/antd-core.4d5e6f.js" rel="preload" as="script" crossorigin><link rel="manifest" href="/manifest.webmanifest">' +
  '<link rel="preload" as="fetch" href="/api/auth/user" crossorigin="use-credentials">';
const LINK =
  '</static/js/async/lib-react.1a2b3c.js>; rel=preload; as=script, </static/js/async/antd-core.4d5e6f.js>; rel=preload; as=script; crossorigin, ' +
  '</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials';

/** The 1xx answers a GET received before its final answer (supertest does not show them). */
function informational(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; hints: { statusCode: number; headers: http.IncomingHttpHeaders }[] }>(
    (resolve, reject) => {
      const hints: { statusCode: number; headers: http.IncomingHttpHeaders }[] = [];
      const req = http.get(url, { headers }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, hints }));
      });
      req.on('information', (info) => hints.push({ statusCode: info.statusCode, headers: info.headers }));
      req.on('error', reject);
    },
  );
}
/** A GET (or HEAD) answered as it came over the wire: no decoding of the body. */
function rawGet(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
const MANIFEST = { id: 'organiser', name: 'organiser' };

/** A stand-in for the production build: apps/shell/dist and apps/mf-organiser/dist. */
async function writeBuild(root: string) {
  const files: Record<string, string> = {
    'apps/shell/dist/index.html': SHELL_HTML,
    'apps/shell/dist/favicon.svg': '<svg/>',
    // A federated shell (a build without Module Federation writes none).
    'apps/shell/dist/mf-manifest.json': '{"id":"shell"}',
    'apps/shell/dist/static/js/index.1a2b3c.js': 'console.log("shell")',
    'apps/mf-organiser/dist/mf-manifest.json': JSON.stringify(MANIFEST),
    'apps/mf-organiser/dist/remoteEntry.js': 'var organiser;',
    'apps/mf-organiser/dist/aide-module.json': '{"id":"organiser"}',
    'apps/mf-organiser/dist/static/js/async/tasks.4d5e6f.js': 'console.log("tasks")',
    // Build reports carrying the build machine's paths (never to be served).
    'apps/shell/dist/mf-stats.json': '{"metaData":{"buildInfo":"/home/builder/aide"}}',
    'apps/shell/dist/chunk-contents.json': '{"/home/builder/aide":1}',
    'apps/mf-organiser/dist/mf-stats.json': '{"metaData":{"buildInfo":"/home/builder/aide"}}',
    'apps/mf-organiser/dist/chunk-contents.json': '{"/home/builder/aide":1}',
    'apps/shell/dist/chunk-graph.json': '[{"origins":[{"module":"/home/builder/aide"}]}]',
    'apps/mf-organiser/dist/chunk-graph.json': '[{"origins":[{"module":"/home/builder/aide"}]}]',
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
}

const html = 'text/html,application/xhtml+xml,*/*;q=0.8';

describe('with SERVE_FRONTENDS on', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'aide-frontends-'));
    await writeBuild(root);
    t = await createTestApp({ env: { SERVE_FRONTENDS: 'true' }, frontendsRoot: root });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it("serves the shell's index.html at / without caching", async () => {
    const response = await request(t.http).get('/').set('Accept', html).expect(200);
    expect(response.text).toBe(SHELL_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
    // no-cache means revalidate: an unchanged index.html costs a 304, without its body.
    const lastModified = response.headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();
    await request(t.http).get('/').set('Accept', html).set('If-Modified-Since', lastModified).expect(304);
  });

  it("names the first screen's chunks from index.html's preload hints in a Link header", async () => {
    for (const route of ['/', '/index.html', '/tasks']) {
      const response = await request(t.http).get(route).set('Accept', html).expect(200);
      expect({ route, link: response.headers.link }).toEqual({ route, link: LINK });
    }
    const script = await request(t.http).get('/static/js/index.1a2b3c.js').expect(200);
    expect(script.headers.link).toBeUndefined();
  });

  it("adds the module registry's and the profile's answers (and on '/' the dashboard's) for a browser that has a session, and only for it", async () => {
    const registry =
      '</api/modules>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
      '</api/modules/locked>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
      '</api/profile>; rel=preload; as=fetch; crossorigin=use-credentials';
    const { agent } = await signUp(request.agent(t.http));
    const tasks = await agent.get('/tasks').set('Accept', html).expect(200);
    expect(tasks.headers.link).toBe(`${LINK}, ${registry}`);
    // On '/', the dashboard's answer too.
    const dashboard = '</api/dashboard>; rel=preload; as=fetch; crossorigin=use-credentials';
    for (const route of ['/', '/index.html']) {
      const signedIn = await agent.get(route).set('Accept', html).expect(200);
      expect({ route, link: signedIn.headers.link }).toEqual({ route, link: `${LINK}, ${registry}, ${dashboard}` });
    }
    // Another cookie of the same prefix is not a session.
    const other = await request(t.http)
      .get('/')
      .set('Accept', html)
      .set('Cookie', 'aide.sidebar=collapsed')
      .expect(200);
    expect(other.headers.link).toBe(LINK);
  });

  it("hints the entry scripts of the page's remotes to a signed-in browser", async () => {
    const file = path.join(root, 'apps/mf-organiser/dist/aide-module.json');
    const describe = async (description: unknown) => {
      await writeFile(file, JSON.stringify(description));
      const later = new Date(Date.now() + 60_000 + Math.random() * 1000);
      await utimes(file, later, later);
    };
    const description = { id: 'organiser', routes: ['/tasks'], widgets: [], entry: 'static/js/organiser.1a1a1a.js' };
    const entry = '</remotes/organiser/static/js/organiser.1a1a1a.js>; rel=preload; as=script';
    const remoteLinks = async (agent: ReturnType<typeof request.agent> | ReturnType<typeof request>, page: string) =>
      ((await agent.get(page).set('Accept', html).expect(200)).headers.link as string)
        .split(', ')
        .filter((link) => link.includes('/remotes/'));
    try {
      await describe(description);
      const { agent } = await signUp(request.agent(t.http));

      // The page it owns (and a page below it); not another module's page, nor '/' without a card.
      expect(await remoteLinks(agent, '/tasks')).toEqual([entry]);
      expect(await remoteLinks(agent, '/tasks/42')).toEqual([entry]);
      expect(await remoteLinks(agent, '/email')).toEqual([]);
      expect(await remoteLinks(agent, '/')).toEqual([]);
      // Signed out: the shell's hints only.
      expect((await request(t.http).get('/tasks').set('Accept', html).expect(200)).headers.link).toBe(LINK);

      // A new build with a dashboard card: hinted on '/' too, with its new entry.
      await describe({ ...description, widgets: [{ id: 'today' }], entry: 'static/js/organiser.2b2b2b.js' });
      expect(await remoteLinks(agent, '/')).toEqual([
        '</remotes/organiser/static/js/organiser.2b2b2b.js>; rel=preload; as=script',
      ]);

      // A shell built without Module Federation loads no remote: nothing to hint.
      const shellManifest = path.join(root, 'apps/shell/dist/mf-manifest.json');
      await rm(shellManifest);
      try {
        expect(await remoteLinks(agent, '/')).toEqual([]);
      } finally {
        await writeFile(shellManifest, '{"id":"shell"}');
      }

      // An entry that would leave the remote's folder is not followed.
      await describe({ ...description, entry: '../../shell/dist/static/js/index.1a2b3c.js' });
      expect(await remoteLinks(agent, '/tasks')).toEqual([]);
    } finally {
      await describe({ id: 'organiser' });
    }
  });

  it('follows a new shell build: the links of the index.html now on disk', async () => {
    const index = path.join(root, 'apps/shell/dist/index.html');
    const later = new Date(Date.now() + 60_000);
    try {
      await writeFile(
        index,
        '<!doctype html><link rel="preload" href="/static/js/async/antd-core.9f9f9f.js" as="script">',
      );
      await utimes(index, later, later);
      const response = await request(t.http).get('/tasks').set('Accept', html).expect(200);
      expect(response.headers.link).toBe('</static/js/async/antd-core.9f9f9f.js>; rel=preload; as=script');
    } finally {
      await writeFile(index, SHELL_HTML);
      await utimes(index, new Date(), new Date());
    }
    const restored = await request(t.http).get('/').set('Accept', html).expect(200);
    expect(restored.headers.link).toBe(LINK);
  });

  it("sends 103 Early Hints with the same links to a browser's page load, and to nothing else", async () => {
    const server = t.http.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as { port: number };
      const page = await informational(`http://127.0.0.1:${port}/calendar`, {
        accept: html,
        'sec-fetch-dest': 'document',
      });
      expect(page).toEqual({ status: 200, hints: [{ statusCode: 103, headers: { link: LINK } }] });
      const withSession = await informational(`http://127.0.0.1:${port}/calendar`, {
        accept: html,
        'sec-fetch-dest': 'document',
        cookie: 'theme=dark; aide.sid=s%3Aanything',
      });
      expect(withSession.hints.map((hint) => hint.headers.link)).toEqual([
        `${LINK}, </api/modules>; rel=preload; as=fetch; crossorigin=use-credentials, ` +
          '</api/modules/locked>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
          '</api/profile>; rel=preload; as=fetch; crossorigin=use-credentials',
      ]);
      const script = await informational(`http://127.0.0.1:${port}/static/js/index.1a2b3c.js`, {
        'sec-fetch-dest': 'script',
      });
      expect(script).toEqual({ status: 200, hints: [] });
      const client = await informational(`http://127.0.0.1:${port}/`, { accept: html });
      expect(client).toEqual({ status: 200, hints: [] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers client-side routes that ask for HTML with the shell (SPA fallback)', async () => {
    for (const route of ['/tasks', '/calendar', '/sign-in', '/some/deep/link']) {
      const response = await request(t.http).get(route).set('Accept', html).expect(200);
      expect(response.text).toBe(SHELL_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not answer non-HTML requests, non-GETs or /api paths with the shell', async () => {
    await request(t.http).get('/tasks').set('Accept', 'application/json').expect(404);
    await request(t.http).post('/tasks').set('Accept', html).expect(404);
    const api = await request(t.http).get('/api/nothing-here').set('Accept', html).expect(404);
    expect(api.body).toEqual({ message: 'Cannot GET /api/nothing-here' });
  });

  it("serves a remote's manifest, description and remoteEntry.js without caching", async () => {
    const manifest = await request(t.http).get('/remotes/organiser/mf-manifest.json').expect(200);
    expect(manifest.body).toEqual(MANIFEST);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(t.http).get('/remotes/organiser/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const description = await request(t.http).get('/remotes/organiser/aide-module.json').expect(200);
    expect(description.headers['cache-control']).toBe('no-cache');
    await request(t.http)
      .get('/remotes/organiser/aide-module.json')
      .set('If-None-Match', description.headers.etag as string)
      .expect(304);
  });

  it("carries a served remote's description in GET /api/modules, and the new one after a rebuild", async () => {
    const { agent } = await signUp(request.agent(t.http));
    const organiser = async () =>
      ((await agent.get('/api/modules').expect(200)).body as { id: string; description?: unknown }[]).find(
        (entry) => entry.id === 'organiser',
      );
    expect((await organiser())?.description).toEqual({ id: 'organiser' });

    const file = path.join(root, 'apps/mf-organiser/dist/aide-module.json');
    const later = new Date(Date.now() + 60_000);
    try {
      await writeFile(file, '{"id":"organiser","version":"2"}');
      await utimes(file, later, later);
      expect((await organiser())?.description).toEqual({ id: 'organiser', version: '2' });
    } finally {
      await writeFile(file, '{"id":"organiser"}');
    }
    // Remotes with no build here (email…) come without one: the shell asks their server.
    const email = ((await agent.get('/api/modules').expect(200)).body as { id: string; description?: unknown }[]).find(
      (entry) => entry.id === 'email',
    );
    expect(email).toBeDefined();
    expect(email?.description).toBeUndefined();
  });

  it('serves hashed files under static/ as immutable', async () => {
    const remote = await request(t.http).get('/remotes/organiser/static/js/async/tasks.4d5e6f.js').expect(200);
    expect(remote.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await request(t.http).get('/static/js/index.1a2b3c.js').expect(200);
    expect(shell.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  describe("the build's compressed copies of static/'s files", () => {
    // A script as a build writes it, with the brotli and gzip copies beside it (libs/module-kit/build/precompress.ts).
    const SCRIPT = Array.from({ length: 300 }, (_, i) => `export const value${i} = ${i};`).join('\n');
    const copies = { br: brotliCompressSync(SCRIPT), gzip: gzipSync(SCRIPT, { level: 9 }) };
    const files = {
      shell: 'apps/shell/dist/static/js/async/dashboard.7a7a7a.js',
      remote: 'apps/mf-organiser/dist/static/js/async/calendar.8b8b8b.js',
      uncopied: 'apps/shell/dist/static/js/async/older.9c9c9c.js',
    };
    let base: string;
    let server: http.Server;

    beforeAll(async () => {
      for (const file of Object.values(files)) await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      for (const file of [files.shell, files.remote]) {
        await writeFile(path.join(root, file), SCRIPT);
        await writeFile(path.join(root, `${file}.br`), copies.br);
        await writeFile(path.join(root, `${file}.gz`), copies.gzip);
      }
      // A file the build made no copy of (a build from before the copies).
      await writeFile(path.join(root, files.uncopied), SCRIPT);
      server = t.http.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    it("sends the copy the browser prefers, brotli where it takes both alike, as the file's own type", async () => {
      const cases = [
        { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' },
        { acceptEncoding: 'gzip, deflate', encoding: 'gzip' },
        { acceptEncoding: 'br;q=0.5, gzip', encoding: 'gzip' },
        { acceptEncoding: '*', encoding: 'br' },
      ] as const;
      for (const url of [
        '/static/js/async/dashboard.7a7a7a.js',
        '/remotes/organiser/static/js/async/calendar.8b8b8b.js',
      ])
        for (const { acceptEncoding, encoding } of cases) {
          const response = await rawGet(`${base}${url}`, { 'accept-encoding': acceptEncoding });
          expect({
            url,
            acceptEncoding,
            status: response.status,
            encoding: response.headers['content-encoding'],
          }).toEqual({ url, acceptEncoding, status: 200, encoding });
          // The build's copy, byte for byte (a copy made now would be gzip at level 6, sent chunked).
          expect(response.body.equals(copies[encoding])).toBe(true);
          expect(response.headers['content-length']).toBe(String(copies[encoding].length));
          expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
          expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(response.headers.vary).toBe('Accept-Encoding');
        }
    });

    it('sends the file itself to a browser that takes neither, and answers HEAD with the headers alone', async () => {
      for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', undefined]) {
        const response = await rawGet(
          `${base}/static/js/async/dashboard.7a7a7a.js`,
          acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        );
        expect({ acceptEncoding, status: response.status, encoding: response.headers['content-encoding'] }).toEqual({
          acceptEncoding,
          status: 200,
          encoding: undefined,
        });
        expect(response.body.toString()).toBe(SCRIPT);
        expect(response.headers.vary).toBe('Accept-Encoding');
      }
      const head = await rawGet(`${base}/static/js/async/dashboard.7a7a7a.js`, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(String(copies.br.length));
      expect(head.body.length).toBe(0);
    });

    it('still compresses a file the build made no copy of, and answers 404 for a missing one', async () => {
      const response = await rawGet(`${base}/static/js/async/older.9c9c9c.js`, { 'accept-encoding': 'gzip, br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
      const body =
        response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.body) : gunzipSync(response.body);
      expect(body.toString()).toBe(SCRIPT);
      const missing = await rawGet(`${base}/remotes/organiser/static/js/async/gone.1d1d1d.js`, {
        'accept-encoding': 'br',
      });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-encoding']).toBeUndefined();
    });

    it('sends a copy only for the file it belongs to', async () => {
      // Asked for by its own name, a copy is just a file: never labelled as an encoding of itself.
      const copy = await rawGet(`${base}/static/js/async/dashboard.7a7a7a.js.br`, { 'accept-encoding': 'br' });
      expect(copy.headers['content-encoding']).toBeUndefined();
      // A path leaving static/ is not looked up beside the shell's build.
      for (const url of ['/static/js/../../index.html', '/static/js/%2e%2e/%2e%2e/index.html']) {
        const escaped = await rawGet(`${base}${url}`, { 'accept-encoding': 'br', accept: 'text/javascript' });
        expect({ url, encoding: escaped.headers['content-encoding'] }).toEqual({ url, encoding: undefined });
      }
    });
  });

  it('answers 404, not the shell, for a missing file under /remotes', async () => {
    const missing = await request(t.http).get('/remotes/organiser/static/js/gone.js').set('Accept', html).expect(404);
    expect(missing.body).toEqual({ message: 'Not found' });
    await request(t.http).get('/remotes/unknown/mf-manifest.json').set('Accept', html).expect(404);
  });

  it('never serves the build reports (mf-stats.json, chunk-contents.json, chunk-graph.json), however the path is spelled', async () => {
    const paths = [
      '/mf-stats.json',
      '/chunk-contents.json',
      '/chunk-graph.json',
      '/remotes/organiser/chunk-graph.json',
      '/remotes/organiser/%63hunk-graph.json',
      '/%6df-stats.json',
      '/remotes/organiser/mf-stats.json',
      '/remotes/organiser/chunk-contents.json',
      '/remotes/organiser/%63hunk-contents.json',
      '/remotes/organiser//mf-stats.json',
      '/remotes/organiser/static/../mf-stats.json',
    ];
    for (const file of paths) {
      for (const accept of [html, 'application/json']) {
        const response = await request(t.http).get(file).set('Accept', accept);
        expect({ file, status: response.status }).toEqual({ file, status: 404 });
        expect(response.text).not.toContain('/home/builder');
      }
    }
  });

  it('answers 404, not the shell, for other spellings of /api and /remotes', async () => {
    for (const file of [
      '/API/tasks',
      '/Api/health',
      '/%61pi/health',
      '/REMOTES/organiser/mf-manifest.json',
      '/Remotes/organiser/remoteEntry.js',
    ]) {
      const response = await request(t.http).get(file).set('Accept', html);
      expect({ file, status: response.status }).toEqual({ file, status: 404 });
      expect(response.text).not.toBe(SHELL_HTML);
    }
  });

  it('still answers the API', async () => {
    await request(t.http).get('/api/health').expect(200);
  });
});

describe('with SERVE_FRONTENDS off', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { SERVE_FRONTENDS: 'false' } })));
  afterAll(() => t.close());

  it('serves no pages', async () => {
    await request(t.http).get('/').set('Accept', html).expect(404);
    await request(t.http).get('/tasks').set('Accept', html).expect(404);
  });
});
