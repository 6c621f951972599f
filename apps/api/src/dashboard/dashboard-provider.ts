import type {
  CalendarEvent,
  DashboardStatDetails,
  DashboardStats,
  EmailInsights,
  ResearchSummary,
  SocialPerformance,
  Task,
  WebsiteAnalyticsSummary,
} from '@aide/contracts';

/**
 * What one provider adds to GET /api/dashboard: DashboardData with every part optional, and the
 * object parts (stats, statDetails, emailInsights, socialPerformance, websiteAnalytics) partial
 * too, so e.g. tasks set stats.todayTasks and email sets stats.unreadEmails side by side.
 */
export interface DashboardContribution {
  stats?: Partial<DashboardStats>;
  statDetails?: Partial<DashboardStatDetails>;
  todayEvents?: CalendarEvent[];
  recentResearch?: ResearchSummary[];
  emailInsights?: Partial<EmailInsights>;
  priorityTasks?: Task[];
  socialPerformance?: Partial<SocialPerformance>;
  websiteAnalytics?: Partial<WebsiteAnalyticsSummary>;
}

/**
 * A domain module's part of the dashboard. The dashboard service asks it only when the user may
 * use `moduleId` (its `module.<id>` toggle), in parallel with the other providers.
 */
export interface DashboardProvider {
  /** The module group whose toggle gates this contribution, e.g. 'organiser'. */
  readonly moduleId: string;
  /**
   * This user's figures only. `now` is the request's instant and `timezone` the IANA zone of the
   * user's profile (UTC by default): "today" is the calendar day containing `now` in that zone.
   * Must be cheap: counted and limited in SQL over indexes, a fixed number of queries.
   */
  contribute(userId: number, now: Date, timezone: string): Promise<DashboardContribution>;
}
