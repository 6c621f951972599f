import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppNotification, NotificationList } from '@aide/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startWebPushEndpoint, type WebPushEndpoint } from '../../test/web-push-endpoint';
import { createApp } from '../app.setup';
import { parseEnv } from '../config/env.schema';
import { ReminderSweep } from './reminder-sweep';

/**
 * Reminders on a real Postgres, at chosen times far from the clock (2031), so the sweeps the apps
 * run by themselves (every minute, after each save) never meet these events. Three API processes
 * share the one database: `t` (where people sign up), and `b` and `c` with the app's mail on, as
 * several instances of one deployment would be.
 */
let t: TestApp;
let b: NestExpressApplication;
let c: NestExpressApplication;
let db: DataSource;
let pushService: WebPushEndpoint;
let smtp: SmtpCapture;

const MINUTE = 60_000;

async function anotherProcess(): Promise<NestExpressApplication> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The same DATA_DIR as `t`: the same generated VAPID key, as instances sharing their data folder have.
    DATA_DIR: os.tmpdir(),
    PASSWORD_HASHING: 'fast-for-tests',
    JOBS_WORKERS: 'false',
    MAIL_SMTP_URL: smtp.url,
    MAIL_FROM: 'Aide <no-reply@aide.test>',
    PUBLIC_URL: 'https://aide.test',
    ...LOOPBACK_SERVERS_ENV,
    DATABASE_URL: t.database.url,
  });
  const app = await createApp(env, { logger: ['error', 'warn'] });
  await app.init();
  return app;
}

beforeAll(async () => {
  pushService = await startWebPushEndpoint();
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: LOOPBACK_SERVERS_ENV });
  db = t.app.get(DataSource);
  [b, c] = await Promise.all([anotherProcess(), anotherProcess()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([b?.close(), c?.close()]);
  await t?.close();
  await pushService?.close();
  await smtp?.close();
});

interface Person {
  agent: Agent;
  id: number;
  email: string;
  subscriptionId: string;
}

/** Someone signed up, with one browser subscribed to push. */
async function person(): Promise<Person> {
  const signedUp = await signUp(request.agent(t.http));
  const { id, json } = pushService.subscribe();
  await signedUp.agent.post('/api/push/subscriptions').send(json).expect(204);
  return { agent: signedUp.agent, id: signedUp.user.id, email: signedUp.user.email, subscriptionId: id };
}

interface EventRow {
  title: string;
  start: Date;
  minutes?: number;
  reminders?: number[] | null;
  recurrence?: string | null;
  timezone?: string | null;
  exceptions?: Date[];
  location?: string | null;
  recurringEventId?: number | null;
  originalStartTime?: Date | null;
}

