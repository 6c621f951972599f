import { randomBytes } from 'node:crypto';
import { WEBSITE_ANALYTICS_LIMITS } from '@aide/contracts';
import { BOT_USER_AGENT } from './collect.controller';
import { MinuteCounter } from './collect-rate-limit';
import {
  foldIntoSessions,
  sessionSource,
  SESSION_GAP_MS,
  sessionSeconds,
  type SessionState,
  type TrackedEvent,
} from './sessions';
import { normalHost } from './site-directory';
import { TRACKING_SCRIPT } from './tracking-script';
import { utcDay, visitorHash } from './visitor-hash';
import { uptimePercent } from './website-metrics.service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('visitor hash', () => {
  const today = randomBytes(32);
  const tomorrow = randomBytes(32);

  it('is the same for the same visitor, site and day', () => {
    expect(visitorHash(today, 'site1', '203.0.113.7', CHROME)).toBe(visitorHash(today, 'site1', '203.0.113.7', CHROME));
  });

  it('changes with the next day’s salt, so a visitor is not followed across days', () => {
    expect(visitorHash(tomorrow, 'site1', '203.0.113.7', CHROME)).not.toBe(
      visitorHash(today, 'site1', '203.0.113.7', CHROME),
    );
  });

  it('differs between sites, addresses and browsers', () => {
    const base = visitorHash(today, 'site1', '203.0.113.7', CHROME);
    expect(visitorHash(today, 'site2', '203.0.113.7', CHROME)).not.toBe(base);
    expect(visitorHash(today, 'site1', '203.0.113.8', CHROME)).not.toBe(base);
    expect(visitorHash(today, 'site1', '203.0.113.7', `${CHROME} Edg/131`)).not.toBe(base);
  });

  it('is a 64-bit integer as decimal text (a Postgres bigint)', () => {
    const hash = visitorHash(today, 'site1', '203.0.113.7', CHROME);
    expect(hash).toMatch(/^-?\d{1,19}$/);
    expect(BigInt(hash) >= -(2n ** 63n) && BigInt(hash) < 2n ** 63n).toBe(true);
  });

  it('rotates at UTC midnight', () => {
    expect(utcDay(new Date('2030-03-15T23:59:59.999Z'))).toBe('2030-03-15');
    expect(utcDay(new Date('2030-03-16T00:00:00.000Z'))).toBe('2030-03-16');
  });
});

