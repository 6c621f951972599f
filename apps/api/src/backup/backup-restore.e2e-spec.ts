import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CalendarEvent, CalendarIntegration, EmailIntegration, Task } from '@aide/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../app.setup';
import { CalendarSyncService } from '../calendar-integrations/sync/calendar-sync.service';
import { parseEnv } from '../config/env.schema';
import { MIGRATIONS } from '../database/data-source';
import { pdfFile } from '../../test/document-files';
import { type Agent, signUp } from '../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { connectMailbox } from '../../test/mail-accounts';
import { type MailServers, startMailServers } from '../../test/mail-servers';
import { icsEvent as ics, type Radicale, startRadicale } from '../../test/radicale';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { runCli } from '../cli';
import { applicationTables, DERIVED_TABLES, quoteIdentifier } from './database-tables';

/**
 * Backup and restore end to end: data written through the API in every module (tasks that repeat,
 * events, a profile, documents in a folder, research, social, travel, a website with analytics, an
 * IMAP account on a real Dovecot, a CalDAV account on a real Radicale, the notifications all that
 * produces), `cli.js backup`, then the deployment wiped (database dropped, document folder and
 * DATA_DIR removed), `cli.js restore` into an empty database, and every table compared row for row
 * with the original; then the app starts on the restored deployment, everything reads back through
 * the API, the user signs in with their password, and the mail and calendar syncs decrypt their
 * stored passwords with the restored key.
 */

const MAIL_PASSWORD = 'ada-imap-secret';
const CALDAV_USER = 'ada';
const CALDAV_PASSWORD = 'ada-caldav-secret';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let mail: MailServers;
let radicale: Radicale;
let calendarUrl: string;
let work: string;

beforeAll(async () => {
  [mail, radicale] = await Promise.all([
    startMailServers({ users: [{ name: 'ada', password: MAIL_PASSWORD }] }),
    startRadicale({ [CALDAV_USER]: CALDAV_PASSWORD }),
  ]);
  calendarUrl = await radicale.createCalendar(CALDAV_USER, CALDAV_PASSWORD, 'work', 'Work');
  work = await mkdtemp(path.join(os.tmpdir(), 'aide-backup-test-'));
}, 60_000);
afterAll(async () => {
  await Promise.all([mail?.stop(), radicale?.stop()]);
  if (work) await rm(work, { recursive: true, force: true });
});

/** The settings of one deployment, as the environment would hold them (what the CLI reads). */
function deploymentEnv(databaseUrl: string, dataDir: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    PASSWORD_HASHING: 'fast-for-tests',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DOCUMENT_STORAGE_DIR: path.join(dataDir, 'documents'),
    ...FAST_JOBS_ENV,
    ...LOOPBACK_SERVERS_ENV,
    ...extra,
  };
}

async function startApp(env: Record<string, string>): Promise<NestExpressApplication> {
  const app = await createApp(parseEnv(env), { logger: ['error', 'warn'] });
  await app.init();
  return app;
}

/**
 * Every application table's rows as JSON text, sorted, and every sequence's value: the whole data,
 * comparable. The derived tables too, which the backup leaves out: the restore must rebuild them.
 */
async function databaseContents(url: string): Promise<Record<string, string[]>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const contents: Record<string, string[]> = {};
    for (const table of [...(await applicationTables(client)), ...DERIVED_TABLES.map((name) => ({ name }))]) {
      const rows = await client.query<{ row: string }>(
        `SELECT to_jsonb(t)::text AS row FROM ${quoteIdentifier(table.name)} t`,
      );
      contents[table.name] = rows.rows.map((row) => row.row).sort();
    }
    const sequences = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S'`,
    );
    for (const { name } of sequences.rows) {
      const value = await client.query<{ v: string }>(`SELECT last_value::text AS v FROM ${quoteIdentifier(name)}`);
      contents[`sequence ${name}`] = [value.rows[0].v];
    }
    return contents;
  } finally {
    await client.end();
  }
}

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runCli(args, env, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

const rawMail = (subject: string, id: string) =>
  `From: Grace <grace@example.test>\r\nTo: ada@example.test\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.test>\r\nDate: Fri, 20 Nov 2026 08:00:00 +0000\r\n\r\nHello Ada.\r\n`;

async function putRemoteEvent(name: string, body: string): Promise<void> {
  expect([201, 204]).toContain(await radicale.putEvent(CALDAV_USER, `${calendarUrl}${name}`, body));
}

async function filesUnder(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files[path.relative(root, full)] = (await readFile(full)).toString('base64');
    }
  };
  await walk(root);
  return files;
}

