import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  createPostsFromResearchSchema,
  createSocialDraftsSchema,
  createSocialPostSchema,
  publishSocialPostResultSchema,
  scheduleSocialPostSchema,
  socialAccountSchema,
  socialAuthStartSchema,
  socialPlatformStatsSchema,
  socialPostSchema,
  updateSocialPostSchema,
} from '../social';

/**
 * What a change to a post or an account makes stale: the posts, the stat cards, the accounts and
 * the dashboard's social part. The publishing and engagement jobs name the same lists when they report.
 */
export const SOCIAL_INVALIDATES = [
  '/api/social',
  '/api/social/stats',
  '/api/social-accounts',
  '/api/dashboard',
] as const;

const postChange = { invalidates: SOCIAL_INVALIDATES, entity: 'social-post' } as const;

export const socialEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/social/create',
    body: createSocialPostSchema,
    response: socialPostSchema,
    summary: 'Write a draft post with the AI',
    ...postChange,
  }),
  fromResearch: endpoint({
    method: 'POST',
    path: '/api/social/posts/from-research',
    body: createPostsFromResearchSchema,
    response: z.array(socialPostSchema),
    summary:
      "Draft posts from a finished research report: its findings, linking to its best source or the person's blog post",
    ...postChange,
  }),
  createDrafts: endpoint({
    method: 'POST',
    path: '/api/social/posts/drafts',
    body: createSocialDraftsSchema,
    response: z.array(socialPostSchema),
    summary: 'Keep drafts written elsewhere (a blog post promotion) with the campaign tags of their links',
    ...postChange,
  }),
  // Declared (and bound) before list: '/api/social/:userId' would otherwise take 'stats' as an id.
  stats: endpoint({
    method: 'GET',
    path: '/api/social/stats',
    response: z.array(socialPlatformStatsSchema),
    summary: 'Per-platform figures for the stat cards, in platform order',
  }),
  refreshEngagement: endpoint({
    method: 'POST',
    path: '/api/social/engagement/refresh',
    response: null,
    status: 202,
    summary: "Queued: read the connected platforms' figures for your published posts now",
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/social/:userId',
    response: z.array(socialPostSchema),
    summary: "The user's posts, newest first (the newest 1,000)",
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/social/:id',
    body: updateSocialPostSchema,
    response: socialPostSchema,
    summary: "Edit a draft's or a scheduled post's text, hashtags or image link",
    ...postChange,
  }),
  schedule: endpoint({
    method: 'POST',
    path: '/api/social/:id/schedule',
    body: scheduleSocialPostSchema,
    response: socialPostSchema,
    status: 200,
    summary: 'Schedule a draft, or reschedule a scheduled post',
    ...postChange,
  }),
  unschedule: endpoint({
    method: 'POST',
    path: '/api/social/:id/unschedule',
    response: socialPostSchema,
    status: 200,
    summary: 'Move a scheduled post back to drafts',
    ...postChange,
  }),
  publish: endpoint({
    method: 'POST',
    path: '/api/social/:id/publish',
    response: publishSocialPostResultSchema,
    status: 200,
    summary: 'Publish Now',
    ...postChange,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/social/:id',
    response: null,
    status: 204,
    summary: 'Deleted (a publish queued for it does nothing)',
    ...postChange,
  }),
  accounts: endpoint({
    method: 'GET',
    path: '/api/social-accounts',
    response: z.array(socialAccountSchema),
    summary: 'One entry per platform: whether this server can connect it, and the connected account',
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/api/social-accounts/:platform',
    response: null,
    status: 204,
    summary: 'Disconnect the account (its tokens are deleted; published posts stay)',
    invalidates: SOCIAL_INVALIDATES,
    entity: 'social-account',
  }),
  connect: endpoint({
    method: 'GET',
    path: '/api/auth/social/:platform',
    response: socialAuthStartSchema,
    summary: '{ authUrl }: where the browser goes to grant access',
  }),
  connectCallback: endpoint({
    method: 'GET',
    path: '/api/auth/social/:platform/callback',
    response: null,
    status: 302,
    summary: 'The platform sends the browser back here; redirects to /social?connected=<platform> or ?error=<platform>',
  }),
};