describe('sessions', () => {
  const t0 = new Date('2030-03-15T10:00:00Z').getTime();
  const at = (minutes: number) => new Date(t0 + minutes * 60_000);
  const view = (minutes: number, hash = 'A', pathname = '/', previousHash: string | null = null): TrackedEvent => ({
    websiteId: 1,
    type: 'pageview',
    occurredAt: at(minutes),
    visitorHash: hash,
    previousHash,
    pathname,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    engagedMs: 0,
    eventName: null,
  });
  const engaged = (minutes: number, ms: number, hash = 'A'): TrackedEvent => ({
    ...view(minutes, hash),
    type: 'engagement',
    engagedMs: ms,
  });

  it('puts page views at most 30 minutes apart in one session, not a bounce, lasting first to last', () => {
    const changes = foldIntoSessions([], [view(0, 'A', '/'), view(10, 'A', '/b'), view(25, 'A', '/c')]);
    expect(changes.inserted).toHaveLength(1);
    expect(changes.inserted[0]).toMatchObject({ pageViews: 3, entryPath: '/', startedAt: at(0), lastSeenAt: at(25) });
    expect(sessionSeconds(changes.inserted[0])).toBe(25 * 60);
    expect(changes.pageviews.map((p) => p.pathname)).toEqual(['/', '/b', '/c']);
  });

  it('starts a new session after more than 30 minutes of inactivity', () => {
    const changes = foldIntoSessions([], [view(0), view(30), view(61)]);
    expect(changes.inserted.map((s) => s.pageViews)).toEqual([2, 1]);
    expect(SESSION_GAP_MS).toBe(30 * 60_000);
  });

  it('keeps visitors apart; a single page view is a bounce of zero length until engagement is reported', () => {
    const changes = foldIntoSessions([], [view(0, 'A'), view(1, 'B'), view(2, 'A'), engaged(3, 45_000, 'B')]);
    const byHash = Object.fromEntries(changes.inserted.map((s) => [s.visitorHash, s]));
    expect(byHash.A.pageViews).toBe(2);
    expect(byHash.B.pageViews).toBe(1);
    // Engagement extends the last activity and adds the visible time: B read the page for 2 minutes.
    expect(byHash.B.engagedMs).toBe(45_000);
    expect(sessionSeconds(byHash.B)).toBe(120);
    expect(changes.pageviews).toHaveLength(3);
  });

  it('continues a stored open session and reports it as updated', () => {
    const open: SessionState = {
      id: '7',
      websiteId: 1,
      visitorHash: 'A',
      startedAt: at(-10),
      lastSeenAt: at(-5),
      pageViews: 1,
      engagedMs: 0,
      entryPath: '/',
      referrerHost: 'news.example',
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    };
    const changes = foldIntoSessions([open], [view(20)]);
    expect(changes.inserted).toEqual([]);
    expect(changes.updated).toEqual([{ ...open, pageViews: 2, lastSeenAt: at(20) }]);
  });

  it('continues a session open across midnight under yesterday’s hash', () => {
    const open: SessionState = {
      id: '8',
      websiteId: 1,
      visitorHash: 'old',
      startedAt: at(-3),
      lastSeenAt: at(-1),
      pageViews: 1,
      engagedMs: 0,
      entryPath: '/',
      referrerHost: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    };
    const changes = foldIntoSessions([open], [view(5, 'new', '/next', 'old')]);
    expect(changes.inserted).toEqual([]);
    expect(changes.updated[0].pageViews).toBe(2);
    expect(changes.pageviews[0].visitorHash).toBe('old');
  });

  it("keeps the landing page's campaign tags on the session, and each page view's own", () => {
    const tagged = { ...view(0), utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'spring-sale' };
    const changes = foldIntoSessions([], [tagged, view(5, 'A', '/pricing')]);
    expect(changes.inserted[0]).toMatchObject({
      utmSource: 'linkedin',
      utmMedium: 'social',
      utmCampaign: 'spring-sale',
    });
    expect(changes.pageviews.map((p) => p.utmCampaign)).toEqual(['spring-sale', null]);
  });

  it('attributes a session to its utm_source, else its referrer, else Direct (null)', () => {
    expect(sessionSource({ utmSource: 'newsletter', referrerHost: 'mail.example' })).toBe('newsletter');
    expect(sessionSource({ utmSource: null, referrerHost: 'news.example' })).toBe('news.example');
    expect(sessionSource({ utmSource: null, referrerHost: null })).toBeNull();
  });

  it("records a custom event under the open session's hash, and never starts a session from it", () => {
    const signup = (minutes: number, hash: string): TrackedEvent => ({
      ...view(minutes, hash),
      type: 'event',
      eventName: 'signup',
    });
    const changes = foldIntoSessions([], [view(0, 'A'), signup(1, 'A'), signup(2, 'B')]);
    expect(changes.inserted).toHaveLength(1);
    expect(changes.customEvents.map((e) => [e.visitorHash, e.name])).toEqual([
      ['A', 'signup'],
      ['B', 'signup'],
    ]);
  });

  it('drops an engagement report with no open session, and never starts one from it', () => {
    const changes = foldIntoSessions([], [engaged(0, 1000)]);
    expect(changes).toEqual({ inserted: [], updated: [], pageviews: [], customEvents: [], dropped: 1 });
  });

  it('orders the batch by time, whatever order the events arrived in', () => {
    const changes = foldIntoSessions([], [view(40), view(0), view(20)]);
    expect(changes.inserted).toHaveLength(1);
    expect(changes.inserted[0].pageViews).toBe(3);
  });

  it('counts engaged time as the length when it is longer than first-to-last', () => {
    expect(sessionSeconds({ startedAt: at(0), lastSeenAt: at(0), engagedMs: 12_500 })).toBe(12.5);
  });
});