/** An event row as the events code stores it (its own engineer's API is tested elsewhere). */
async function insertEvent(userId: number, row: EventRow): Promise<number> {
  const [{ id }] = await db.query(
    `INSERT INTO events ("userId", title, "startTime", "endTime", location, recurrence, timezone, exceptions, reminders,
                         "recurringEventId", "originalStartTime")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      userId,
      row.title,
      row.start,
      new Date(row.start.getTime() + 30 * MINUTE),
      row.location ?? null,
      row.recurrence ?? null,
      row.timezone ?? null,
      row.exceptions ?? [],
      row.reminders === undefined ? null : row.reminders,
      row.recurringEventId ?? null,
      row.originalStartTime ?? null,
    ],
  );
  return Number(id);
}

const reminders = async (agent: Agent): Promise<AppNotification[]> =>
  ((await agent.get('/api/notifications').expect(200)).body as NotificationList).items.filter(
    (n) => n.kind === 'event_reminder' || n.kind === 'task_reminder',
  );
const sourceKeys = async (userId: number): Promise<string[]> =>
  (
    await db.query(
      `SELECT "sourceKey" FROM notifications WHERE "userId" = $1 AND kind IN ('event_reminder', 'task_reminder') ORDER BY id`,
      [userId],
    )
  ).map((row: { sourceKey: string }) => row.sourceKey);
const pushesTo = (who: Person) =>
  pushService.received.filter((r) => r.subscriptionId === who.subscriptionId).map((r) => JSON.parse(r.text));

const sweepT = (now: Date) => t.app.get(ReminderSweep).sweep(now);
const at = (iso: string) => new Date(iso);
const minus = (date: Date, minutes: number, seconds = 0) =>
  new Date(date.getTime() - minutes * MINUTE - seconds * 1000);

describe('event reminders', () => {
  it("fire once, at the event's own minutes before the start, in the bell and as a push", async () => {
    const ada = await person();
    const start = at('2031-03-10T09:00:00Z');
    const id = await insertEvent(ada.id, { title: 'Team sync', start, reminders: [10, 60], location: 'Room 4' });

    expect((await sweepT(minus(start, 61))).created).toBe(0);
    expect(await sweepT(minus(start, 60, -20))).toEqual({ created: 1, pushes: 1, mails: 0 });
    expect(await sweepT(minus(start, 59))).toEqual({ created: 0, pushes: 0, mails: 0 });
    expect((await sweepT(minus(start, 11))).created).toBe(0);
    expect(await sweepT(minus(start, 9, 40))).toEqual({ created: 1, pushes: 1, mails: 0 });
    expect((await sweepT(minus(start, 5))).created).toBe(0);

    expect((await reminders(ada.agent)).map((n) => [n.title, n.body, n.link])).toEqual([
      ['Team sync starts in 10 minutes', 'Room 4', '/calendar'],
      ['Team sync starts in 1 hour', 'Room 4', '/calendar'],
    ]);
    expect(await sourceKeys(ada.id)).toEqual([
      `event:${id}:2031-03-10T09:00:00.000Z:60`,
      `event:${id}:2031-03-10T09:00:00.000Z:10`,
    ]);
    expect(pushesTo(ada)).toEqual([
      { title: 'Team sync starts in 1 hour', body: 'Room 4', link: '/calendar', tag: expect.any(String) },
      { title: 'Team sync starts in 10 minutes', body: 'Room 4', link: '/calendar', tag: expect.any(String) },
    ]);
  });

  it("use the profile's default when the event sets none, and none when both are unset", async () => {
    const ada = await person();
    const start = at('2031-03-11T09:00:00Z');
    await insertEvent(ada.id, { title: 'Default ten', start });
    await insertEvent(ada.id, { title: 'No reminder', start, reminders: [] });
    await sweepT(minus(start, 10));
    expect((await reminders(ada.agent)).map((n) => n.title)).toEqual(['Default ten starts in 10 minutes']);

    await ada.agent.patch('/api/profile').send({ eventReminderMinutes: 30 }).expect(200);
    const later = at('2031-03-12T09:00:00Z');
    await insertEvent(ada.id, { title: 'Default thirty', start: later });
    await sweepT(minus(later, 10));
    await sweepT(minus(later, 30));
    await ada.agent.patch('/api/profile').send({ eventReminderMinutes: 0 }).expect(200);
    await sweepT(later);
    expect((await reminders(ada.agent)).map((n) => n.title)).toEqual([
      'Default thirty starts now',
      'Default thirty starts in 30 minutes',
      'Default ten starts in 10 minutes',
    ]);

    await ada.agent.patch('/api/profile').send({ eventReminderMinutes: null }).expect(200);
    const third = at('2031-03-13T09:00:00Z');
    await insertEvent(ada.id, { title: 'Silent', start: third });
    for (const minutes of [30, 10, 0]) expect((await sweepT(minus(third, minutes))).created).toBe(0);
  });

  it('expand a repeating series in its timezone: the second occurrence reminds at its own time, a removed one not', async () => {
    const ada = await person();
    // Daily at 09:00 in Berlin; on 30 March 2031 Berlin moves from UTC+1 to UTC+2.
    const first = at('2031-03-28T08:00:00Z');
    const id = await insertEvent(ada.id, {
      title: 'Stand-up',
      start: first,
      recurrence: 'FREQ=DAILY;COUNT=5',
      timezone: 'Europe/Berlin',
      reminders: [15],
      exceptions: [at('2031-03-30T07:00:00Z')],
    });
    const second = at('2031-03-29T08:00:00Z');
    expect((await sweepT(minus(second, 15, -30))).created).toBe(1);
    expect((await sweepT(minus(second, 14))).created).toBe(0);
    // The 30th's occurrence was removed.
    expect((await sweepT(minus(at('2031-03-30T07:00:00Z'), 15))).created).toBe(0);
    // After the change 09:00 in Berlin is 07:00 UTC, not 08:00.
    expect((await sweepT(minus(at('2031-03-31T08:00:00Z'), 15))).created).toBe(0);
    expect((await sweepT(minus(at('2031-03-31T07:00:00Z'), 15))).created).toBe(1);
    expect(await sourceKeys(ada.id)).toEqual([
      `event:${id}:2031-03-29T08:00:00.000Z:15`,
      `event:${id}:2031-03-31T07:00:00.000Z:15`,
    ]);
    expect((await reminders(ada.agent)).map((n) => n.title)).toEqual([
      'Stand-up starts in 15 minutes',
      'Stand-up starts in 15 minutes',
    ]);
  });

  it('remind a moved occurrence at its new time, and not at its old one', async () => {
    const ada = await person();
    const series = await insertEvent(ada.id, {
      title: 'Weekly review',
      start: at('2031-04-07T14:00:00Z'),
      recurrence: 'FREQ=WEEKLY;COUNT=3',
      timezone: 'UTC',
      reminders: [10],
    });
    const moved = await insertEvent(ada.id, {
      title: 'Weekly review',
      start: at('2031-04-14T16:00:00Z'),
      reminders: [10],
      recurringEventId: series,
      originalStartTime: at('2031-04-14T14:00:00Z'),
    });
    expect((await sweepT(at('2031-04-14T13:50:00Z'))).created).toBe(0);
    expect((await sweepT(at('2031-04-14T15:50:00Z'))).created).toBe(1);
    expect(await sourceKeys(ada.id)).toEqual([`event:${moved}:2031-04-14T16:00:00.000Z:10`]);
  });

  it('come late after a pause of up to 15 minutes, saying the time left; later, or after the start, not at all', async () => {
    const ada = await person();
    const start = at('2031-05-01T12:00:00Z');
    await insertEvent(ada.id, { title: 'Late one', start, reminders: [30] });
    await insertEvent(ada.id, { title: 'Too late', start: at('2031-05-01T12:20:00Z'), reminders: [60] });
    await insertEvent(ada.id, { title: 'Started', start: at('2031-05-01T11:40:00Z'), reminders: [10] });
    // 11:42: 12 minutes late for 'Late one' (11:30), 22 for 'Too late' (11:20), and 'Started' has begun.
    await sweepT(minus(start, 18));
    expect((await reminders(ada.agent)).map((n) => n.title)).toEqual(['Late one starts in 18 minutes']);
  });

  it('reach only people who may use the organiser', async () => {
    const ada = await person();
    const start = at('2031-06-01T09:00:00Z');
    await insertEvent(ada.id, { title: 'Locked away', start, reminders: [10] });
    await db.query(`UPDATE feature_toggles SET enabled = false WHERE name = 'module.organiser'`);
    try {
      expect((await sweepT(minus(start, 10))).created).toBe(0);
    } finally {
      await db.query(`UPDATE feature_toggles SET enabled = true WHERE name = 'module.organiser'`);
    }
  });
});

describe('task reminders', () => {
  it("fire reminderMinutes before the due date (0: at it), for open tasks, as 'task_reminder'", async () => {
    const ada = await person();
    const due = at('2031-07-01T17:00:00Z');
    const create = async (title: string, reminderMinutes: number | null, status = 'pending') => {
      const [{ id }] = await db.query(
        `INSERT INTO tasks ("userId", title, "dueDate", "reminderMinutes", status) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [ada.id, title, due, reminderMinutes, status],
      );
      return Number(id);
    };
    const hour = await create('Send the report', 60);
    const now = await create('Pay rent', 0);
    await create('No reminder', null);
    await create('Done already', 60, 'completed');

    expect((await sweepT(minus(due, 60))).created).toBe(1);
    expect((await sweepT(minus(due, 30))).created).toBe(0);
    expect((await sweepT(due)).created).toBe(1);
    expect((await sweepT(due)).created).toBe(0);

    const got = await reminders(ada.agent);
    expect(got.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['task_reminder', 'Pay rent is due now', '/tasks'],
      ['task_reminder', 'Send the report is due in 1 hour', '/tasks'],
    ]);
    expect(await sourceKeys(ada.id)).toEqual([
      `task:${hour}:2031-07-01T17:00:00.000Z:60`,
      `task:${now}:2031-07-01T17:00:00.000Z:0`,
    ]);
    expect(pushesTo(ada).map((p) => p.title)).toEqual(['Send the report is due in 1 hour', 'Pay rent is due now']);
  });
});

