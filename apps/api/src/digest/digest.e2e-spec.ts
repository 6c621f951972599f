import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { DigestPreview, Profile } from '@aide/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, insertEmails, signUp } from '../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { type MailServers, startMailServers } from '../../test/mail-servers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';
import { createApp } from '../app.setup';
import { parseEnv } from '../config/env.schema';
import { DigestSweep } from './digest-sweep';

/**
 * The weekly digest on a real Postgres, delivered through a real SMTP server into Dovecot
 * mailboxes. Three API processes share the one database and the app's secret, as instances of one
 * deployment do: `t` (where people sign up and open links), and `b` and `c`, with the app's mail on,
 * which sweep at the
 * same moments. The weeks are in 2031, far from the clock, so the sweeps the apps run by themselves
 * (at start and every ten minutes, for the real week) never meet them.
 */
let t: TestApp;
let b: NestExpressApplication;
let c: NestExpressApplication;
let db: DataSource;
let mail: MailServers;

const SECRET = randomBytes(32).toString('hex');
const PUBLIC_URL = 'https://aide.test';
const USERS = ['aide', 'ada', 'bob', 'carol', 'dave'];

// Monday 10 March 2031, 09:00 in Paris: the digest of the week 3–9 March is due.
const MONDAY = new Date('2031-03-10T08:00:00Z');
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

function mailEnv(): Record<string, string> {
  return {
    SESSION_SECRET: SECRET,
    MAIL_SMTP_URL: `smtp://aide:secret-aide@${mail.smtp.host}:${mail.smtp.port}`,
    MAIL_FROM: `Aide <${mail.address('aide')}>`,
    PUBLIC_URL,
    ...LOOPBACK_SERVERS_ENV,
  };
}

async function anotherProcess(): Promise<NestExpressApplication> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    DATA_DIR: os.tmpdir(),
    PASSWORD_HASHING: 'fast-for-tests',
    JOBS_WORKERS: 'false',
    ...mailEnv(),
    DATABASE_URL: t.database.url,
  });
  const app = await createApp(env, { logger: ['error', 'warn'] });
  await app.init();
  return app;
}

