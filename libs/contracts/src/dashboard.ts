import type { CalendarEvent } from './events';
import type { Task } from './tasks';

/** Spec §9: the schedule card shows at most 3 events; a research summary is cut above 300 characters. */
export const DASHBOARD_LIMITS = {
  scheduleEvents: 3,
  summaryCut: 297,
  summaryMax: 300,
  priorityTasks: 5,
  recentResearch: 3,
} as const;
export const SOCIAL_PLATFORMS = ['linkedin', 'twitter', 'facebook', 'instagram'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export interface DashboardStats {
  /** Tasks due today that are not completed. */
  todayTasks: number;
  unreadEmails: number;
  researchReports: number;
  websiteViews: number;
}

/**
 * The real values behind the stat cards' subtitles (DECISIONS: the wording stays, the numbers are real):
 * '+N from yesterday', 'N marked urgent', 'N pending review', '+N% this week'.
 */
export interface DashboardStatDetails {
  /** todayTasks minus the same count for yesterday. */
  todayTasksChange: number;
  urgentEmails: number;
  researchPendingReview: number;
  /** Week-over-week change of website views in percent; null when last week had none. */
  websiteViewsChangePercent: number | null;
}

export interface ResearchSummary {
  id: number;
  title: string;
  summary: string | null;
  status: 'complete' | 'in_progress' | 'failed';
  progress: number;
  content: string | null;
  sources: string[];
  createdAt: string;
}

export interface EmailInsights {
  urgent: number;
  important: number;
  regular: number;
  autoResponses: { meetings: number; inquiries: number };
}

export type SocialPerformance = Record<SocialPlatform, { scheduled: number; growthRate: number }>;

export interface WebsiteAnalyticsSummary {
  visitors: number;
  pageViews: number;
  blogPosts: number;
  seoScore: number;
  uptime: number;
}

/** GET /api/dashboard: everything the dashboard shows, for the signed-in user, in one answer. */
export interface DashboardData {
  stats: DashboardStats;
  statDetails: DashboardStatDetails;
  /**
   * Events starting today in the user's profile timezone, by start time; at most
   * DASHBOARD_LIMITS.scheduleEvents (the card's limit), so the answer stays small on busy days.
   */
  todayEvents: CalendarEvent[];
  recentResearch: ResearchSummary[];
  emailInsights: EmailInsights;
  /** Up to DASHBOARD_LIMITS.priorityTasks tasks not completed: high, medium, low, then by due date (none last). */
  priorityTasks: Task[];
  socialPerformance: SocialPerformance;
  websiteAnalytics: WebsiteAnalyticsSummary;
}