describe('delivery', () => {
  it('is exactly once when two API processes sweep at the same moment: one notification, one push, one mail', async () => {
    const people = await Promise.all([person(), person(), person()]);
    const start = at('2031-08-01T09:00:00Z');
    for (const who of people) await insertEvent(who.id, { title: 'Board meeting', start, reminders: [10] });

    const now = minus(start, 10);
    const [fromB, fromC] = await Promise.all([b.get(ReminderSweep).sweep(now), c.get(ReminderSweep).sweep(now)]);
    // Run again, both: nothing more.
    const again = await Promise.all([b.get(ReminderSweep).sweep(now), c.get(ReminderSweep).sweep(now)]);

    expect(fromB.created + fromC.created).toBe(3);
    expect(fromB.pushes + fromC.pushes).toBe(3);
    expect(fromB.mails + fromC.mails).toBe(3);
    expect(again.map((r) => r.created + r.pushes + r.mails)).toEqual([0, 0]);
    for (const who of people) {
      expect((await reminders(who.agent)).map((n) => n.title)).toEqual(['Board meeting starts in 10 minutes']);
      expect(pushesTo(who).map((p) => p.title)).toEqual(['Board meeting starts in 10 minutes']);
      const mail = await smtp.next(who.email);
      expect(mail.subject).toBe('Board meeting starts in 10 minutes');
      expect(mail.text).toContain('https://aide.test/calendar');
      expect(smtp.to(who.email)).toHaveLength(1);
    }
  });

  it("honours the profile's switches: no push with pushNotifications off, no mail with emailNotifications off", async () => {
    const ada = await person();
    await ada.agent.patch('/api/profile').send({ pushNotifications: false, emailNotifications: false }).expect(200);
    const start = at('2031-09-01T09:00:00Z');
    await insertEvent(ada.id, { title: 'Quiet meeting', start, reminders: [10] });
    expect(await b.get(ReminderSweep).sweep(minus(start, 10))).toEqual({ created: 1, pushes: 0, mails: 0 });
    expect((await reminders(ada.agent)).map((n) => n.title)).toEqual(['Quiet meeting starts in 10 minutes']);
    expect(pushesTo(ada)).toEqual([]);
    expect(smtp.to(ada.email)).toEqual([]);
  });

  it("pushes in the person's language", async () => {
    const ada = await person();
    await ada.agent.patch('/api/profile').send({ language: 'de' }).expect(200);
    const start = at('2031-10-01T09:00:00Z');
    await insertEvent(ada.id, { title: 'Teamrunde', start, reminders: [5] });
    await sweepT(minus(start, 5));
    expect(pushesTo(ada).map((p) => p.title)).toEqual(['Teamrunde beginnt in 5 Minuten']);
    const german = (await ada.agent.get('/api/notifications').set('Accept-Language', 'de').expect(200))
      .body as NotificationList;
    expect(german.items[0].title).toBe('Teamrunde beginnt in 5 Minuten');
  });
});