beforeAll(async () => {
  mail = await startMailServers({ users: USERS.map((name) => ({ name, password: `secret-${name}` })) });
  // `t` has no mail of its own, so signing up needs no verification mail (as in the reminders' suite).
  t = await createTestApp({ env: { SESSION_SECRET: SECRET, PUBLIC_URL, ...LOOPBACK_SERVERS_ENV } });
  db = t.app.get(DataSource);
  [b, c] = await Promise.all([anotherProcess(), anotherProcess()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([b?.close(), c?.close()]);
  await t?.close();
  await mail?.stop();
});

interface Person {
  agent: Agent;
  id: number;
  name: string;
}

async function person(name: string, profile: Partial<Profile> = {}): Promise<Person> {
  const { agent, user } = await signUp(request.agent(t.http), { email: mail.address(name) });
  if (Object.keys(profile).length) await agent.patch('/api/profile').send(profile).expect(200);
  return { agent, id: user.id, name };
}

async function completedTask(userId: number, title: string, completedAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO tasks ("userId", title, status, "createdAt", "updatedAt") VALUES ($1, $2, 'completed', $3, $3)`,
    [userId, title, completedAt],
  );
}

async function event(userId: number, title: string, start: Date, location: string | null = null): Promise<void> {
  await db.query(`INSERT INTO events ("userId", title, "startTime", "endTime", location) VALUES ($1, $2, $3, $4, $5)`, [
    userId,
    title,
    start,
    new Date(start.getTime() + 3_600_000),
    location,
  ]);
}

/** Both other processes sweep at the same instant; answers the mails they sent together. */
async function sweepBoth(now: Date): Promise<number> {
  const results = await Promise.all([b.get(DigestSweep).sweep(now), c.get(DigestSweep).sweep(now)]);
  return results.reduce((total, result) => total + result.sent, 0);
}

const inbox = (name: string) => mail.fetchAll(name);

describe('the weekly digest by mail', () => {
  let ada: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    ada = await person('ada', { timezone: 'Europe/Paris' });
    bob = await person('bob', { weeklyDigest: false });
    carol = await person('carol');

    // Ada's last week: two tasks done (one the week before), mail in and out, and a meeting ahead.
    await completedTask(ada.id, 'File the tax return', at('2031-03-04T10:00:00Z'));
    await completedTask(ada.id, 'Book the venue', at('2031-03-07T16:00:00Z'));
    await completedTask(ada.id, 'Old chore', at('2031-02-26T10:00:00Z'));
    await completedTask(ada.id, 'Too early to count', at('2031-02-20T10:00:00Z'));
    await event(ada.id, 'Quarterly review', at('2031-03-11T13:00:00Z'), 'Room 4');
    await event(ada.id, 'Next month', at('2031-04-11T13:00:00Z'));
    await insertEmails(db, ada.id, [
      { receivedAt: at('2031-03-05T09:00:00Z') },
      { receivedAt: at('2031-03-06T09:00:00Z') },
      { receivedAt: at('2031-03-07T09:00:00Z') },
      { receivedAt: at('2031-03-08T09:00:00Z'), metadata: { status: 'sent' } },
      { receivedAt: at('2031-02-27T09:00:00Z') },
      { receivedAt: at('2031-02-28T09:00:00Z') },
    ]);

    // Bob has news too, but turned the digest off; his titles must never reach Ada.
    await completedTask(bob.id, "Bob's secret plan", at('2031-03-05T10:00:00Z'));
    await event(bob.id, "Bob's dentist", at('2031-03-12T09:00:00Z'));
    // Carol has nothing at all to be told.
  });

  it('arrives once, though two API processes sweep at the same moment, with HTML and text parts', async () => {
    // Monday 07:30 in Paris: not yet due (and last week's own digest, of the week before, has had its week).
    expect(await sweepBoth(new Date(MONDAY.getTime() - 90 * 60_000))).toBe(0);
    expect(await sweepBoth(MONDAY)).toBe(1);
    // Later the same week (a restart): nothing more.
    expect(await sweepBoth(new Date(MONDAY.getTime() + 2 * DAY))).toBe(0);

    const [message, ...others] = await waitFor(async () => {
      const messages = await inbox('ada');
      return messages.length > 0 && messages;
    });
    expect(others).toEqual([]);
    expect(mail.sent.filter((sent) => sent.to.includes(mail.address('ada')))).toHaveLength(1);

    const { parsed } = message;
    expect(parsed.subject).toBe('Your week in review: March 10');
    expect(parsed.from?.value[0].address).toBe(mail.address('aide'));
    const text = parsed.text ?? '';
    for (const sentence of [
      'Here is your week from March 3 to March 9, and what the coming days hold.',
      'You completed 2 tasks last week. That is up 100% on the week before.',
      '- Book the venue\n- File the tax return',
      'You have 1 event this week.',
      'Quarterly review at Room 4',
      'You received 3 emails last week. That is up 50% on the week before. You sent 1 email last week. The week before had none.',
      `Open your tasks: ${PUBLIC_URL}/tasks`,
    ])
      expect(text).toContain(sentence);
    expect(text).not.toContain('Too early to count');
    expect(text).not.toContain('Next month');
    expect(parsed.html).toContain('<h2 style=');
    expect(parsed.html).toContain('Book the venue');
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/calendar"`);

    // Another person's data never appears.
    for (const part of [text, parsed.html || '']) {
      expect(part).not.toContain('Bob');
    }

    // RFC 8058: the one-click unsubscribe headers.
    const headers = String(message.source)
      .split(/\r?\n\r?\n/)[0]
      .replace(/\r?\n[ \t]+/g, ' ');
    const listUnsubscribe = headers.match(/^List-Unsubscribe: <([^>]+)>$/m)?.[1];
    expect(listUnsubscribe).toMatch(new RegExp(`^${PUBLIC_URL}/api/digest/unsubscribe\\?token=`));
    expect(text).toContain(`Unsubscribe from the weekly digest: ${listUnsubscribe}`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('sends nothing to someone who turned it off, nor when there is nothing to say', async () => {
    expect(await inbox('bob')).toEqual([]);
    expect(await inbox('carol')).toEqual([]);
    const rows = await db.query(
      `SELECT "userId", "weekStart"::text AS "weekStart", status FROM digest_deliveries WHERE "userId" = ANY($1) AND "weekStart" > '2031-01-01' ORDER BY "userId"`,
      [[ada.id, bob.id, carol.id]],
    );
    expect(rows).toEqual([
      { userId: ada.id, weekStart: '2031-03-10', status: 'sent' },
      { userId: carol.id, weekStart: '2031-03-10', status: 'empty' },
    ]);
  });

  it('unsubscribes through the link in the mail, and the next week sends nothing', async () => {
    const [message] = await inbox('ada');
    const link = (message.parsed.text ?? '').match(/Unsubscribe from the weekly digest: (\S+)/)?.[1];
    expect(link).toBeDefined();
    const page = await request(t.http).get(link!.slice(PUBLIC_URL.length)).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('You will no longer receive the weekly digest.');
    expect(((await ada.agent.get('/api/profile').expect(200)).body as Profile).weeklyDigest).toBe(false);

    // A week later Ada has news again, but the digest is off.
    await completedTask(ada.id, 'Another one', at('2031-03-12T10:00:00Z'));
    expect(await sweepBoth(new Date(MONDAY.getTime() + 7 * DAY))).toBe(0);
    expect(await inbox('ada')).toHaveLength(1);
  });

  it('takes the one-click POST a mail provider sends, from another site, and refuses a forged token', async () => {
    const dave = await person('dave', { language: 'de' });
    await completedTask(dave.id, 'Steuererklärung', at('2031-03-05T10:00:00Z'));
    const preview = (await dave.agent.get('/api/digest/preview').expect(200)).body as DigestPreview;
    const token = preview.text.match(/\?token=(\S+)/)?.[1];
    expect(token).toBeDefined();

    const forged = `${dave.id}.${'A'.repeat(43)}`;
    const refused = await request(t.http).get(`/api/digest/unsubscribe?token=${forged}`).expect(400);
    expect(refused.text).toContain('This unsubscribe link is not valid.');
    await request(t.http)
      .post(`/api/digest/unsubscribe?token=${token}`)
      .set('Origin', 'https://mail.example.net')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(((await dave.agent.get('/api/profile').expect(200)).body as Profile).weeklyDigest).toBe(false);
    // The page answers in the person's language.
    const page = await request(t.http).get(`/api/digest/unsubscribe?token=${token}`).expect(200);
    expect(page.text).toContain('Du erhältst die wöchentliche Zusammenfassung nicht mehr.');
    expect((await request(t.http).get('/api/digest/unsubscribe').expect(400)).body.message).toBe(
      'The unsubscribe link is not valid',
    );
  });
});

describe('GET /api/digest/preview', () => {
  it('answers 401 signed out', async () => {
    expect((await request(t.http).get('/api/digest/preview').expect(401)).body).toEqual({
      message: expect.any(String),
    });
  });

  it("shows the current person's digest as it would go out now, in their language, and only theirs", async () => {
    const { agent, user } = await signUp(request.agent(t.http));
    await agent.patch('/api/profile').send({ language: 'fr', weeklyDigest: false }).expect(200);
    const empty = (await agent.get('/api/digest/preview').expect(200)).body as DigestPreview;
    expect(empty.wouldSend).toBe(false);
    expect(empty.text).toContain('Il ne s’est rien passé la semaine dernière');

    // A task done a week ago (real time: the preview is of now).
    await completedTask(user.id, 'Arroser les plantes', new Date(Date.now() - 7 * DAY));
    const preview = (await agent.get('/api/digest/preview').expect(200)).body as DigestPreview;
    expect(preview.wouldSend).toBe(true);
    expect(preview.subject).toMatch(/^Votre semaine en bref : /);
    expect(preview.text).toContain('Vous avez terminé 1 tâche la semaine dernière.');
    expect(preview.text).toContain('- Arroser les plantes');
    expect(preview.html).toContain('Arroser les plantes');
    expect(preview.text).not.toContain('Book the venue');
  });
});
