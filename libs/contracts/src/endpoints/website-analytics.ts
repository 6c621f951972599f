import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  analyticsBreakdownQuerySchema,
  analyticsBreakdownSchema,
  createWebsiteGoalSchema,
  websiteGoalSchema,
} from '../website-analytics';

/** What a goal change makes stale: the site's goals and its breakdown (both under /api/websites). */
const GOAL_CHANGES = ['/api/websites'] as const;

/** Issue 27: a site's sources, pages, campaigns and goals (the Analytics tab), and its goals. */
export const websiteInsightsEndpoints = {
  breakdown: endpoint({
    method: 'GET',
    path: '/api/websites/:id/analytics/breakdown',
    query: analyticsBreakdownQuerySchema,
    response: analyticsBreakdownSchema,
    summary: 'Top sources, top pages, campaigns and goal conversions over the last 7 or 30 days',
  }),
  goals: endpoint({
    method: 'GET',
    path: '/api/websites/:id/goals',
    response: z.array(websiteGoalSchema),
    summary: "The website's goals, oldest first",
  }),
  createGoal: endpoint({
    method: 'POST',
    path: '/api/websites/:id/goals',
    body: createWebsiteGoalSchema,
    response: websiteGoalSchema,
    invalidates: GOAL_CHANGES,
    entity: 'website-goal',
    summary: 'Add a goal: a page path or a custom event',
  }),
  removeGoal: endpoint({
    method: 'DELETE',
    path: '/api/websites/:id/goals/:goalId',
    response: null,
    status: 204,
    invalidates: GOAL_CHANGES,
    entity: 'website-goal',
    summary: 'Remove a goal',
  }),
};
