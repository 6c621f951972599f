// The SEO audit beyond the home page, over HTTP with job workers, against a small site on 127.0.0.1:
// robots.txt names a sitemap index, whose sitemap lists the home page, about.html (two h1s, no meta
// description, an image without alt text), a page robots.txt disallows and one on another host.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Website } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';

jest.setTimeout(90_000);

let t: TestApp;
let server: http.Server;
let origin: string;
const asked: string[] = [];

const HOME = `<!doctype html><html lang="en"><head><title>Clay and Kiln pottery studio</title>
<meta name="description" content="Hand-thrown mugs, bowls and plates from a small pottery studio, with classes every week.">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="/"></head>
<body><h1>Clay and Kiln</h1><img src="/logo.png" alt="Clay and Kiln logo"><a href="/about.html">About us</a></body></html>`;
const ABOUT = `<!doctype html><html lang="en"><head><title>About the Clay and Kiln studio</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="/about.html"></head>
<body><h1>About us</h1><h1>Our kiln</h1><img src="/images/kiln.jpg"><img src="/images/team.jpg" alt="The team"></body></html>`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const send = (type: string, body: string) => res.writeHead(200, { 'content-type': type }).end(body);
    switch (req.url) {
      case '/':
      case '/index.html':
        return send('text/html; charset=utf-8', HOME);
      case '/about.html':
        return send('text/html; charset=utf-8', ABOUT);
      case '/private/secret.html':
        return send('text/html; charset=utf-8', '<title>Secret</title>');
      case '/robots.txt':
        return send('text/plain', `User-agent: *\nDisallow: /private/\nSitemap: ${origin}/sitemap_index.xml\n`);
      case '/sitemap_index.xml':
        return send(
          'application/xml',
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/pages.xml</loc></sitemap></sitemapindex>`,
        );
      case '/pages.xml':
        return send(
          'application/xml',
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
            `${origin}/index.html`,
            `${origin}/about.html`,
            `${origin}/private/secret.html`,
            'http://example.invalid/elsewhere.html',
          ]
            .map((loc) => `<url><loc>${loc}</loc></url>`)
            .join('')}</urlset>`,
        );
      default:
        return res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { ...FAST_JOBS_ENV, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', WEBSITE_FETCH_TIMEOUT_MS: '3000' },
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function audited(agent: Agent, id: number): Promise<Website> {
  return waitFor(
    async () => {
      const site = ((await agent.get('/api/websites').expect(200)).body as Website[]).find((s) => s.id === id)!;
      return site.seo.status === 'completed' || site.seo.status === 'failed' ? site : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `website ${id}'s SEO audit to end` },
  );
}

it('audits the sitemap’s pages, each with its own findings: about.html’s two h1s, missing description and the image without alt', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const added = (
    await agent
      .post('/api/websites')
      .send({ url: `${origin}/`, name: 'Clay and Kiln' })
      .expect(201)
  ).body as Website;
  const site = await audited(agent, added.id);
  expect(site.seo.status).toBe('completed');

  // The home page (once, not again as /index.html) and about.html; not the disallowed page nor the other host's.
  expect(site.seo.pages.map((page) => page.path)).toEqual(['/', '/about.html']);
  expect(asked).not.toContain('/private/secret.html');
  const [home, about] = site.seo.pages;
  expect(home.checks.filter((check) => !check.passed)).toEqual([]);
  expect(home.score).toBe(100);

  const failing = Object.fromEntries(about.checks.filter((check) => !check.passed).map((check) => [check.id, check]));
  expect(Object.keys(failing).sort()).toEqual(['h1', 'imageAlt', 'metaDescription']);
  expect(failing.h1.detail).toBe('The page has 2 <h1> headings');
  expect(failing.metaDescription.detail).toBe('The page has no meta description');
  expect(failing.imageAlt.detail).toBe('1 of 2 images have alt text; missing on kiln.jpg');
  expect(about.imagesWithoutAlt).toEqual([`${origin}/images/kiln.jpg`]);
  expect(about.score).toBeLessThan(100);
  expect(about.error).toBeNull();

  // The site's score accounts for about.html: its checks fall short, naming the page.
  const siteCheck = (id: string) => site.seo.checks.find((check) => check.id === id)!;
  expect(siteCheck('h1')).toMatchObject({ passed: false, detail: '1 of 2 audited pages fall short: /about.html' });
  expect(siteCheck('metaDescription').passed).toBe(false);
  expect(siteCheck('sitemap')).toMatchObject({
    passed: true,
    detail: `A sitemap was found at ${origin}/sitemap_index.xml`,
  });
  expect(site.seoScore).toBe(site.seo.checks.reduce((sum, check) => sum + check.points, 0));
});
