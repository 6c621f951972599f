import type { WebsiteAnalytics, WebsiteAnalyticsDay } from '@aide/contracts';

/** What the uptime checks say about a site (see analytics/uptime). */
export interface WebsiteUptimeSummary {
  /** Percent string over WEBSITE_LIMITS.uptimeDays ('99.95'); null before the first check. */
  uptime: string | null;
  /** When the counted checks began, if within the window (the figure covers only the time since); else null. */
  since: Date | null;
  isOnline: boolean | null;
  lastCheckedAt: Date | null;
  responseTimeMs: number | null;
}

/**
 * The figures of the user's sites that come from the tracking script and the uptime checks, for the
 * list, the dashboard and the analytics chart. Implemented by the analytics part of the module
 * (analytics/website-metrics.service.ts); the websites service only reads through it.
 */
export abstract class WebsiteMetrics {
  /** Each site's traffic today and this month, in `timezone`; a site without events gets zeros. */
  abstract traffic(websiteIds: number[], timezone: string): Promise<Map<number, WebsiteAnalytics>>;
  abstract uptime(websiteIds: number[]): Promise<Map<number, WebsiteUptimeSummary>>;
  /** One row per day of the last `days`, oldest first, days without visits included. */
  abstract daily(websiteId: number, days: number, timezone: string): Promise<WebsiteAnalyticsDay[]>;
  /**
   * Visits that came through campaign links (issue 27): for each key, how many sessions on this
   * user's sites landed on an address carrying that utm_campaign (and that utm_source, when the key
   * names one), all time. Answers in the keys' order; a key no visit carried counts 0. The social
   * posts and blog posts that carried the links show these counts.
   */
  abstract campaignVisits(userId: number, keys: readonly CampaignKey[]): Promise<number[]>;
}

/** One campaign link's tags as the visits are counted by: utm_campaign, and utm_source when given. */
export interface CampaignKey {
  campaign: string;
  source?: string;
}
