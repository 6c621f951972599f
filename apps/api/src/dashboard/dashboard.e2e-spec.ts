import {
  type CalendarEvent,
  type DashboardResponse,
  emailDashboardSchema,
  type OrganiserDashboard,
  organiserDashboardSchema,
  researchDashboardSchema,
  socialDashboardSchema,
  type Task,
  websiteDashboardSchema,
} from '@aide/contracts';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { insertEmails, signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EventsDashboardProvider } from '../events/events.dashboard-provider';
import { WebsitesDashboardProvider } from '../websites/analytics/websites.dashboard-provider';
import { DashboardClock } from './dashboard-clock';
import { DashboardRegistry } from './dashboard.registry';

let t: TestApp;
let db: DataSource;
let bob: Agent;

beforeAll(async () => {
  // No job workers: a started research report stays as the test leaves it.
  t = await createTestApp({ env: { JOBS_WORKERS: 'false', AUTH_REGISTER_RATE_LIMIT: '1000' } });
  db = t.app.get(DataSource);
  ({ agent: bob } = await signUp(request.agent(t.http)));
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => t.close());

/** Each module's part schema, from that module's contract; every module with a dashboard provider must be here. */
const PART_SCHEMAS: Record<string, z.ZodType> = {
  organiser: organiserDashboardSchema,
  email: emailDashboardSchema,
  research: researchDashboardSchema,
  social: socialDashboardSchema,
  website: websiteDashboardSchema,
};

/** Puts the dashboard's clock at `iso`. */
const nowIs = (iso: string) => jest.spyOn(t.app.get(DashboardClock), 'now').mockReturnValue(new Date(iso));
const dashboard = async (agent: Agent): Promise<DashboardResponse> =>
  (await agent.get('/api/dashboard').expect(200)).body;
const organiser = async (agent: Agent): Promise<OrganiserDashboard> =>
  (await dashboard(agent)).modules.organiser as OrganiserDashboard;
const newUser = async (timezone?: string): Promise<Agent> => {
  const { agent } = await signUp(request.agent(t.http));
  if (timezone) await agent.patch('/api/profile').send({ timezone }).expect(200);
  return agent;
};
const userId = async (agent: Agent): Promise<number> => (await agent.get('/api/auth/user').expect(200)).body.id;
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
const counts = async (agent: Agent) => {
  const part = await organiser(agent);
  return { todayTasks: part.todayTasks, change: part.todayTasksChange };
};
const setToggle = (module: string, set: string) =>
  db.query(`UPDATE feature_toggles SET ${set} WHERE name = $1`, [`module.${module}`]);

describe('GET /api/dashboard', () => {
  it("answers each module's part under its id: zeros and empty lists for a user with no data", async () => {
    expect(await dashboard(await newUser())).toEqual({
      modules: {
        organiser: { todayTasks: 0, todayTasksChange: 0, todayEvents: [], priorityTasks: [] },
        email: {
          unread: 0,
          urgentUnread: 0,
          insights: { urgent: 0, important: 0, regular: 0, autoResponses: { meetings: 0, inquiries: 0 } },
        },
        research: { reports: 0, pendingReview: 0, recent: [] },
        social: {
          performance: {
            linkedin: { scheduled: 0, growthRate: 0 },
            twitter: { scheduled: 0, growthRate: 0 },
            facebook: { scheduled: 0, growthRate: 0 },
            instagram: { scheduled: 0, growthRate: 0 },
          },
        },
        website: {
          views: 0,
          viewsChangePercent: null,
          analytics: { visitors: 0, pageViews: 0, blogPosts: 0, seoScore: 0, uptime: 0, uptimeSince: null },
        },
      },
    } satisfies DashboardResponse);
  });

  it("answers each part in its module's contract schema, with data in every list", async () => {
    const ada = await newUser();
    const id = await userId(ada);
    nowIs('2026-03-10T12:00:00Z');
    await task(ada, { title: 'due today', priority: 'high', dueDate: '2026-03-10T15:00:00Z' });
    await ada
      .post('/api/events')
      .send({
        title: 'stand-up',
        startTime: '2026-03-10T09:00:00Z',
        endTime: '2026-03-10T09:15:00Z',
        location: 'Room 1',
        attendees: ['grace@example.com'],
        metadata: { link: 'https://example.org/call' },
      })
      .expect(201);
    await insertEmails(db, id, [
      { priority: 'urgent' },
      { isAutoResponded: true, metadata: { autoResponse: 'meeting' } },
    ]);
    const { body: report } = await ada.post('/api/research/start').send({ topic: 'Urban heat' }).expect(201);
    await db.query(
      `UPDATE research_reports SET status = 'completed', progress = 100, summary = 'Warmer.', content = '## Summary', "completedAt" = now(),
              sources = $2::jsonb WHERE id = $1`,
      [
        report.id,
        JSON.stringify([
          {
            number: 1,
            kind: 'web',
            title: 'Heat',
            url: 'https://example.org/heat',
            publishedAt: null,
            excerpt: 'Heat.',
            credibility: { score: 70, parts: [] },
          },
        ]),
      ],
    );

    const { modules } = await dashboard(ada);
    expect(Object.keys(modules).sort()).toEqual(Object.keys(PART_SCHEMAS).sort());
    for (const [module, part] of Object.entries(modules)) {
      // parse() drops keys the schema does not know, so equality also catches an extra key.
      expect({ module, part: PART_SCHEMAS[module].parse(part) }).toEqual({ module, part });
    }
    expect((modules.organiser as OrganiserDashboard).todayEvents).toHaveLength(1);
    expect(modules.research).toMatchObject({ recent: [{ status: 'complete', sources: ['https://example.org/heat'] }] });
  });

  it('finds every provider marked @DashboardPart at start, grouped by module', () => {
    const found = t.app.get(DashboardRegistry).all();
    expect(found.map((entry) => entry.module)).toEqual(['organiser', 'email', 'research', 'social', 'website']);
    expect(Object.keys(PART_SCHEMAS)).toEqual(found.map((entry) => entry.module));
    expect(found[0].providers.map((provider) => provider.constructor.name).sort()).toEqual([
      'EventsDashboardProvider',
      'TasksDashboardProvider',
    ]);
  });

  it('answers 401 signed out and 403 while the organiser module is locked', async () => {
    expect((await request(t.http).get('/api/dashboard').expect(401)).body).toEqual({ message: 'Unauthorized' });
    const agent = await newUser();
    await setToggle('organiser', 'enabled = false');
    try {
      await agent.get('/api/dashboard').expect(403);
    } finally {
      await setToggle('organiser', 'enabled = true');
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
    expect(await counts(ada)).toEqual({ todayTasks: 2, change: 0 });
    nowIs('2026-03-10T14:59:59Z'); // Tokyo 10 Mar 23:59:59: the day before
    expect(await counts(ada)).toEqual({ todayTasks: 2, change: 1 });
    nowIs('2026-03-11T15:00:00Z'); // Tokyo 12 Mar 00:00: the day after
    expect(await counts(ada)).toEqual({ todayTasks: 1, change: -1 });

    // The same tasks and instant counted in UTC: 10 March is today there.
    await ada.patch('/api/profile').send({ timezone: 'UTC' }).expect(200);
    nowIs('2026-03-10T15:30:00Z');
    expect(await counts(ada)).toEqual({ todayTasks: 3, change: 2 });
  });

  it('follow the local day across a daylight-saving change (Los Angeles, 8 March 2026 is 23 hours long)', async () => {
    const ada = await newUser('America/Los_Angeles');
    await task(ada, { dueDate: '2026-03-08T08:00:00Z' }); // 8 Mar 00:00 PST, today
    await task(ada, { dueDate: '2026-03-09T06:59:59Z' }); // 8 Mar 23:59:59 PDT, today
    await task(ada, { dueDate: '2026-03-09T07:00:00Z' }); // 9 Mar 00:00 PDT, tomorrow
    await task(ada, { dueDate: '2026-03-08T07:59:59Z' }); // 7 Mar 23:59:59 PST, yesterday
    nowIs('2026-03-08T20:00:00Z'); // 8 Mar 13:00 PDT
    expect(await counts(ada)).toEqual({ todayTasks: 2, change: 1 });
  });
});

describe('priorityTasks', () => {
  it('lists up to 5 open tasks or tasks completed today: high, medium, low, each soonest due first and undated last', async () => {
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
    const highDone = await task(ada, {
      title: 'high done',
      priority: 'high',
      dueDate: '2026-01-01T00:00:00Z',
      status: 'completed',
    });
    // Completed before today: it leaves room for the open tasks.
    await db.query(`UPDATE tasks SET "updatedAt" = now() - interval '2 days' WHERE id = $1`, [highDone.id]);
    const mediumUndated = await task(ada, { title: 'medium undated' });
    const mediumDated = await task(ada, { title: 'medium dated', dueDate: '2027-01-01T00:00:00Z' });
    await task(bob, { title: "bob's high", priority: 'high', dueDate: '2025-01-01T00:00:00Z' });

    expect((await organiser(ada)).priorityTasks).toEqual([
      highSooner,
      highLater,
      highUndated,
      mediumDated,
      mediumUndated,
    ]);

    // Completed today, a task keeps its place, struck through (spec: Dashboard, Priority Tasks).
    await ada.patch(`/api/tasks/${highLater.id}`).send({ status: 'completed' }).expect(200);
    const after = (await organiser(ada)).priorityTasks;
    expect(after.map((t) => [t.title, t.status])).toEqual([
      ['high sooner', 'in_progress'],
      ['high later', 'completed'],
      ['high undated', 'pending'],
      ['medium dated', 'pending'],
      ['medium undated', 'pending'],
    ]);

    // From the next day on, it leaves room for an open task.
    nowIs(new Date(Date.now() + 2 * 86_400_000).toISOString());
    expect((await organiser(ada)).priorityTasks.map((t) => t.title)).toEqual([
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
    expect((await organiser(ada)).todayEvents).toEqual([midnight, morning, noon]);
    await ada.delete(`/api/events/${morning.id}`).expect(204);
    expect((await organiser(ada)).todayEvents.map((e) => e.title)).toEqual(['midnight', 'noon', late.title]);
  });
});

describe('modules', () => {
  it('leave out the part of a module the user may not use (off, above their plan, admin-only), keeping the rest', async () => {
    const ada = await newUser();
    await task(ada, { dueDate: '2026-03-10T12:00:00Z' });
    nowIs('2026-03-10T15:00:00Z');
    await setToggle('email', 'enabled = false');
    await setToggle('research', `"planRequired" = 'premium'`);
    await setToggle('social', `"adminOnly" = true`);
    try {
      const { modules } = await dashboard(ada);
      expect(Object.keys(modules).sort()).toEqual(['organiser', 'website']);
      expect((modules.organiser as OrganiserDashboard).todayTasks).toBe(1);
    } finally {
      await setToggle('email', 'enabled = true');
      await setToggle('research', `"planRequired" = 'free'`);
      await setToggle('social', `"adminOnly" = false`);
    }
    expect(Object.keys((await dashboard(ada)).modules).sort()).toEqual([
      'email',
      'organiser',
      'research',
      'social',
      'website',
    ]);
  });

  it('leave out a module whose provider fails (the whole part, also of a module with two), keeping the rest', async () => {
    const ada = await newUser();
    const id = await userId(ada);
    await task(ada, { dueDate: '2026-03-10T12:00:00Z' });
    nowIs('2026-03-10T15:00:00Z');
    const website = t.app.get(WebsitesDashboardProvider);
    const contribute = website.contribute.bind(website);
    jest.spyOn(website, 'contribute').mockImplementation(async (user, now, timezone) => {
      if (user === id) throw new Error('website analytics are down');
      return contribute(user, now, timezone);
    });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    const { modules } = await dashboard(ada);
    expect(Object.keys(modules).sort()).toEqual(['email', 'organiser', 'research', 'social']);
    expect((modules.organiser as OrganiserDashboard).todayTasks).toBe(1);
    expect(logged).toHaveBeenCalledWith(
      'The website dashboard provider failed',
      expect.stringContaining('website analytics are down'),
    );
    // Someone else's dashboard still has it.
    expect((await dashboard(bob)).modules.website).toBeDefined();

    // The organiser's part comes from the tasks and the events: without the events it is left out, not half there.
    jest.spyOn(t.app.get(EventsDashboardProvider), 'contribute').mockRejectedValue(new Error('calendar is down'));
    expect(Object.keys((await dashboard(ada)).modules).sort()).toEqual(['email', 'research', 'social']);
  });
});
