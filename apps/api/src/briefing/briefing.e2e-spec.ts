import type { Briefing, BriefingItem } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { insertEmails, signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AppMailer } from '../account/app-mailer.service';
import { BriefingClock } from './briefing-clock';
import { BriefingSweep } from './briefing-sweep';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKERS: 'false', AUTH_REGISTER_RATE_LIMIT: '1000' } });
  db = t.app.get(DataSource);
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => t.close());

/** 15 January 2030, 08:00 UTC: the briefing's "now" in every test. */
const NOW = '2030-01-15T08:00:00.000Z';
/** Puts the briefing's clock at `iso`. */
const nowIs = (iso: string) => jest.spyOn(BriefingClock.prototype, 'now').mockReturnValue(new Date(iso));

const newUser = async (): Promise<{ agent: Agent; id: number }> => {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
};
const briefing = async (agent: Agent): Promise<Briefing> => (await agent.get('/api/briefing').expect(200)).body;
const items = (answer: Briefing): BriefingItem[] => answer.sections.flatMap((section) => section.items);
const setToggle = (module: string, enabled: boolean) =>
  db.query(`UPDATE feature_toggles SET enabled = $2 WHERE name = $1`, [`module.${module}`, enabled]);

/** An event, an overdue task, a mail awaiting a reply (and two that do not), a site that is down, a trip, a report. */
async function seed(agent: Agent, id: number, prefix = '') {
  const event = (
    await agent
      .post('/api/events')
      .send({ title: `${prefix}Team sync`, startTime: '2030-01-15T10:00:00Z', endTime: '2030-01-15T11:00:00Z' })
      .expect(201)
  ).body;
  const task = (
    await agent
      .post('/api/tasks')
      .send({ title: `${prefix}Pay rent`, dueDate: '2030-01-12T09:00:00Z' })
      .expect(201)
  ).body;
  await agent
    .post('/api/tasks')
    .send({ title: `${prefix}Next week`, dueDate: '2030-01-22T09:00:00Z' })
    .expect(201);
  const [mail] = await insertEmails(db, id, [
    {
      subject: `${prefix}Q3 budget`,
      from: 'Ann Lee <ann@example.com>',
      body: 'Hi,\n\nCould you send me the slides before Friday?\n\nAnn',
      receivedAt: new Date('2030-01-14T16:00:00Z'),
    },
    {
      subject: `${prefix}Weekly deals`,
      from: 'Shop <deals@shop.example>',
      body: 'Want 20% off?',
      category: 'newsletter',
      receivedAt: new Date('2030-01-14T17:00:00Z'),
    },
    {
      subject: `${prefix}Receipt`,
      from: 'Billing <no-reply@shop.example>',
      body: 'Did you know you can track your order?',
      receivedAt: new Date('2030-01-14T18:00:00Z'),
    },
  ]);
  const [site] = await db.query(
    `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, $2, 'https://shop.example/', $3) RETURNING id`,
    [id, `${prefix}Shop`, `briefing${id}`],
  );
  await db.query(
    `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok) VALUES ($1, '2030-01-15T07:00:00Z', true), ($1, '2030-01-15T07:55:00Z', false)`,
    [site.id],
  );
  await db.query(
    `INSERT INTO travel_plans ("userId", destination, "startDate", "endDate", preferences, checklist)
     VALUES ($1, $2, '2030-01-18', '2030-01-21', '{}', $3)`,
    [
      id,
      `${prefix}Lisbon`,
      JSON.stringify({
        Documents: [
          { item: 'Passport', completed: false },
          { item: 'Tickets', completed: true },
        ],
      }),
    ],
  );
  const [report] = await db.query(
    `INSERT INTO research_reports ("userId", topic, status, progress, content, "completedAt")
     VALUES ($1, $2, 'completed', 100, 'Report', '2030-01-14T20:00:00Z') RETURNING id`,
    [id, `${prefix}Heat pumps`],
  );
  return { event, task, mail, site: site.id as number, report: report.id as number };
}

