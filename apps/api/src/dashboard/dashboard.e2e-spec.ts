import type { CalendarEvent, DashboardData, Task } from '@aide/contracts';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DashboardClock } from './dashboard-clock';
import { DashboardRegistry } from './dashboard.registry';

let t: TestApp;
let bob: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: bob } = await signUp(request.agent(t.http)));
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => t.close());

/** Puts the dashboard's clock at `iso`. */
const nowIs = (iso: string) => jest.spyOn(t.app.get(DashboardClock), 'now').mockReturnValue(new Date(iso));
const dashboard = async (agent: Agent): Promise<DashboardData> => (await agent.get('/api/dashboard').expect(200)).body;
const newUser = async (timezone?: string): Promise<Agent> => {
  const { agent } = await signUp(request.agent(t.http));
  if (timezone) await agent.patch('/api/profile').send({ timezone }).expect(200);
  return agent;
};
const task = async (agent: Agent, body: object): Promise<Task> =>
  (
    await agent
      .post('/api/tasks')
      .send({ title: 'Task', ...body })
      .expect(201)
  ).body;
const event = async (agent: Agent, title: string, startTime: string): Promise<CalendarEvent> =>
  (
    await agent
      .post('/api/events')
      .send({ title, startTime, endTime: new Date(Date.parse(startTime) + 1_800_000).toISOString() })
      .expect(201)
  ).body;
const counts = (data: DashboardData) => ({
  todayTasks: data.stats.todayTasks,
  change: data.statDetails.todayTasksChange,
});

describe('GET /api/dashboard', () => {
  it('answers zeros and empty lists for a user with no data', async () => {
    expect(await dashboard(await newUser())).toEqual({
      stats: { todayTasks: 0, unreadEmails: 0, researchReports: 0, websiteViews: 0 },
      statDetails: { todayTasksChange: 0, urgentEmails: 0, researchPendingReview: 0, websiteViewsChangePercent: null },
      todayEvents: [],
      recentResearch: [],
      emailInsights: { urgent: 0, important: 0, regular: 0, autoResponses: { meetings: 0, inquiries: 0 } },
      priorityTasks: [],
      socialPerformance: {
        linkedin: { scheduled: 0, growthRate: 0 },
        twitter: { scheduled: 0, growthRate: 0 },
        facebook: { scheduled: 0, growthRate: 0 },
        instagram: { scheduled: 0, growthRate: 0 },
      },
      websiteAnalytics: { visitors: 0, pageViews: 0, blogPosts: 0, seoScore: 0, uptime: 0 },
    } satisfies DashboardData);
  });

  it('answers 401 signed out and 403 while the organiser module is locked', async () => {
    expect((await request(t.http).get('/api/dashboard').expect(401)).body).toEqual({ message: 'Unauthorized' });
    const agent = await newUser();
    const db = t.app.get(DataSource);
    await db.query(`UPDATE feature_toggles SET enabled = false WHERE name = 'module.organiser'`);
    try {
      await agent.get('/api/dashboard').expect(403);
    } finally {
      await db.query(`UPDATE feature_toggles SET enabled = true WHERE name = 'module.organiser'`);
    }
  });
});

describe('todayTasks and todayTasksChange', () => {
  it("count open tasks due today and yesterday in the profile's timezone (Tokyo, just after midnight)", async () => {
    const ada = await newUser('Asia/Tokyo');
    // Tokyo is UTC+9: its 11 March starts at 2026-03-10T15:00Z.
    await task(ada, { dueDate: '2026-03-10T15:00:00Z' }); // Tokyo 11 Mar 00:00, today
    await task(ada, { dueDate: '2026-03-11T14:59:59Z', status: 'in_progress' }); // 11 Mar 23:59:59, today
    await task(ada, { dueDate: '2026-03-11T15:00:00Z' }); // 12 Mar 00:00, tomorrow
    await task(ada, { dueDate: '2026-03-10T14:59:59Z' }); // 10 Mar 23:59:59, yesterday
    await task(ada, { dueDate: '2026-03-10T01:00:00Z' }); // 10 Mar 10:00, yesterday (though the same UTC date as now)
    await task(ada, { dueDate: '2026-03-09T14:59:59Z' }); // 9 Mar, before yesterday
    await task(ada, { dueDate: '2026-03-11T03:00:00Z', status: 'completed' }); // today but done
    await task(ada, {}); // no due date
    await task(bob, { dueDate: '2026-03-11T03:00:00Z' }); // someone else's

    nowIs('2026-03-10T15:30:00Z'); // Tokyo 11 Mar 00:30
    expect(counts(await dashboard(ada))).toEqual({ todayTasks: 2, change: 0 });
    nowIs('2026-03-10T14:59:59Z'); // Tokyo 10 Mar 23:59:59: the day before
    expect(counts(await dashboard(ada))).toEqual({ todayTasks: 2, change: 1 });
    nowIs('2026-03-11T15:00:00Z'); // Tokyo 12 Mar 00:00: the day after
    expect(counts(await dashboard(ada))).toEqual({ todayTasks: 1, change: -1 });

    // The same tasks and instant counted in UTC: 10 March is today there.
    await ada.patch('/api/profile').send({ timezone: 'UTC' }).expect(200);
    nowIs('2026-03-10T15:30:00Z');
    expect(counts(await dashboard(ada))).toEqual({ todayTasks: 3, change: 2 });
  });

  it('follow the local day across a daylight-saving change (Los Angeles, 8 March 2026 is 23 hours long)', async () => {
    const ada = await newUser('America/Los_Angeles');
    await task(ada, { dueDate: '2026-03-08T08:00:00Z' }); // 8 Mar 00:00 PST, today
    await task(ada, { dueDate: '2026-03-09T06:59:59Z' }); // 8 Mar 23:59:59 PDT, today
    await task(ada, { dueDate: '2026-03-09T07:00:00Z' }); // 9 Mar 00:00 PDT, tomorrow
    await task(ada, { dueDate: '2026-03-08T07:59:59Z' }); // 7 Mar 23:59:59 PST, yesterday
    nowIs('2026-03-08T20:00:00Z'); // 8 Mar 13:00 PDT
    expect(counts(await dashboard(ada))).toEqual({ todayTasks: 2, change: 1 });
  });
});