/** Writes something in every module through the API; answers what to read back after the restore. */
async function writeEverything(app: NestExpressApplication, agent: Agent) {
  const http = app.getHttpServer();
  const repeating = (
    await agent
      .post('/api/tasks')
      .send({ title: 'Water the plants', dueDate: '2030-01-06T09:00:00.000Z', recurrence: 'FREQ=WEEKLY' })
      .expect(201)
  ).body as Task;
  await agent.post('/api/tasks').send({ title: 'File the taxes', priority: 'high' }).expect(201);
  await agent
    .post('/api/events')
    .send({
      title: 'Dentist',
      startTime: '2030-01-07T10:00:00.000Z',
      endTime: '2030-01-07T11:00:00.000Z',
      type: 'meeting',
    })
    .expect(201);
  await agent
    .patch('/api/profile')
    .send({ bio: 'Restored from a backup', theme: 'dark', weeklyDigest: true })
    .expect(200);

  const folder = (await agent.post('/api/document-folders').send({ name: 'Taxes' }).expect(201)).body as { id: number };
  const pdf = await pdfFile('Tax return 2030');
  const uploaded = (
    await agent
      .post('/api/documents')
      .field('folderId', String(folder.id))
      .attach('files', pdf, { filename: 'taxes.pdf' })
      .expect(201)
  ).body.documents[0] as { id: number };

  const research = (
    await agent
      .post('/api/research/start')
      .send({ topic: 'Heat pumps', category: 'science', tags: ['home'] })
      .expect(201)
  ).body as { id: number };
  const social = (
    await agent
      .post('/api/social/create')
      .send({ platform: 'twitter', topic: 'Spring sale', tone: 'casual' })
      .expect(201)
  ).body as { id: number; content: string };
  await agent
    .post(`/api/social/${social.id}/schedule`)
    .send({ scheduledAt: new Date(Date.now() + 7 * 86_400_000).toISOString() })
    .expect(200);
  const travel = (
    await agent
      .post('/api/travel/create')
      .send({
        destination: 'Lisbon',
        startDate: '2030-05-01',
        endDate: '2030-05-03',
        preferences: { budget: '$900', interests: ['food'], travelStyle: 'budget', groupSize: 2 },
      })
      .expect(201)
  ).body as { id: number };
  const site = (
    await agent
      .post('/api/websites')
      .send({ url: 'https://shop.example', name: 'Shop', platform: 'custom' })
      .expect(201)
  ).body as { id: number; siteKey: string };
  for (const page of ['/', '/pricing', '/about'])
    await request(http)
      .post('/api/collect')
      .set('User-Agent', CHROME)
      .set('Content-Type', 'text/plain;charset=UTF-8')
      .send(JSON.stringify({ siteKey: site.siteKey, type: 'pageview', url: `https://shop.example${page}` }))
      .expect(202);

  await mail.appendMessage('ada', rawMail('Invoice 42 is due', 'invoice-42'));
  const mailbox = await connectMailbox(agent, mail, 'ada', MAIL_PASSWORD);
  expect(mailbox.lastSyncError).toBeNull();

  await putRemoteEvent('standup.ics', ics('standup-1', 'Standup', '20300105T090000Z', '20300105T091500Z'));
  const connected = await agent.post('/api/calendar-integrations/caldav').send({
    provider: 'caldav',
    serverUrl: radicale.url,
    username: CALDAV_USER,
    password: CALDAV_PASSWORD,
    calendarName: 'work',
    syncDirection: 'two_way',
  });
  expect(connected.status).toBe(201);
  const calendar = connected.body as CalendarIntegration;
  await waitFor(
    async () =>
      ((await agent.get('/api/calendar-integrations')).body as CalendarIntegration[]).find((i) => i.id === calendar.id)
        ?.lastSyncAt != null,
    { timeoutMs: 20_000, what: 'the first calendar sync' },
  );
  // The jobs the writes started (text extraction, research, travel): done before the backup, so the comparison is exact.
  await waitFor(
    async () => {
      const [pending] = await app
        .get(DataSource)
        .query(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
        );
      return pending.n === 0;
    },
    { timeoutMs: 30_000, what: 'the background jobs to finish' },
  );
  return { repeating, uploaded, pdf, research, social, travel, site, mailbox, calendar };
}