describe('GET /api/briefing', () => {
  it('lists the seeded event, the overdue task, the mail awaiting a reply and the down site, each with its link', async () => {
    nowIs(NOW);
    const { agent, id } = await newUser();
    const seeded = await seed(agent, id);
    const answer = await briefing(agent);

    expect(answer).toMatchObject({
      date: '2030-01-15',
      timezone: 'UTC',
      summaryMethod: 'offline:template:briefing.summary',
    });
    expect(answer.sections.map((section) => section.id)).toEqual([
      'schedule',
      'tasks',
      'mail',
      'travel',
      'websites',
      'research',
    ]);
    const lines = items(answer).map(({ kind, title, detail, link }) => ({ kind, title, detail, link }));
    expect(lines).toEqual([
      { kind: 'free', title: 'You are free from 08:00 to 10:00', detail: null, link: '/calendar' },
      { kind: 'event', title: 'Team sync', detail: '10:00–11:00', link: `/calendar?event=${seeded.event.id}` },
      { kind: 'free', title: 'You are free from 11:00 to 18:00', detail: null, link: '/calendar' },
      { kind: 'task', title: 'Pay rent', detail: 'Overdue', link: `/tasks?open=${seeded.task.id}` },
      { kind: 'mail', title: 'Q3 budget', detail: 'From Ann Lee', link: `/email?open=${seeded.mail}` },
      { kind: 'trip', title: 'Trip to Lisbon', detail: 'Starts in 3 days', link: '/travel' },
      { kind: 'checklist', title: 'Passport', detail: 'Still open on the checklist for Lisbon', link: '/travel' },
      {
        kind: 'site',
        title: 'Shop',
        detail: 'https://shop.example/ did not answer its last uptime check',
        link: '/website',
      },
      {
        kind: 'report',
        title: 'Heat pumps',
        detail: 'Your report is ready to read',
        link: `/research?open=${seeded.report}`,
      },
    ]);
    expect(answer.summary).toBe(
      'You have one event today, at 10:00: Team sync. You are free from 08:00 to 10:00 and from 11:00 to 18:00. ' +
        'One task is overdue: Pay rent. Ann Lee is waiting for your reply to “Q3 budget”. ' +
        'Your trip to Lisbon starts in 3 days. One item on its checklist is still open. ' +
        'Your website Shop is down. Your research report on Heat pumps is ready.',
    );
  });

  it("never shows another user's events, tasks, mail or sites", async () => {
    nowIs(NOW);
    const alice = await newUser();
    await seed(alice.agent, alice.id, 'Alice ');
    const { agent } = await newUser();
    const answer = await briefing(agent);
    expect(answer.sections).toEqual([]);
    expect(answer.summary).toBe('Your calendar is clear today, and nothing else needs your attention.');
  });

  it('leaves out a mail once the person replied in its conversation', async () => {
    nowIs(NOW);
    const { agent, id } = await newUser();
    const [asked, replied] = await insertEmails(db, id, [
      {
        subject: 'Dinner',
        from: 'Bo <bo@example.com>',
        body: 'Are you free on Friday?',
        receivedAt: new Date('2030-01-14T10:00:00Z'),
      },
      {
        subject: 'Re: Dinner',
        from: 'Me <me@example.com>',
        body: 'Yes, see you then.',
        metadata: { status: 'sent' },
        receivedAt: new Date('2030-01-14T11:00:00Z'),
      },
    ]);
    await db.query(`UPDATE emails SET "threadId" = $1 WHERE id IN ($1, $2)`, [asked, replied]);
    expect(items(await briefing(agent)).filter((item) => item.kind === 'mail')).toEqual([]);
  });

  it("leaves out a switched-off module's lines", async () => {
    nowIs(NOW);
    const { agent, id } = await newUser();
    await seed(agent, id);
    await setToggle('email', false);
    await setToggle('website', false);
    try {
      const answer = await briefing(agent);
      expect(answer.sections.map((section) => section.id)).toEqual(['schedule', 'tasks', 'travel', 'research']);
      expect(answer.summary).not.toContain('Q3 budget');
      expect(answer.summary).not.toContain('Shop');
    } finally {
      await setToggle('email', true);
      await setToggle('website', true);
    }
  });

  it('writes in the profile language and counts the day in the profile timezone', async () => {
    nowIs('2030-01-15T23:30:00Z'); // 16 January, 08:30 in Tokyo
    const { agent } = await newUser();
    await agent.patch('/api/profile').send({ timezone: 'Asia/Tokyo', language: 'fr' }).expect(200);
    await agent.post('/api/tasks').send({ title: 'Appeler Léa', dueDate: '2030-01-16T05:00:00Z' }).expect(201);
    const answer = await briefing(agent);
    expect(answer.date).toBe('2030-01-16');
    expect(items(answer)).toMatchObject([{ kind: 'task', title: 'Appeler Léa', detail: 'À faire aujourd’hui' }]);
    expect(answer.summary).toBe('Votre agenda est libre aujourd’hui. Une tâche est à faire aujourd’hui : Appeler Léa.');
  });

  it('answers 401 signed out and 403 when the organiser is switched off', async () => {
    await request(t.http).get('/api/briefing').expect(401);
    const { agent } = await newUser();
    await setToggle('organiser', false);
    try {
      await agent.get('/api/briefing').expect(403);
    } finally {
      await setToggle('organiser', true);
    }
  });
});

