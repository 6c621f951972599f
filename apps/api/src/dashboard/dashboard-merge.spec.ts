import { emptyDashboard, mergeDashboard } from './dashboard-merge';

describe('mergeDashboard', () => {
  it('answers the zero dashboard without contributions, a fresh object each time', () => {
    expect(mergeDashboard([])).toEqual(emptyDashboard());
    expect(emptyDashboard().stats).not.toBe(emptyDashboard().stats);
  });

  it('merges object parts key by key and replaces lists', () => {
    const task = { id: 1 } as never;
    const merged = mergeDashboard([
      { stats: { todayTasks: 3 }, statDetails: { todayTasksChange: -1 }, priorityTasks: [task] },
      {
        stats: { unreadEmails: 5 },
        emailInsights: { urgent: 2 },
        socialPerformance: { twitter: { scheduled: 4, growthRate: 12.5 } },
      },
      { websiteAnalytics: { uptime: 99.9 }, recentResearch: [] },
    ]);
    expect(merged.stats).toEqual({ todayTasks: 3, unreadEmails: 5, researchReports: 0, websiteViews: 0 });
    expect(merged.statDetails).toEqual({
      todayTasksChange: -1,
      urgentEmails: 0,
      researchPendingReview: 0,
      websiteViewsChangePercent: null,
    });
    expect(merged.emailInsights).toEqual({
      urgent: 2,
      important: 0,
      regular: 0,
      autoResponses: { meetings: 0, inquiries: 0 },
    });
    expect(merged.socialPerformance.twitter).toEqual({ scheduled: 4, growthRate: 12.5 });
    expect(merged.socialPerformance.linkedin).toEqual({ scheduled: 0, growthRate: 0 });
    expect(merged.websiteAnalytics.uptime).toBe(99.9);
    expect(merged.priorityTasks).toEqual([task]);
    expect(merged.todayEvents).toEqual([]);
  });
});