describe('backup and restore', () => {
  let source: TestDatabase | undefined;
  let target: TestDatabase | undefined;
  let app: NestExpressApplication | undefined;
  afterAll(async () => {
    await app?.close();
    await source?.drop();
    await target?.drop();
  });

  it('restores every module into an empty deployment: rows, documents, keys, sign-in and syncs', async () => {
    const dataDir = path.join(work, 'deployment');
    const archive = path.join(work, 'aide.backup');
    source = await createTestDatabase({ empty: true });
    const env = deploymentEnv(source.url, dataDir);
    app = await startApp(env);
    const { agent, user, credentials } = await signUp(request.agent(app.getHttpServer()));
    const written = await writeEverything(app, agent);
    const tasksBefore = (await agent.get('/api/tasks').expect(200)).body as Task[];
    await app.close();
    app = undefined;

    const before = await databaseContents(source.url);
    const documentsBefore = await filesUnder(path.join(dataDir, 'documents'));
    const credentialsKey = await readFile(path.join(dataDir, 'credentials-key'), 'utf8');

    const backup = await cli(['backup', archive], env);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/^Backup written to .*aide\.backup/m);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);

    // The deployment is gone: its database, its document folder and its DATA_DIR keys.
    await source.drop();
    source = undefined;
    await rm(dataDir, { recursive: true, force: true });
    target = await createTestDatabase({ empty: true });
    const restoredEnv = deploymentEnv(target.url, dataDir);

    const restore = await cli(['restore', archive], restoredEnv);
    expect(restore.output).toContain('The app can start now.');
    expect(restore.code).toBe(0);

    // Row for row, every table and sequence as it was; every document's bytes; the same key.
    const after = await databaseContents(target.url);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before))
      expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    expect(await filesUnder(path.join(dataDir, 'documents'))).toEqual(documentsBefore);
    expect(await readFile(path.join(dataDir, 'credentials-key'), 'utf8')).toBe(credentialsKey);
    const filled = Object.entries(before).filter(([name, rows]) => !name.startsWith('sequence ') && rows.length > 0);
    expect(filled.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'users',
        'profiles',
        'tasks',
        'events',
        'documents',
        'document_folders',
        'research_reports',
        'social_posts',
        'travel_plans',
        'websites',
        'website_pageviews',
        'email_integrations',
        'emails',
        'email_counts',
        'calendar_integrations',
        'calendar_event_links',
        'notifications',
      ]),
    );
    const check = new Client({ connectionString: target.url });
    await check.connect();
    const {
      rows: [{ migrations }],
    } = await check.query<{ migrations: number }>('SELECT count(*)::int AS migrations FROM migrations');
    await check.end();
    expect(migrations).toBe(MIGRATIONS.length);

    // The app starts on the restored deployment; the user signs in with their password and finds it all.
    app = await startApp(restoredEnv);
    const http = app.getHttpServer();
    const again = request.agent(http);
    await again.post('/api/auth/login').send({ email: credentials.email, password: credentials.password }).expect(200);
    expect(((await again.get('/api/auth/user').expect(200)).body as { id: number }).id).toBe(user.id);
    expect((await again.get('/api/tasks').expect(200)).body).toEqual(tasksBefore);
    expect(
      ((await again.get('/api/tasks').expect(200)).body as Task[]).find((t) => t.id === written.repeating.id),
    ).toMatchObject({ recurrence: 'FREQ=WEEKLY' });
    const events = (
      await again
        .get('/api/events')
        .query({ from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' })
        .expect(200)
    ).body as CalendarEvent[];
    expect(events.map((event) => event.title).sort()).toEqual(['Dentist', 'Standup']);
    expect((await again.get('/api/profile').expect(200)).body).toMatchObject({ bio: 'Restored from a backup' });
    const download = await again.get(`/api/documents/${written.uploaded.id}/download`).buffer(true).expect(200);
    expect(Buffer.compare(download.body as Buffer, written.pdf)).toBe(0);
    const byId = async (list: string, id: number) =>
      ((await again.get(`${list}/${user.id}`).expect(200)).body as { id: number }[]).find((item) => item.id === id);
    expect(await byId('/api/research', written.research.id)).toMatchObject({ topic: 'Heat pumps' });
    expect(await byId('/api/social', written.social.id)).toMatchObject({
      status: 'scheduled',
      content: written.social.content,
    });
    expect(await byId('/api/travel', written.travel.id)).toMatchObject({ destination: 'Lisbon' });
    expect(
      ((await again.get('/api/websites').expect(200)).body as { name: string }[]).map((site) => site.name),
    ).toEqual(['Shop']);
    // pg-boss's queue is not in the backup: the scheduled post got its publish job again at start.
    const publishJobs = await app
      .get(DataSource)
      .query(
        `SELECT data->'payload'->>'postId' AS "postId" FROM pgboss.job WHERE name = 'social.publish' AND state = 'created'`,
      );
    expect(publishJobs).toEqual([{ postId: String(written.social.id) }]);

    // The stored IMAP password decrypts with the restored key: a sync brings in mail sent after the backup.
    await mail.appendMessage('ada', rawMail('Sent after the backup', 'after-backup'));
    await again.post(`/api/email-integrations/${written.mailbox.id}/sync`).expect(202);
    await waitFor(
      async () => {
        const accounts = (await again.get('/api/email-integrations').expect(200)).body as EmailIntegration[];
        const account = accounts.find((candidate) => candidate.id === written.mailbox.id)!;
        const page = (await again.get('/api/emails').expect(200)).body as { items: { subject: string }[] };
        const subjects = page.items.map((email) => email.subject);
        expect(account.lastSyncError).toBeNull();
        return subjects.includes('Sent after the backup');
      },
      { timeoutMs: 30_000, what: 'the sync of the restored IMAP account' },
    );
    // And the CalDAV one: an event added on the server since arrives.
    await putRemoteEvent('review.ics', ics('review-1', 'Review', '20300108T090000Z', '20300108T100000Z'));
    const summary = await app.get(CalendarSyncService).syncNow(written.calendar.id);
    expect(summary).not.toBeNull();
    const synced = (
      await again
        .get('/api/events')
        .query({ from: '2030-01-01T00:00:00.000Z', to: '2030-02-01T00:00:00.000Z' })
        .expect(200)
    ).body as CalendarEvent[];
    expect(synced.map((event) => event.title)).toContain('Review');
    const integrations = (await again.get('/api/calendar-integrations').expect(200)).body as CalendarIntegration[];
    expect(integrations.find((i) => i.id === written.calendar.id)?.lastSyncError).toBeNull();
  }, 180_000);
});

