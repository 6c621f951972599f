/** What the Website Manager shows of a site, computed from the site alone. Pure: no React. */
import { endpointUrl } from '@aide/api-client';
import {
  documentsEndpoints,
  seoRating,
  uptimeRating,
  WEBSITE_MESSAGES,
  WEBSITE_PLATFORM_LABELS,
  type BlogPostStatus,
  type Rating,
  type Website,
  type WebsiteAnalytics,
  type WebsiteAnalyticsDay,
  type WebsiteJobStatus,
  type WebsitePlatform,
  websiteAnalyticsEndpoints,
} from '@aide/contracts';

// ---- Links ----

/** A finished backup's archive: the Documents module's download of it. */
export const backupDownloadUrl = (documentId: number) => endpointUrl(documentsEndpoints.download, { id: documentId });

// ---- Formatting ----

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** '12,345'. */
export const formatCount = (value: number) => integer.format(value);

/** Spec §9: the average session is shown in minutes, from seconds, with one decimal ('2.5 min'). */
export const formatMinutes = (seconds: number) => `${(Math.max(0, seconds) / 60).toFixed(1)} min`;

/** '42.5%' (one decimal at most). */
export const formatPercent = (value: number) => `${Number(value.toFixed(1))}%`;

/**
 * The month's bounce rate and average session, or '—' for both while the month has no page view:
 * 0% and 0.0 min would read as figures, when there is nothing to measure yet.
 */
export function sessionFigures(analytics: Pick<WebsiteAnalytics, 'pageViews' | 'bounceRate' | 'avgSessionDuration'>): {
  bounceRate: string;
  avgSession: string;
} {
  if (analytics.pageViews.thisMonth === 0) return { bounceRate: '—', avgSession: '—' };
  return { bounceRate: formatPercent(analytics.bounceRate), avgSession: formatMinutes(analytics.avgSessionDuration) };
}

/** 'Mar 3, 2026, 2:05 PM' in the browser's zone. */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Spec §2: the last backup's date, or 'Never'. */
export const lastBackupText = (lastBackup: string | null) =>
  lastBackup
    ? new Date(lastBackup).toLocaleDateString('en-US', { dateStyle: 'medium' })
    : WEBSITE_MESSAGES.neverBackedUp;

/** '—' until the first uptime check, then '99.95%'. */
export const uptimeText = (uptime: string | null) => (uptime === null ? '—' : `${uptime}%`);

/** '320 ms', '1.4 s'; '—' before the first check. */
export const responseTimeText = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

/** The site's address without the scheme and a bare trailing slash, for display ('example.com/blog'). */
export const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

export const platformLabel = (platform: WebsitePlatform | null) =>
  platform ? WEBSITE_PLATFORM_LABELS[platform] : null;

/**
 * A typed address without a scheme ('example.com/blog') gets https://, so the user need not type it;
 * anything else (blank, with spaces, another scheme) is left for the schema to judge.
 */
export function withScheme(raw: string): string {
  const value = raw.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value) || /\s/.test(value) || !/^[^/]+\.[^/]/.test(value)) return raw;
  return `https://${value}`;
}

// ---- Ratings (spec §9) ----

/** The uptime's rating, null before the first check (or an unreadable figure). */
export function uptimeRatingOf(uptime: string | null): Rating | null {
  if (uptime === null) return null;
  const percent = Number.parseFloat(uptime);
  return Number.isFinite(percent) ? uptimeRating(percent) : null;
}

export const seoRatingOf = (score: number | null): Rating | null => (score === null ? null : seoRating(score));

/** The antd theme colours a rating is shown in (green, yellow, red). */
export interface RatingTokens {
  colorSuccess: string;
  colorWarning: string;
  colorError: string;
  colorTextSecondary: string;
}
export function ratingColor(rating: Rating | null, token: RatingTokens): string {
  switch (rating) {
    case 'good':
      return token.colorSuccess;
    case 'fair':
      return token.colorWarning;
    case 'poor':
      return token.colorError;
    default:
      return token.colorTextSecondary;
  }
}

export const RATING_LABELS: Record<Rating, string> = { good: 'Good', fair: 'Needs work', poor: 'Poor' };

// ---- The summary cards ----

export interface WebsiteSummary {
  websites: number;
  monthlyVisitors: number;
  pageViews: number;
  /** The mean SEO score of the audited sites (rounded); null when none is audited. */
  avgSeo: number | null;
}

/** Spec §2: Websites, Monthly Visitors, Page Views (this month) and Avg SEO Score over the audited sites. */
export function websiteSummary(sites: readonly Website[]): WebsiteSummary {
  const audited = sites.filter((site) => site.seoScore !== null).map((site) => site.seoScore as number);
  return {
    websites: sites.length,
    monthlyVisitors: sites.reduce((sum, site) => sum + site.analytics.visitors.thisMonth, 0),
    pageViews: sites.reduce((sum, site) => sum + site.analytics.pageViews.thisMonth, 0),
    avgSeo: audited.length ? Math.round(audited.reduce((sum, score) => sum + score, 0) / audited.length) : null,
  };
}

/** 'N/100', or '—' when no site has been audited. */
export const avgSeoText = (avgSeo: number | null) => (avgSeo === null ? '—' : `${avgSeo}/100`);

// ---- Jobs ----

/** A job of the site (audit, backup, security check) waits or runs: its button waits too. */
export const isRunning = (status: WebsiteJobStatus) => status === 'pending' || status === 'running';

export const BLOG_STATUS_LABELS: Record<BlogPostStatus, string> = {
  pending: 'Queued',
  writing: 'Writing',
  draft: 'Draft',
  published: 'Published',
  failed: 'Failed',
};
export const isBlogPostBusy = (status: BlogPostStatus) => status === 'pending' || status === 'writing';

// ---- Analytics ----

/** Whether the site has had no visit yet: nothing this month nor in the days given. */
export function hasNoVisits(
  site: Pick<Website, 'analytics'>,
  days: readonly WebsiteAnalyticsDay[] | undefined,
): boolean {
  const { visitors, pageViews } = site.analytics;
  if (visitors.thisMonth > 0 || pageViews.thisMonth > 0 || visitors.today > 0) return false;
  return !(days ?? []).some((day) => day.visitors > 0 || day.pageViews > 0);
}

/** The chart's totals for its text summary. */
export function chartTotals(days: readonly WebsiteAnalyticsDay[]) {
  const visitors = days.reduce((sum, day) => sum + day.visitors, 0);
  const pageViews = days.reduce((sum, day) => sum + day.pageViews, 0);
  const busiest = days.reduce<WebsiteAnalyticsDay | null>(
    (best, day) => (best === null || day.visitors > best.visitors ? day : best),
    null,
  );
  return { visitors, pageViews, busiest: busiest && busiest.visitors > 0 ? busiest : null };
}

/** 'Mar 3' for a chart day ('YYYY-MM-DD'). */
export const chartDay = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

// ---- The tracking script (DECISIONS: analytics from a privacy-friendly script the user adds) ----

/** The tag to paste into the site's <head>: the app's own script, told which site it counts. */
export const trackingSnippet = (origin: string, siteKey: string) =>
  `<script defer src="${origin.replace(/\/$/, '')}${endpointUrl(websiteAnalyticsEndpoints.trackingScript)}" data-site="${siteKey}"></script>`;
