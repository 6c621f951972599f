/** Small factories for the screen's data (STYLE: fixtures by factory, not copied JSON). */
import type {
  BlogPost,
  SecurityCheckResult,
  SeoCheckResult,
  Website,
  WebsiteAnalytics,
  WebsiteAnalyticsDay,
} from '@aide/contracts';

let nextId = 100;

export function someAnalytics(fields: Partial<WebsiteAnalytics> = {}): WebsiteAnalytics {
  return {
    visitors: { today: 0, thisMonth: 0 },
    pageViews: { today: 0, thisMonth: 0 },
    bounceRate: 0,
    avgSessionDuration: 0,
    ...fields,
  };
}

/** An active WordPress site, just added: no visit, check, audit or backup yet. */
export function aSite(fields: Partial<Website> = {}): Website {
  nextId += 1;
  return {
    id: nextId,
    userId: 1,
    name: `Site ${nextId}`,
    url: `https://site${nextId}.example.com`,
    platform: 'wordpress',
    isActive: true,
    siteKey: `key-${nextId}`,
    analytics: someAnalytics(),
    seoScore: null,
    seo: { status: 'idle', checkedAt: null, checks: [], pages: [], error: null },
    uptime: null,
    uptimeSince: null,
    isOnline: null,
    lastCheckedAt: null,
    responseTimeMs: null,
    lastBackup: null,
    backup: { status: 'idle', documentId: null, pages: null, error: null },
    security: { status: 'idle', checkedAt: null, checks: [], error: null },
    blogPosts: 0,
    wordpress: { configured: false, username: null },
    createdAt: '2026-03-01T10:00:00.000Z',
    ...fields,
  };
}

export function aSeoCheck(fields: Partial<SeoCheckResult> = {}): SeoCheckResult {
  nextId += 1;
  return {
    id: `check-${nextId}`,
    label: `Check ${nextId}`,
    passed: true,
    points: 10,
    max: 10,
    detail: 'Fine',
    recommendation: null,
    ...fields,
  };
}

export function aSecurityCheck(fields: Partial<SecurityCheckResult> = {}): SecurityCheckResult {
  nextId += 1;
  return {
    id: `security-${nextId}`,
    label: `Security ${nextId}`,
    passed: true,
    detail: 'Fine',
    recommendation: null,
    ...fields,
  };
}

export function aBlogPost(fields: Partial<BlogPost> = {}): BlogPost {
  nextId += 1;
  return {
    id: nextId,
    websiteId: 1,
    topic: `Topic ${nextId}`,
    keywords: ['seo'],
    title: null,
    content: null,
    status: 'pending',
    wordpressUrl: null,
    error: null,
    method: null,
    createdAt: '2026-03-02T09:30:00.000Z',
    visits: null,
    ...fields,
  };
}

/** `count` days ending 2026-03-30, each with the visitors `visitors(i)` and twice as many page views. */
export function someDays(count: number, visitors: (index: number) => number = () => 0): WebsiteAnalyticsDay[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2026, 2, 30 - (count - 1 - index)));
    const v = visitors(index);
    return { date: date.toISOString().slice(0, 10), visitors: v, pageViews: v * 2 };
  });
}