describe('backup and restore with documents in S3', () => {
  let servers: TestS3Server[] = [];
  let databases: TestDatabase[] = [];
  let app: NestExpressApplication | undefined;
  afterAll(async () => {
    await app?.close();
    await Promise.all([...databases.map((database) => database.drop()), ...servers.map((server) => server.stop())]);
  });

  it('takes every object of the bucket and puts it back into the (new, empty) bucket', async () => {
    servers = await Promise.all([startS3Server(), startS3Server()]);
    const [old, fresh] = servers;
    databases = await Promise.all([createTestDatabase(), createTestDatabase({ empty: true })]);
    const dataDir = await mkdtemp(path.join(work, 's3-'));
    const env = deploymentEnv(databases[0].url, dataDir, { ...old.env, JOBS_WORKERS: 'false' });
    app = await startApp(env);
    const { agent, credentials } = await signUp(request.agent(app.getHttpServer()));
    const bytes = Buffer.from('Minutes of the meeting\n');
    const uploaded = (
      await agent.post('/api/documents').attach('files', bytes, { filename: 'minutes.txt' }).expect(201)
    ).body.documents[0] as { id: number };
    const keys = await old.keys();
    expect(keys).toHaveLength(1);

    // Taken while the app runs: the snapshot, not a stop, makes it consistent.
    const file = path.join(dataDir, 's3.backup');
    expect((await cli(['backup', file], env)).output).toContain(', 1 documents,');
    await app.close();
    app = undefined;
    await rm(path.join(dataDir, 'credentials-key'), { force: true });
    await rm(path.join(dataDir, 'vapid-secret'), { force: true });
    const restoredEnv = deploymentEnv(databases[1].url, dataDir, { ...fresh.env, JOBS_WORKERS: 'false' });
    expect((await cli(['restore', file], restoredEnv)).output).toContain('1 documents;');
    expect(await fresh.keys()).toEqual(keys);

    app = await startApp(restoredEnv);
    const again = request.agent(app.getHttpServer());
    await again.post('/api/auth/login').send({ email: credentials.email, password: credentials.password }).expect(200);
    const download = await again.get(`/api/documents/${uploaded.id}/download`).buffer(true).expect(200);
    expect(download.text).toBe(bytes.toString());
  }, 60_000);
});

