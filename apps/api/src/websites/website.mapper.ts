import type { BlogPost, Website, WebsiteAnalytics } from '@aide/contracts';
import type { WebsiteUptimeSummary } from './website-metrics';
import type { WebsiteBlogPostEntity } from './website-blog-post.entity';
import type { WebsiteEntity } from './website.entity';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const NO_TRAFFIC: WebsiteAnalytics = {
  visitors: { today: 0, thisMonth: 0 },
  pageViews: { today: 0, thisMonth: 0 },
  bounceRate: 0,
  avgSessionDuration: 0,
};
export const NOT_CHECKED: WebsiteUptimeSummary = {
  uptime: null,
  since: null,
  isOnline: null,
  lastCheckedAt: null,
  responseTimeMs: null,
};

/** A site as the API answers it: its traffic and uptime from WebsiteMetrics; WordPress credentials reduced to whether they are set and the username. */
export function toWebsite(
  row: WebsiteEntity,
  extra: { analytics?: WebsiteAnalytics; uptime?: WebsiteUptimeSummary; blogPosts: number },
): Website {
  const uptime = extra.uptime ?? NOT_CHECKED;
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    url: row.url,
    platform: row.platform,
    isActive: row.isActive,
    siteKey: row.siteKey,
    analytics: extra.analytics ?? NO_TRAFFIC,
    seoScore: row.seoScore,
    seo: {
      status: row.seoStatus,
      checkedAt: iso(row.seoCheckedAt),
      checks: row.seoChecks,
      pages: row.seoPages,
      error: row.seoError,
    },
    uptime: uptime.uptime,
    uptimeSince: iso(uptime.since),
    isOnline: uptime.isOnline,
    lastCheckedAt: iso(uptime.lastCheckedAt),
    responseTimeMs: uptime.responseTimeMs,
    lastBackup: iso(row.lastBackupAt),
    backup: {
      status: row.backupStatus,
      documentId: row.backupDocumentId,
      pages: row.backupPages,
      error: row.backupError,
    },
    security: {
      status: row.securityStatus,
      checkedAt: iso(row.securityCheckedAt),
      checks: row.securityChecks,
      error: row.securityError,
    },
    blogPosts: extra.blogPosts,
    wordpress: {
      configured: row.wordpressCredentials !== null,
      username: row.wordpressCredentials !== null ? row.wordpressUsername : null,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

/** `visits`: what its campaign brought (null while it has no address to promote). */
export function toBlogPost(row: WebsiteBlogPostEntity, visits: number | null = null): BlogPost {
  return {
    id: row.id,
    websiteId: row.websiteId,
    topic: row.topic,
    keywords: row.keywords,
    title: row.title,
    content: row.content,
    status: row.status,
    wordpressUrl: row.wordpressUrl,
    error: row.error,
    method: row.method,
    visits: row.wordpressUrl ? Math.max(0, Math.floor(visits ?? 0)) : null,
    createdAt: row.createdAt.toISOString(),
  };
}
