import { type DashboardData, SOCIAL_PLATFORMS, type SocialPerformance } from '@aide/contracts';
import type { DashboardContribution } from './dashboard-provider';

/** What the dashboard shows before any provider adds to it (or when the modules are locked): zeros and empty lists. */
export function emptyDashboard(): DashboardData {
  return {
    stats: { todayTasks: 0, unreadEmails: 0, researchReports: 0, websiteViews: 0 },
    statDetails: { todayTasksChange: 0, urgentEmails: 0, researchPendingReview: 0, websiteViewsChangePercent: null },
    todayEvents: [],
    recentResearch: [],
    emailInsights: { urgent: 0, important: 0, regular: 0, autoResponses: { meetings: 0, inquiries: 0 } },
    priorityTasks: [],
    socialPerformance: Object.fromEntries(
      SOCIAL_PLATFORMS.map((p) => [p, { scheduled: 0, growthRate: 0 }]),
    ) as SocialPerformance,
    websiteAnalytics: { visitors: 0, pageViews: 0, blogPosts: 0, seoScore: 0, uptime: 0 },
  };
}

/** The contributions over the defaults, in order: object parts merged key by key, lists replaced. */
export function mergeDashboard(contributions: readonly DashboardContribution[]): DashboardData {
  const data = emptyDashboard();
  for (const part of contributions) {
    if (part.stats) Object.assign(data.stats, part.stats);
    if (part.statDetails) Object.assign(data.statDetails, part.statDetails);
    if (part.emailInsights) Object.assign(data.emailInsights, part.emailInsights);
    if (part.socialPerformance) Object.assign(data.socialPerformance, part.socialPerformance);
    if (part.websiteAnalytics) Object.assign(data.websiteAnalytics, part.websiteAnalytics);
    if (part.todayEvents) data.todayEvents = part.todayEvents;
    if (part.recentResearch) data.recentResearch = part.recentResearch;
    if (part.priorityTasks) data.priorityTasks = part.priorityTasks;
  }
  return data;
}