describe('restore refuses what it cannot restore faithfully', () => {
  let databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    databases = [];
  });
  const database = async (empty: boolean) => {
    const created = await createTestDatabase({ empty });
    databases.push(created);
    return created;
  };

  /** A small backup of a migrated, empty deployment with a generated credentials key. */
  async function smallBackup(extra: Record<string, string> = {}) {
    const dataDir = await mkdtemp(path.join(work, 'small-'));
    const source = await database(false);
    const app = await startApp(deploymentEnv(source.url, dataDir, { JOBS_WORKERS: 'false', ...extra }));
    await signUp(request.agent(app.getHttpServer()));
    await app.close();
    const file = path.join(dataDir, `${randomBytes(4).toString('hex')}.backup`);
    const result = await cli(['backup', file], deploymentEnv(source.url, dataDir, extra));
    expect(result.code).toBe(0);
    return { file, dataDir };
  }

  it('refuses a database that is not empty, and a different CREDENTIALS_KEY, before writing anything', async () => {
    const { file } = await smallBackup();
    const migrated = await database(false);
    const busy = await cli(['restore', file], deploymentEnv(migrated.url, await mkdtemp(path.join(work, 'r-'))));
    expect(busy.code).toBe(1);
    expect(busy.output).toMatch(/^restore refused: The database is not empty \(it holds /);
    expect(busy.output).toContain('restore only into an empty database');

    const empty = await database(true);
    const storeInUse = await mkdtemp(path.join(work, 'r-'));
    await mkdir(path.join(storeInUse, 'documents', '7'), { recursive: true });
    await writeFile(path.join(storeInUse, 'documents', '7', 'someone-elses'), 'bytes');
    const busyStore = await cli(['restore', file], deploymentEnv(empty.url, storeInUse));
    expect(busyStore.output).toBe(
      'restore refused: The document store is not empty (it holds 7/someone-elses): restore only into an empty folder.',
    );
    const otherKey = await cli(
      ['restore', file],
      deploymentEnv(empty.url, await mkdtemp(path.join(work, 'r-')), {
        CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      }),
    );
    expect(otherKey.code).toBe(1);
    expect(otherKey.output).toMatch(/^restore refused: CREDENTIALS_KEY is set to a different key/);
    // Nothing was written: the database is still empty.
    const client = new Client({ connectionString: empty.url });
    await client.connect();
    const tables = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
    await client.end();
    expect(tables.rowCount).toBe(0);

    // The key `cli.js keys` prints is accepted as CREDENTIALS_KEY.
    const keys = await cli(['keys', file], deploymentEnv(empty.url, work));
    const printed = /^CREDENTIALS_KEY=(.+)$/m.exec(keys.output)![1];
    const restored = await cli(
      ['restore', file],
      deploymentEnv(empty.url, await mkdtemp(path.join(work, 'r-')), { CREDENTIALS_KEY: printed }),
    );
    expect(restored.output).toContain('The app can start now.');
  }, 60_000);

  it('encrypts with BACKUP_PASSPHRASE and refuses a wrong or missing one', async () => {
    const passphrase = 'correct horse battery staple';
    const { file } = await smallBackup({ BACKUP_PASSPHRASE: passphrase });
    expect((await readFile(file)).subarray(0, 8).toString()).toBe('AIDEBAK1');
    const target = await database(true);
    const dataDir = await mkdtemp(path.join(work, 'r-'));
    const missing = await cli(['restore', file], deploymentEnv(target.url, dataDir));
    expect(missing.output).toBe(
      'restore refused: This backup is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.',
    );
    const wrong = await cli(
      ['restore', file],
      deploymentEnv(target.url, dataDir, { BACKUP_PASSPHRASE: 'not the right passphrase' }),
    );
    expect(wrong.output).toMatch(/^restore refused: The backup could not be decrypted/);
    const right = await cli(['restore', file], deploymentEnv(target.url, dataDir, { BACKUP_PASSPHRASE: passphrase }));
    expect(right.output).toContain('The app can start now.');
  }, 60_000);

  it('answers usage for an unknown command or a missing file name', async () => {
    expect((await cli(['backup'], {})).code).toBe(2);
    expect((await cli(['export', 'x'], {})).output).toMatch(/^Usage/);
    expect((await cli(['restore', 'x', '--with-session-secret'], {})).code).toBe(2);
  });
});
