import { aSite, someAnalytics, someDays } from '../../test/factories';
import { websitesEndpoints } from '@aide/contracts';
import { analyticsKey, blogPostsKey, WEBSITES_QUERY_KEY } from './useWebsites';
import {
  avgSeoText,
  backupDownloadUrl,
  chartTotals,
  formatMinutes,
  formatPercent,
  hasNoVisits,
  imageFileName,
  lastBackupText,
  ratingColor,
  responseTimeText,
  seoRatingOf,
  trackingSnippet,
  uptimeCoverageText,
  uptimeRatingOf,
  uptimeText,
  websiteSummary,
  withScheme,
} from './websiteView';

const token = { colorSuccess: 'green', colorWarning: 'yellow', colorError: 'red', colorTextSecondary: 'grey' };

describe('websiteSummary: the four summary cards', () => {
  it('counts the sites and sums this month’s visitors and page views', () => {
    const summary = websiteSummary([
      aSite({
        analytics: someAnalytics({ visitors: { today: 5, thisMonth: 1200 }, pageViews: { today: 9, thisMonth: 3400 } }),
      }),
      aSite({
        analytics: someAnalytics({ visitors: { today: 1, thisMonth: 34 }, pageViews: { today: 2, thisMonth: 56 } }),
      }),
    ]);
    expect(summary).toMatchObject({ websites: 2, monthlyVisitors: 1234, pageViews: 3456 });
  });

  it('averages the SEO score over the audited sites only, rounded', () => {
    expect(websiteSummary([aSite({ seoScore: 90 }), aSite({ seoScore: null }), aSite({ seoScore: 71 })]).avgSeo).toBe(
      81,
    );
    expect(websiteSummary([aSite({ seoScore: 0 }), aSite({ seoScore: null })]).avgSeo).toBe(0);
  });

  it("has no average when no site is audited, shown as '—'; otherwise 'N/100'", () => {
    expect(websiteSummary([aSite(), aSite()]).avgSeo).toBeNull();
    expect(websiteSummary([])).toEqual({ websites: 0, monthlyVisitors: 0, pageViews: 0, avgSeo: null });
    expect(avgSeoText(null)).toBe('—');
    expect(avgSeoText(81)).toBe('81/100');
  });
});

describe('formatting', () => {
  it('shows the average session in minutes from seconds, with one decimal', () => {
    expect(formatMinutes(150)).toBe('2.5 min');
    expect(formatMinutes(0)).toBe('0.0 min');
    expect(formatMinutes(61)).toBe('1.0 min');
    expect(formatMinutes(200)).toBe('3.3 min');
  });

  it('shows the bounce rate as a percent with at most one decimal', () => {
    expect(formatPercent(42)).toBe('42%');
    expect(formatPercent(33.333)).toBe('33.3%');
  });

  it("says 'Never' for a site never backed up, and the date otherwise", () => {
    expect(lastBackupText(null)).toBe('Never');
    expect(lastBackupText('2026-03-03T12:00:00.000Z')).toMatch(/^Mar [34], 2026$/);
  });

  it("shows uptime as a percent, '—' before the first check", () => {
    expect(uptimeText(null)).toBe('—');
    expect(uptimeText('99.95')).toBe('99.95%');
  });

  it('shows the response time in ms, or seconds from one second', () => {
    expect(responseTimeText(null)).toBe('—');
    expect(responseTimeText(320.4)).toBe('320 ms');
    expect(responseTimeText(1400)).toBe('1.4 s');
  });

  it('adds https:// to an address typed without a scheme, and leaves anything else to the schema', () => {
    expect(withScheme('example.com')).toBe('https://example.com');
    expect(withScheme(' shop.example.com/blog ')).toBe('https://shop.example.com/blog');
    expect(withScheme('http://example.com')).toBe('http://example.com');
    expect(withScheme('not a url')).toBe('not a url');
    expect(withScheme('localhost')).toBe('localhost');
    expect(withScheme('')).toBe('');
  });
});

