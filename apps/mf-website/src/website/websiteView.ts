/** What the Website Manager shows of a site, computed from the site alone. Pure: no React. */
import { endpointUrl } from '@aide/api-client';
import {
  documentsEndpoints,
  seoRating,
  uptimeRating,
  WEBSITE_LIMITS,
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
import { formatDate, formatNumber } from '@aide/i18n';
import { t } from '../i18n';

// ---- Links ----

/** A finished backup's archive: the Documents module's download of it. */
export const backupDownloadUrl = (documentId: number) => endpointUrl(documentsEndpoints.download, { id: documentId });

// ---- Formatting ----

/** '12,345' (in the reader's language: '12.345', '12 345'). */
export const formatCount = (value: number) => formatNumber(value, { maximumFractionDigits: 0 });

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** Spec §9: the average session is shown in minutes, from seconds, with one decimal ('2.5 min'). */
export const formatMinutes = (seconds: number) =>
  t('analytics.minutes', { minutes: formatNumber(Math.max(0, seconds) / 60, oneDecimal) });

/** '42.5%' (one decimal at most). */
export const formatPercent = (value: number) =>
  formatNumber(Number(value.toFixed(1)) / 100, { style: 'percent', maximumFractionDigits: 1 });

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

/** 'Mar 3, 2026, 2:05 PM' in the browser's zone, written the reader's way. */
export const formatDateTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** Spec §2: the last backup's date, or 'Never'. */
export const lastBackupText = (lastBackup: string | null) =>
  lastBackup ? formatDate(lastBackup, { dateStyle: 'medium' }) : t('messages.neverBackedUp');

/**
 * What the uptime figure covers: 'Not checked yet'; 'Since 12:04' (today) or 'Since Nov 3' (an
 * earlier day) while the checks began within the 30 days; 'Last 30 days' once they cover them all.
 */
export function uptimeCoverageText(site: Pick<Website, 'uptime' | 'uptimeSince'>, now = new Date()): string {
  if (site.uptime === null) return t('performance.notChecked');
  if (site.uptimeSince === null) return t('performance.uptimeHint', { days: WEBSITE_LIMITS.uptimeDays });
  const since = new Date(site.uptimeSince);
  const today = since.toDateString() === now.toDateString();
  return t('performance.uptimeSince', {
    when: today ? formatDate(since, { timeStyle: 'short' }) : formatDate(since, { dateStyle: 'medium' }),
  });
}

/** An image's file name ('team photo.jpg') from its address, else the address as it is. */
export function imageFileName(src: string): string {
  try {
    const url = new URL(src);
    return decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '') || src;
  } catch {
    return src;
  }
}

/** '—' until the first uptime check, then '99.95%'. */
export function uptimeText(uptime: string | null): string {
  if (uptime === null) return '—';
  const percent = Number.parseFloat(uptime);
  if (!Number.isFinite(percent)) return uptime;
  // As many decimals as the server gave ('99.95' → 99.95%).
  const decimals = Math.min(uptime.split('.')[1]?.length ?? 0, 4);
  return formatNumber(percent / 100, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** '320 ms', '1.4 s'; '—' before the first check. */
export const responseTimeText = (ms: number | null) =>
  ms === null
    ? '—'
    : ms < 1000
      ? t('performance.ms', { value: formatNumber(Math.round(ms)) })
      : t('performance.seconds', { value: formatNumber(ms / 1000, oneDecimal) });

/** The site's address without the scheme and a bare trailing slash, for display ('example.com/blog'). */
export const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

export const platformLabel = (platform: WebsitePlatform | null) =>
  platform === 'custom' ? t('platform.custom') : platform ? WEBSITE_PLATFORM_LABELS[platform] : null;

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

export const ratingLabel = (rating: Rating) => t(`rating.${rating}`);

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
export const avgSeoText = (avgSeo: number | null) =>
  avgSeo === null ? '—' : t('page.scoreOutOf100', { score: formatNumber(avgSeo) });

// ---- Jobs ----

/** A job of the site (audit, backup, security check) waits or runs: its button waits too. */
export const isRunning = (status: WebsiteJobStatus) => status === 'pending' || status === 'running';

export const blogStatusLabel = (status: BlogPostStatus) => t(`blogStatus.${status}`);
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
  formatDate(`${isoDate}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

// ---- The tracking script (DECISIONS: analytics from a privacy-friendly script the user adds) ----

/** The tag to paste into the site's <head>: the app's own script, told which site it counts. */
export const trackingSnippet = (origin: string, siteKey: string) =>
  `<script defer src="${origin.replace(/\/$/, '')}${endpointUrl(websiteAnalyticsEndpoints.trackingScript)}" data-site="${siteKey}"></script>`;
