import { z } from 'zod';
import { endpoint } from '../endpoint';
import { collectEventSchema } from '../website-analytics';
import {
  blogPostSchema,
  blogPromotionSchema,
  createBlogPostSchema,
  createWebsiteSchema,
  updateWebsiteSchema,
  websiteAnalyticsDaySchema,
  websiteAnalyticsQuerySchema,
  websiteSchema,
} from '../websites';

/**
 * What a change to a site makes stale: everything under '/api/websites' (the list, a site's
 * analytics and blog posts) and the dashboard's website card. Its background jobs refetch the same.
 */
export const WEBSITE_CHANGES = ['/api/websites', '/api/dashboard'] as const;

/** A background job on one site, answered 202 with the site showing the job pending. */
const siteJob = <const Path extends `/api/websites/:id/${string}`>(path: Path, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    response: websiteSchema,
    status: 202,
    invalidates: WEBSITE_CHANGES,
    entity: 'website',
    summary,
  });

/** Spec §7 (Websites) and the product's own calls behind the site card's actions. The signed-in user's sites only. */
export const websitesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/websites',
    response: z.array(websiteSchema),
    summary: "The user's websites, oldest first",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/websites',
    body: createWebsiteSchema,
    response: websiteSchema,
    invalidates: WEBSITE_CHANGES,
    entity: 'website',
    summary: 'Add a website',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/websites/:id',
    body: updateWebsiteSchema,
    response: websiteSchema,
    invalidates: WEBSITE_CHANGES,
    entity: 'website',
    summary: "Edit a website's settings",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/websites/:id',
    response: null,
    status: 204,
    invalidates: WEBSITE_CHANGES,
    entity: 'website',
    summary: 'Removed with its blog posts (its backups stay in Documents)',
  }),
  seoAudit: siteJob('/api/websites/:id/seo-audit', 'Audit the home page for SEO'),
  securityCheck: siteJob('/api/websites/:id/security-check', 'Check the home page for security headers and HTTPS'),
  backup: siteJob('/api/websites/:id/backup', 'Back up the website'),
  createBlogPost: endpoint({
    method: 'POST',
    path: '/api/websites/:id/blog',
    body: createBlogPostSchema,
    response: blogPostSchema,
    invalidates: WEBSITE_CHANGES,
    entity: 'website',
    summary: 'Write an AI blog post for the website',
  }),
  analytics: endpoint({
    method: 'GET',
    path: '/api/websites/:id/analytics',
    query: websiteAnalyticsQuerySchema,
    response: z.array(websiteAnalyticsDaySchema),
    summary: 'Visitors and page views per day',
  }),
  blogPosts: endpoint({
    method: 'GET',
    path: '/api/websites/:id/blog-posts',
    response: z.array(blogPostSchema),
    summary: "The website's blog posts, newest first",
  }),
  blogPromotion: endpoint({
    method: 'GET',
    path: '/api/websites/blog-posts/:id/promotion',
    response: blogPromotionSchema,
    summary: 'Posts offered to promote a written blog post, one per platform, each with a UTM-tagged link',
  }),
  publishBlogPost: endpoint({
    method: 'POST',
    path: '/api/websites/blog-posts/:id/publish',
    response: blogPostSchema,
    invalidates: WEBSITE_CHANGES,
    entity: 'website',
    summary: "Publish a written draft on the site's WordPress",
  }),
};

/**
 * The tracking script and its collector: public (no session), called cross-origin from the users'
 * websites, never by the app itself; the tracking snippet shown to the user names the script.
 */
export const websiteAnalyticsEndpoints = {
  trackingScript: endpoint({
    method: 'GET',
    path: '/api/collect/script.js',
    response: null,
    summary: 'The tracking script (under 2 KB) a website includes with its data-site key',
  }),
  /** The body is read by the collector itself (navigator.sendBeacon sends it as text/plain). */
  collect: endpoint({
    method: 'POST',
    path: '/api/collect',
    body: collectEventSchema,
    response: null,
    status: 202,
    summary: 'One event from the tracking script (public, any origin, no cookies)',
  }),
};