describe('priorityTasks', () => {
  it('lists up to 5 open tasks: high, medium, low, each soonest due first and undated last', async () => {
    const ada = await newUser();
    const lowSoon = await task(ada, { title: 'low soon', priority: 'low', dueDate: '2026-01-01T00:00:00Z' });
    const highUndated = await task(ada, { title: 'high undated', priority: 'high' });
    const highLater = await task(ada, { title: 'high later', priority: 'high', dueDate: '2026-06-01T00:00:00Z' });
    const highSooner = await task(ada, {
      title: 'high sooner',
      priority: 'high',
      dueDate: '2026-02-01T00:00:00Z',
      status: 'in_progress',
    });
    await task(ada, { title: 'high done', priority: 'high', dueDate: '2026-01-01T00:00:00Z', status: 'completed' });
    const mediumUndated = await task(ada, { title: 'medium undated' });
    const mediumDated = await task(ada, { title: 'medium dated', dueDate: '2027-01-01T00:00:00Z' });
    await task(bob, { title: "bob's high", priority: 'high', dueDate: '2025-01-01T00:00:00Z' });

    const data = await dashboard(ada);
    expect(data.priorityTasks).toEqual([highSooner, highLater, highUndated, mediumDated, mediumUndated]);

    await ada.patch(`/api/tasks/${highLater.id}`).send({ status: 'completed' }).expect(200);
    expect((await dashboard(ada)).priorityTasks.map((t) => t.title)).toEqual([
      'high sooner',
      'high undated',
      'medium dated',
      'medium undated',
      lowSoon.title,
    ]);
  });
});

describe('todayEvents', () => {
  it("lists the first 3 events starting today in the user's timezone, by start time", async () => {
    const ada = await newUser('Asia/Tokyo');
    await event(ada, 'yesterday in Tokyo', '2026-03-10T14:59:00Z');
    const midnight = await event(ada, 'midnight', '2026-03-10T15:00:00Z');
    const late = await event(ada, 'late', '2026-03-11T14:59:00Z');
    const noon = await event(ada, 'noon', '2026-03-11T03:00:00Z');
    const morning = await event(ada, 'morning', '2026-03-11T00:00:00Z');
    await event(ada, 'tomorrow in Tokyo', '2026-03-11T15:00:00Z');
    await event(bob, "bob's", '2026-03-11T01:00:00Z');

    nowIs('2026-03-10T15:30:00Z');
    expect((await dashboard(ada)).todayEvents).toEqual([midnight, morning, noon]);
    await ada.delete(`/api/events/${morning.id}`).expect(204);
    expect((await dashboard(ada)).todayEvents.map((e) => e.title)).toEqual(['midnight', 'noon', late.title]);
  });
});

describe('providers', () => {
  it("leave out a locked module's part and a failing provider's, keeping the rest", async () => {
    const ada = await newUser();
    const { body: me } = await ada.get('/api/auth/user').expect(200);
    await task(ada, { dueDate: '2026-03-10T12:00:00Z' });
    // A research provider as that module will add one, and a broken website provider; both answer only for this user.
    const registry = t.app.get(DashboardRegistry);
    registry.register({
      moduleId: 'research',
      contribute: async (userId) =>
        userId === me.id ? { stats: { researchReports: 7 }, statDetails: { researchPendingReview: 2 } } : {},
    });
    registry.register({
      moduleId: 'website',
      contribute: async (userId) => {
        if (userId === me.id) throw new Error('website analytics are down');
        return {};
      },
    });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    nowIs('2026-03-10T15:00:00Z');

    const open = await dashboard(ada);
    expect(open.stats).toEqual({ todayTasks: 1, unreadEmails: 0, researchReports: 7, websiteViews: 0 });
    expect(open.statDetails.researchPendingReview).toBe(2);
    expect(logged).toHaveBeenCalledWith(
      'The website dashboard provider failed',
      expect.stringContaining('website analytics are down'),
    );

    const db = t.app.get(DataSource);
    await db.query(`UPDATE feature_toggles SET "planRequired" = 'premium' WHERE name = 'module.research'`);
    try {
      const locked = await dashboard(ada);
      expect(locked.stats).toEqual({ todayTasks: 1, unreadEmails: 0, researchReports: 0, websiteViews: 0 });
      expect(locked.statDetails.researchPendingReview).toBe(0);
    } finally {
      await db.query(`UPDATE feature_toggles SET "planRequired" = 'free' WHERE name = 'module.research'`);
    }
  });
});
