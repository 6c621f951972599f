import { type ResearchWeb, startResearchWeb } from '../../../../test/research-web';
import type { ReadOutcome, ReadPage } from '../pipeline.types';
import { OutboundPolicy } from '../../../outbound/outbound-policy';
import { PageReader } from './page-reader';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let web: ResearchWeb;

beforeAll(async () => {
  web = await startResearchWeb({ slowDelayMs: 5_000 });
});
afterAll(() => web.close());

/** allowPrivateNetworks is OUTBOUND_ALLOW_PRIVATE_NETWORKS' value: 'true' (the default here), 'false' or a list. */
const reader = ({
  allowPrivateNetworks = 'true',
  ...options
}: { timeoutMs?: number; allowPrivateNetworks?: string; maxBytes?: number } = {}) =>
  new PageReader({ timeoutMs: 5_000, policy: new OutboundPolicy(allowPrivateNetworks), ...options });

function page(outcome: ReadOutcome): ReadPage {
  if (!outcome.ok) throw new Error(`expected a page, got: ${outcome.reason}`);
  return outcome.page;
}

const daysAgo = (iso: string | null) => Math.round((Date.now() - new Date(iso ?? NaN).getTime()) / DAY_MS);

describe('PageReader', () => {
  it('reads a strong article: its title, author, ISO date, site and readable text in paragraphs', async () => {
    const read = page(await reader().read(web.urls.strong));

    expect(read).toMatchObject({
      url: web.urls.strong,
      title: 'Urban heat islands explained: causes, health effects and what cities can do',
      author: 'Dr. Maria Lopez',
      siteName: 'Climate Science Review',
    });
    expect(read.publishedAt).toMatch(ISO);
    expect(daysAgo(read.publishedAt)).toBe(30);
    expect(read.text).toContain(
      'An urban heat island is a city or metropolitan area that is significantly warmer than the rural land around it.',
    );
    expect(read.text).toContain('\n\nThe main cause is the material cities are built from.');
    expect(read.text).not.toMatch(/ {2}|\n{3}/);
    // The site's navigation and footer are not the article.
    expect(read.text).not.toContain('All rights reserved');
    expect(read.text).not.toContain('Contact');
  });

  it('reads the author and date from JSON-LD when the page has no meta for them', async () => {
    const read = page(await reader().read(web.urls.decent));
    expect(read).toMatchObject({ title: 'Why cities run hot', author: 'Tom Becker' });
    expect(daysAgo(read.publishedAt)).toBe(730);
  });

  it('reads a thin page with no author and no date', async () => {
    const read = page(await reader().read(web.urls.thin));
    expect(read).toMatchObject({ title: 'Heat island notes', author: null, publishedAt: null });
    expect(read.text.length).toBeGreaterThanOrEqual(200);
    expect(read.text).toContain('Cool roofs and street trees help.');
  });

  it('reads text/plain as plain text, paragraphs kept', async () => {
    const read = page(await reader().read(web.urls.plainText));
    expect(read).toMatchObject({ title: 'Why cities run hot', author: null, publishedAt: null });
    expect(read.text).toMatch(/^Why cities run hot\n\nWhy do cities run hotter/);
  });

  it('drops a page with too little readable text', async () => {
    expect(await reader().read(web.urls.stub)).toEqual({
      ok: false,
      url: web.urls.stub,
      reason: 'too little readable text',
    });
  });

  it('says why a dead link or a closed port could not be read', async () => {
    expect(await reader().read(web.urls.dead)).toEqual({ ok: false, url: web.urls.dead, reason: 'HTTP 404' });
    expect(await reader().read(web.urls.closedPort)).toEqual({
      ok: false,
      url: web.urls.closedPort,
      reason: 'connection refused',
    });
  });

  it('gives up on a slow page after the timeout', async () => {
    const started = Date.now();
    expect(await reader({ timeoutMs: 1_000 }).read(web.urls.slow)).toEqual({
      ok: false,
      url: web.urls.slow,
      reason: 'timed out after 1000 ms',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('throws only when the caller aborts, so a cancelled job stops', async () => {
    const controller = new AbortController();
    const reading = reader({ timeoutMs: 10_000 }).read(web.urls.slow, controller.signal);
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(reading).rejects.toThrow('job cancelled');
  });

  it('drops what is not a web page, naming its type', async () => {
    expect(await reader().read(web.urls.pdf)).toEqual({
      ok: false,
      url: web.urls.pdf,
      reason: 'not a web page (application/pdf)',
    });
  });

  it('stops downloading at the size cap and reads what came', async () => {
    const read = page(await reader().read(web.urls.endless));
    expect(read.title).toBe('An endless page about urban heat islands');
    expect(read.text).toContain('Cities can reduce the effect.');
    expect(read.text).not.toContain('xxxx');
  });

  it('cuts a page at a smaller cap, leaving too little to read', async () => {
    expect(await reader({ maxBytes: 300 }).read(web.urls.strong)).toEqual({
      ok: false,
      url: web.urls.strong,
      reason: 'too little readable text',
    });
  });

  it('follows redirects, at most five', async () => {
    expect(page(await reader().read(web.urls.redirectTo(web.urls.strong))).url).toBe(web.urls.strong);
    expect(page(await reader().read(web.urls.redirectChain(5))).url).toBe(web.urls.strong);
    expect(await reader().read(web.urls.redirectChain(6))).toEqual({
      ok: false,
      url: web.urls.redirectChain(6),
      reason: 'too many redirects (more than 5)',
    });
  });

  it('reads http(s) only, on the first hop and on every redirect', async () => {
    expect(await reader().read('ftp://files.example.org/heat.txt')).toEqual({
      ok: false,
      url: 'ftp://files.example.org/heat.txt',
      reason: 'refused: not an http(s) address (ftp:)',
    });
    expect(await reader().read(web.urls.redirectTo('file:///etc/passwd'))).toMatchObject({
      ok: false,
      reason: 'refused: not an http(s) address (file:)',
    });
    expect(await reader().read('not an address')).toMatchObject({ ok: false, reason: 'not a valid address' });
  });

  it('refuses loopback and private addresses unless private networks are allowed', async () => {
    const closed = reader({ allowPrivateNetworks: 'false' });
    const refused = { ok: false, reason: 'refused: address on a private network' };
    expect(await closed.read(web.urls.strong)).toEqual({ ...refused, url: web.urls.strong });
    const byName = web.urls.strong.replace('127.0.0.1', 'localhost');
    expect(await closed.read(byName)).toEqual({ ...refused, url: byName });
    expect(await closed.read('http://[::1]:9/')).toMatchObject(refused);
    expect(await closed.read('http://169.254.169.254/latest/meta-data/')).toMatchObject(refused);
    expect((await reader({ allowPrivateNetworks: 'true' }).read(web.urls.strong)).ok).toBe(true);
  });

  // The fixture on 127.0.0.1 stands in for a host the operator allows (OUTBOUND_ALLOW_PRIVATE_NETWORKS=127.0.0.1);
  // a redirect from it to any other private address is still refused, before any connection is made.
  describe('a host that may be read', () => {
    it('is read, but its redirects to other private addresses are refused', async () => {
      const closed = reader({ allowPrivateNetworks: '127.0.0.1' });
      expect(page(await closed.read(web.urls.strong)).author).toBe('Dr. Maria Lopez');
      for (const target of ['http://[::1]:9/', 'http://10.0.0.8/admin', 'http://169.254.169.254/latest/meta-data/']) {
        const sneaky = web.urls.redirectTo(target);
        expect(await closed.read(sneaky)).toEqual({
          ok: false,
          url: sneaky,
          reason: 'refused: address on a private network',
        });
      }
    });
  });
});