describe('tracking script', () => {
  it(`is under ${WEBSITE_ANALYTICS_LIMITS.scriptMaxBytes} bytes`, () => {
    expect(Buffer.byteLength(TRACKING_SCRIPT, 'utf8')).toBeLessThan(WEBSITE_ANALYTICS_LIMITS.scriptMaxBytes);
  });

  it('is valid JavaScript', () => {
    expect(() => new Function(TRACKING_SCRIPT)).not.toThrow();
  });

  it('checks Do Not Track and Global Privacy Control before anything else', () => {
    const check = TRACKING_SCRIPT.indexOf("n.doNotTrack=='1'||w.doNotTrack=='1'||n.globalPrivacyControl)return");
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(TRACKING_SCRIPT.indexOf('sendBeacon'));
  });

  it('sends with sendBeacon (fetch keepalive, no credentials, as the fallback) to /api/collect on its own origin', () => {
    expect(TRACKING_SCRIPT).toContain("new URL(s.src).origin+'/api/collect'");
    expect(TRACKING_SCRIPT).toContain('n.sendBeacon(e,b)');
    expect(TRACKING_SCRIPT).toContain("keepalive:!0,credentials:'omit'");
  });

  it('follows SPA navigations and reports engaged time on leaving', () => {
    for (const part of [
      "'pushState','replaceState'",
      "'popstate'",
      "'visibilitychange'",
      "'pagehide'",
      "type:'engagement'",
      'if(u==l)return',
    ]) {
      expect(TRACKING_SCRIPT).toContain(part);
    }
  });

  it('sets no cookie and keeps no identifier in storage', () => {
    expect(TRACKING_SCRIPT).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB/);
  });
});

describe('bot User-Agents', () => {
  it.each([
    'Googlebot/2.1 (+http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'facebookexternalhit/1.1',
    'curl/8.5.0',
    'python-requests/2.31',
    CHROME.replace('Chrome/', 'HeadlessChrome/'),
    'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
    'node-fetch/1.0',
  ])('%s is a bot', (ua) => {
    expect(BOT_USER_AGENT.test(ua)).toBe(true);
  });

  it.each([
    CHROME,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  ])('%s is a person', (ua) => {
    expect(BOT_USER_AGENT.test(ua)).toBe(false);
  });
});

describe('rate limit and helpers', () => {
  it('lets `limit` hits a minute through per key, then refuses until the next minute', () => {
    let now = 120_000;
    const counter = new MinuteCounter(3, () => now);
    expect([1, 2, 3, 4].map(() => counter.hit('a'))).toEqual([true, true, true, false]);
    expect(counter.hit('b')).toBe(true);
    expect(counter.retryAfterSeconds()).toBe(60);
    now += 60_000;
    expect(counter.hit('a')).toBe(true);
  });

  it('writes uptime with two decimals, rounded down so 100.00 means no failure', () => {
    expect(uptimePercent(1, 1)).toBe('100.00');
    expect(uptimePercent(1999, 2000)).toBe('99.95');
    expect(uptimePercent(99_999, 100_000)).toBe('99.99');
    expect(uptimePercent(1, 3)).toBe('33.33');
    expect(uptimePercent(0, 4)).toBe('0.00');
  });

  it('treats www. and letter case as the same host', () => {
    expect(normalHost('WWW.Example.COM')).toBe('example.com');
    expect(normalHost('blog.example.com')).toBe('blog.example.com');
  });
});