describe('the morning briefing sweep', () => {
  const sent = (id: number) =>
    db.query<{ title: string; body: string; link: string; sourceKey: string }[]>(
      `SELECT title, body, link, "sourceKey" FROM notifications WHERE "userId" = $1 AND kind = 'daily_briefing'`,
      [id],
    );

  it('sends one notification per local day at the chosen time, and none for a person who chose off', async () => {
    const chose = await newUser();
    await chose.agent.patch('/api/profile').send({ dailyBriefing: 'notification', briefingTime: '07:30' }).expect(200);
    await seed(chose.agent, chose.id);
    const off = await newUser();
    await off.agent.patch('/api/profile').send({ bio: 'Saved, briefing off' }).expect(200);
    const sweep = t.app.get(BriefingSweep);

    await sweep.sweep(new Date('2030-01-15T07:29:00Z'));
    expect(await sent(chose.id)).toEqual([]);

    // Two API processes sweeping at once send it once.
    await Promise.all([sweep.sweep(new Date('2030-01-15T07:30:00Z')), sweep.sweep(new Date('2030-01-15T07:30:00Z'))]);
    await sweep.sweep(new Date('2030-01-15T09:00:00Z'));
    const rows = await sent(chose.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Your daily briefing', link: '/', sourceKey: 'briefing:2030-01-15' });
    expect(rows[0].body).toContain('One task is overdue: Pay rent.');
    expect(await sent(off.id)).toEqual([]);

    await sweep.sweep(new Date('2030-01-16T07:31:00Z'));
    expect((await sent(chose.id)).map((row) => row.sourceKey).sort()).toEqual([
      'briefing:2030-01-15',
      'briefing:2030-01-16',
    ]);
  });

  it('mails the briefing to a person who chose email, in their language', async () => {
    const { agent, id } = await newUser();
    await agent
      .patch('/api/profile')
      .send({ dailyBriefing: 'email', briefingTime: '06:00', language: 'de' })
      .expect(200);
    await seed(agent, id);
    const mailer = t.app.get(AppMailer, { strict: false });
    jest.spyOn(mailer, 'isConfigured', 'get').mockReturnValue(true);
    const send = jest.spyOn(mailer, 'send').mockResolvedValue(true);
    await t.app.get(BriefingSweep).sweep(new Date('2030-01-15T06:05:00Z'));
    const mine = send.mock.calls.filter(([mail]) => mail.subject === 'Ihr tägliches Briefing für den 2030-01-15');
    expect(mine).toHaveLength(1);
    expect(mine[0][0].paragraphs[0]).toContain('Eine Aufgabe ist überfällig: Pay rent.');
    expect(mine[0][0].paragraphs).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Pay rent \(Überfällig\): .*\/tasks\?open=\d+$/)]),
    );
  });
});
