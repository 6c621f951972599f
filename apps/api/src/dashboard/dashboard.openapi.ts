import { SOCIAL_PLATFORMS } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

const int: SchemaObject = { type: 'integer' };
const object = (properties: Record<string, SchemaObject>): SchemaObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

/** DashboardData (libs/contracts/src/dashboard.ts) in outline; the lists hold the contracts' CalendarEvent, Task and ResearchSummary. */
export const DASHBOARD_OPENAPI: SchemaObject = object({
  stats: object({ todayTasks: int, unreadEmails: int, researchReports: int, websiteViews: int }),
  statDetails: object({
    todayTasksChange: int,
    urgentEmails: int,
    researchPendingReview: int,
    websiteViewsChangePercent: { type: 'number', nullable: true },
  }),
  todayEvents: { type: 'array', items: { type: 'object' }, maxItems: 3 },
  recentResearch: { type: 'array', items: { type: 'object' } },
  emailInsights: object({
    urgent: int,
    important: int,
    regular: int,
    autoResponses: object({ meetings: int, inquiries: int }),
  }),
  priorityTasks: { type: 'array', items: { type: 'object' }, maxItems: 5 },
  socialPerformance: object(
    Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, object({ scheduled: int, growthRate: { type: 'number' } })])),
  ),
  websiteAnalytics: object({
    visitors: int,
    pageViews: int,
    blogPosts: int,
    seoScore: int,
    uptime: { type: 'number' },
  }),
});