describe('ratings and their colours (spec §9)', () => {
  it.each([
    ['100', 'good', 'green'],
    ['99.5', 'good', 'green'],
    ['99.49', 'fair', 'yellow'],
    ['95', 'fair', 'yellow'],
    ['94.99', 'poor', 'red'],
    ['0', 'poor', 'red'],
  ])('uptime %s%% is %s (%s)', (uptime, rating, colour) => {
    expect(uptimeRatingOf(uptime)).toBe(rating);
    expect(ratingColor(uptimeRatingOf(uptime), token)).toBe(colour);
  });

  it('has no uptime rating before the first check (a neutral colour)', () => {
    expect(uptimeRatingOf(null)).toBeNull();
    expect(ratingColor(null, token)).toBe('grey');
  });

  it.each([
    [100, 'good', 'green'],
    [90, 'good', 'green'],
    [89, 'fair', 'yellow'],
    [70, 'fair', 'yellow'],
    [69, 'poor', 'red'],
  ])('SEO score %d is %s (%s)', (score, rating, colour) => {
    expect(seoRatingOf(score)).toBe(rating);
    expect(ratingColor(seoRatingOf(score), token)).toBe(colour);
  });

  it('has no SEO rating before the first audit', () => {
    expect(seoRatingOf(null)).toBeNull();
  });
});

describe('analytics', () => {
  it('has no visits when this month and the 30 days are all zero', () => {
    expect(hasNoVisits(aSite(), someDays(30))).toBe(true);
    expect(hasNoVisits(aSite(), undefined)).toBe(true);
    expect(
      hasNoVisits(
        aSite(),
        someDays(30, (i) => (i === 3 ? 1 : 0)),
      ),
    ).toBe(false);
    expect(
      hasNoVisits(aSite({ analytics: someAnalytics({ visitors: { today: 0, thisMonth: 4 } }) }), someDays(30)),
    ).toBe(false);
  });

  it('totals the chart and names its busiest day', () => {
    const totals = chartTotals(someDays(3, (i) => [2, 7, 1][i]));
    expect(totals).toEqual({
      visitors: 10,
      pageViews: 20,
      busiest: { date: '2026-03-29', visitors: 7, pageViews: 14 },
    });
    expect(chartTotals(someDays(3)).busiest).toBeNull();
  });

  it("keys a site's queries under a path its changes invalidate, so the live stream refetches them", () => {
    for (const key of [WEBSITES_QUERY_KEY, analyticsKey(7), blogPostsKey(7)]) {
      expect(websitesEndpoints.update.invalidates).toContain(key[0]);
    }
    expect(backupDownloadUrl(12)).toBe('/api/documents/12/download');
  });
});

describe('trackingSnippet', () => {
  it("is the app's script with the site's key, deferred", () => {
    expect(trackingSnippet('https://aide.example.com', 'abc123')).toBe(
      '<script defer src="https://aide.example.com/api/collect/script.js" data-site="abc123"></script>',
    );
    expect(trackingSnippet('http://localhost:3000/', 'k')).toBe(
      '<script defer src="http://localhost:3000/api/collect/script.js" data-site="k"></script>',
    );
  });
});

describe('what the uptime covers', () => {
  const now = new Date(2026, 2, 10, 15, 0);
  it('says the 30 days once the checks cover them, and nothing before the first check', () => {
    expect(uptimeCoverageText({ uptime: '99.95', uptimeSince: null }, now)).toBe('Last 30 days');
    expect(uptimeCoverageText({ uptime: null, uptimeSince: null }, now)).toBe('Not checked yet');
  });
  it('names the time the checks began today, else the day', () => {
    expect(uptimeCoverageText({ uptime: '99.50', uptimeSince: new Date(2026, 2, 10, 12, 4).toISOString() }, now)).toBe(
      'Since 12:04 PM',
    );
    expect(uptimeCoverageText({ uptime: '99.50', uptimeSince: new Date(2026, 2, 3, 12, 4).toISOString() }, now)).toBe(
      'Since Mar 3, 2026',
    );
  });
  it('names an image by its file name', () => {
    expect(imageFileName('https://e.com/img/team%20photo.jpg?w=2')).toBe('team photo.jpg');
    expect(imageFileName('(no src)')).toBe('(no src)');
  });
});
