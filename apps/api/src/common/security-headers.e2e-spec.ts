import { createHash } from 'node:crypto';
import request from 'supertest';
import { signUpAdminAndUser, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inlineScriptHashes, originOf, RemoteOriginsCache } from './security-headers';

/** The CSP as directive → sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  if (!header) throw new Error('no Content-Security-Policy header');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('originOf', () => {
  it.each([
    ['https://cdn.example.com/organiser/mf-manifest.json', 'https://cdn.example.com'],
    ['http://127.0.0.1:4567/mf-manifest.json', 'http://127.0.0.1:4567'],
    ['HTTP://CDN.Example.COM:443/x', 'http://cdn.example.com:443'],
    ['https://cdn.example.com:443/x', 'https://cdn.example.com'],
    ['http://[::1]:3000/mf-manifest.json', 'http://[::1]:3000'],
  ])('%s → %s', (url, origin) => expect(originOf(url)).toBe(origin));

  it.each([
    ['a same-origin path', '/remotes/organiser/mf-manifest.json'],
    ['a protocol-relative URL', '//cdn.example.com/x'],
    ['another scheme', 'javascript:alert(1)'],
    ['garbage', 'http://'],
    // The manifest URL contract lets these through; their origins would inject CSP directives.
    ['a host with ;', "http://a;script-src 'unsafe-eval'/x"],
    ['a host with ,', 'http://a,b/x'],
  ])('ignores %s', (_label, url) => expect(originOf(url)).toBeUndefined());
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    const body = 'window.__x = 1;';
    const html = `<html><head><script defer src="/static/js/index.js"></script><script>${body}</script><script type="module" src='/a.js'></script></head></html>`;
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update(body).digest('base64')}'`]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script defer src="/static/js/index.72b20f07a2.js"></script>')).toEqual([]);
  });
});

describe('RemoteOriginsCache', () => {
  const source = (urls: string[][]) => {
    let call = 0;
    return {
      calls: () => call,
      list: jest.fn(async () =>
        (urls[Math.min(call++, urls.length - 1)] ?? []).map((manifestUrl) => ({ manifestUrl })),
      ),
    };
  };

  it('reads the registry at most once per TTL, and again after invalidate()', async () => {
    let now = 0;
    const registry = source([['https://a.example.com/m.json', '/remotes/x/m.json'], ['https://b.example.com/m.json']]);
    const cache = new RemoteOriginsCache(registry, 5_000, () => now);
    expect(await cache.get()).toEqual(['https://a.example.com']);
    now = 4_999;
    expect(await cache.get()).toEqual(['https://a.example.com']);
    expect(registry.calls()).toBe(1);
    cache.invalidate();
    expect(await cache.get()).toEqual(['https://b.example.com']);
    expect(registry.calls()).toBe(2);
  });

  it('reads again once the TTL has passed', async () => {
    let now = 0;
    const registry = source([['https://a.example.com/m.json'], ['https://b.example.com/m.json']]);
    const cache = new RemoteOriginsCache(registry, 5_000, () => now);
    await cache.get();
    now = 5_000;
    expect(await cache.get()).toEqual(['https://b.example.com']);
  });

  it('keeps the last known origins when the registry cannot be read', async () => {
    let now = 0;
    let fail = false;
    const cache = new RemoteOriginsCache(
      {
        list: async () => {
          if (fail) throw new Error('database down');
          return [{ manifestUrl: 'https://a.example.com/m.json' }];
        },
      },
      5_000,
      () => now,
    );
    await cache.get();
    fail = true;
    now = 10_000;
    expect(await cache.get()).toEqual(['https://a.example.com']);
  });

  it('does not keep a read that started before invalidate()', async () => {
    let release!: () => void;
    let urls = ['https://old.example.com/m.json'];
    const cache = new RemoteOriginsCache({
      list: async () => {
        const snapshot = urls;
        await new Promise<void>((resolve) => (release = resolve));
        return snapshot.map((manifestUrl) => ({ manifestUrl }));
      },
    });
    const stale = cache.get();
    urls = ['https://new.example.com/m.json'];
    cache.invalidate();
    release();
    await stale;
    const fresh = cache.get();
    release();
    expect(await fresh).toEqual(['https://new.example.com']);
  });
});

describe('security headers on the real app', () => {
  const CONFIGURED = 'https://configured.example.com/organiser/mf-manifest.json';
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp({ env: { REMOTE_ORGANISER_URL: CONFIGURED } });
    ({ admin } = await signUpAdminAndUser(t.http));
  });
  afterAll(() => t.close());

  it('sends nosniff, DENY framing, a referrer policy and the CSP on JSON responses', async () => {
    const response = await request(t.http).get('/api/health').expect(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = parseCsp(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://configured.example.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'https://configured.example.com']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:', 'https://configured.example.com']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://configured.example.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://configured.example.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('allows a remote origin an admin sets right after the PATCH, and drops it when reset', async () => {
    const cdn = 'http://127.0.0.1:45678';
    await admin
      .patch('/api/admin/modules/organiser')
      .send({ manifestUrl: `${cdn}/mf-manifest.json` })
      .expect(200);
    let csp = parseCsp((await request(t.http).get('/api/health').expect(200)).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", cdn]);
    expect(csp.get('connect-src')).toEqual(["'self'", cdn]);

    await admin.patch('/api/admin/modules/organiser').send({ manifestUrl: null }).expect(200);
    csp = parseCsp((await request(t.http).get('/api/health').expect(200)).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://configured.example.com']);
  });

  it('keeps answering with a sound CSP when an admin stores a URL whose host would inject a directive', async () => {
    await admin
      .patch('/api/admin/modules/organiser')
      .send({ manifestUrl: 'http://a;script-src/mf-manifest.json' })
      .expect(200);
    try {
      const response = await request(t.http).get('/api/health').expect(200);
      expect(parseCsp(response.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    } finally {
      await admin.patch('/api/admin/modules/organiser').send({ manifestUrl: null }).expect(200);
    }
  });

  it('sends the headers on error responses too', async () => {
    const response = await request(t.http).get('/api/tasks').expect(401);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
