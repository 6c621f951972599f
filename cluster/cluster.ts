/**
 * The cluster suite (npm run test:cluster): Aide as an operator runs it on several machines.
 * Starts Debian's PostgreSQL 15 (initdb + pg_ctl in a temp folder, on 127.0.0.1 at a free port; not
 * the embedded one), s3rver for the documents, the mail, calendar, website and social stand-ins the
 * API tests use, then the built API (apps/api/dist/main.js) as three processes on that one database:
 * two HTTP APIs (JOBS_WORKERS=false) and one worker (--worker), each with its own DATA_DIR and the
 * shared secrets in its environment, and a small round-robin reverse proxy in front of the two APIs
 * (no stickiness). Proves:
 *   1. a session signed in through one API works on the other, and through the proxy;
 *   2. an upload through one API downloads through the other (S3), byte for byte;
 *   3. a live event (the upload's text extraction, run by the worker) reaches a real Chromium page
 *      whose EventSource is connected to the other API;
 *   4. the sign-in rate limit (AUTH_RATE_LIMIT, RATE_LIMIT_STORE=postgres) counts across both APIs;
 *   5. every scheduled job fires once, judged by what the outside world received: one reminder mail,
 *      one weekly digest per reader (all three processes sweep at start), one post on the social
 *      platform, one scheduled mail in the recipient's mailbox, one uptime request per interval, a
 *      mailbox message and a CalDAV event imported once and a local event exported once;
 *   6. SIGKILL of one API while a client writes through the proxy: no acknowledged write lost or
 *      doubled, and the other API keeps serving.
 * Prints a summary, writes cluster/results/last-run.json, exits 1 on any failure.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, type WriteStream } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { findFreePort } from '../apps/api/src/database/embedded-postgres';
import { LOOPBACK_SERVERS_ENV } from '../apps/api/test/loopback-servers';
import { type MailServers, startMailServers } from '../apps/api/test/mail-servers';
import { type Radicale, startRadicale } from '../apps/api/test/radicale';
import { startS3Server, type TestS3Server } from '../apps/api/test/s3-server';
import { linkIn, type SmtpCapture, startSmtpCapture } from '../apps/api/test/smtp-capture';
import { type SocialPlatforms, startSocialPlatforms } from '../apps/api/test/social-platforms';
import { startWebsiteSites, type WebsiteSites } from '../apps/api/test/website-sites';
import { waitFor } from '../apps/api/test/wait-for';
import { Child, sql } from '../suites/lib/harness';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
/** Debian's PostgreSQL server binaries: 15 on Debian 12 (CI); CLUSTER_PG_BIN, or the newest installed otherwise. */
const PG_BIN = process.env.CLUSTER_PG_BIN ?? debianPostgresBin();

function debianPostgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && existsSync(path.join(base, v, 'bin/pg_ctl')))
        .map(Number)
        .sort((x, y) => x - y)
    : [];
  if (!versions.length)
    throw new Error(
      "Debian's PostgreSQL is not installed (apt-get install -y postgresql): no /usr/lib/postgresql/*/bin/pg_ctl",
    );
  return path.join(base, String(versions.includes(15) ? 15 : versions[versions.length - 1]), 'bin');
}
const PASSWORD = `Cluster-${randomBytes(9).toString('hex')}-pass`;
const PG_PASSWORD = randomBytes(16).toString('hex');
/** The sign-in attempts a minute one email may make from one address (AUTH_RATE_LIMIT), across the cluster. */
const SIGN_IN_LIMIT = 6;
const MAIL_FROM = 'aide@cluster.test';
/** Every stream event type (libs/contracts stream.ts): a named SSE event reaches only its own listener. */
const STREAM_EVENT_TYPES = ['job.progress', 'job.completed', 'job.failed', 'entity.changed', 'notification'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// ---------------------------------------------------------------- bookkeeping

interface Check {
  part: string;
  name: string;
  ok: boolean;
  detail?: string;
}
const checks: Check[] = [];
const results: Record<string, unknown> = {};
function check(part: string, name: string, ok: boolean, detail?: string) {
  checks.push({ part, name, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} [${part}] ${name}${detail ? ` — ${detail}` : ''}`);
}
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------- Debian's PostgreSQL

/**
 * Debian's PostgreSQL server binaries (initdb, pg_ctl) on a data folder in the temp dir, listening
 * on 127.0.0.1 only (no Unix socket), password authentication. PostgreSQL refuses to run as root,
 * so as root (CI containers) it runs as the `postgres` user the Debian package created.
 */
class DebianPostgres {
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}
  get dataDir() {
    return path.join(this.dir, 'data');
  }
  get url() {
    return `postgres://postgres:${PG_PASSWORD}@127.0.0.1:${this.port}/aide`;
  }
  private run(binary: string, args: string[]) {
    const root = process.getuid?.() === 0;
    const [command, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, binary), ...args]]
      : [path.join(PG_BIN, binary), args];
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: this.dir });
    if (result.status !== 0)
      throw new Error(`${binary} failed (${result.status}): ${result.error?.message ?? ''}${result.stderr}`);
    return result.stdout;
  }
  async start() {
    await mkdir(this.dataDir, { recursive: true });
    const pwfile = path.join(this.dir, 'pwfile');
    await writeFile(pwfile, `${PG_PASSWORD}\n`, { mode: 0o600 });
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      // PostgreSQL runs as "postgres": it must be able to pass through the temp folders (not list them).
      await chmod(path.dirname(this.dir), 0o711);
      await chmod(this.dir, 0o711);
      await chown(this.dataDir, uid, gid);
      await chown(pwfile, uid, gid);
    }
    this.run('initdb', [
      '-D',
      this.dataDir,
      '-U',
      'postgres',
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--no-sync',
    ]);
    await rm(pwfile);
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dataDir, 'server.log'),
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -c port=${this.port} -c unix_socket_directories='' -c max_connections=200 -c fsync=off`,
      'start',
    ]);
    const client = new Client({ connectionString: this.url.replace(/\/aide$/, '/postgres') });
    await client.connect();
    try {
      await client.query('CREATE DATABASE aide');
      results.postgres = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
    } finally {
      await client.end();
    }
  }
  stop() {
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
    } catch {
      // Not started.
    }
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('As root, PostgreSQL runs as the user "postgres" (apt-get install -y postgresql creates it)');
  return { uid, gid: id('-g') };
}

// ---------------------------------------------------------------- the app's processes

class AppProcess {
  readonly process: Child;
  constructor(
    readonly name: string,
    readonly role: 'api' | 'worker',
    readonly port: number,
    readonly env: Record<string, string>,
    log: WriteStream,
  ) {
    this.process = new Child(name, log, { prefixLines: true });
  }
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  get alive() {
    return this.process.alive;
  }
  get child() {
    return this.process.child;
  }
  get exit() {
    return this.process.exit;
  }
  /** What the process printed since it last started. */
  get output() {
    return this.process.output;
  }
  async start() {
    this.process.start(process.execPath, this.role === 'worker' ? [MAIN, '--worker'] : [MAIN], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port) },
    });
    await waitFor(
      async () => {
        const { output } = this.process;
        if (!this.alive) throw new Error(`${this.name} exited while starting:\n${output.slice(-2000)}`);
        if (this.role === 'worker') return output.includes('Aide worker is running background jobs');
        return (await fetch(`${this.base}/api/health`).catch(() => undefined))?.status === 200;
      },
      { timeoutMs: 90_000, intervalMs: 100, what: `${this.name} to be ready` },
    );
  }
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    await this.process.kill(signal);
  }
}

// ---------------------------------------------------------------- the proxy

/**
 * What sits in front of the APIs in production (Caddy there): each request goes to the next API in
 * turn (round-robin, no stickiness); the request is buffered, so one whose API refuses the
 * connection (stopped, killed) is tried on the next one, as Caddy's lb_try_duration does. A request
 * an API accepted and then dropped answers 502. Streams (SSE) are piped through as they come.
 */
class RoundRobinProxy {
  private next = 0;
  private server: http.Server | undefined;
  readonly served = new Map<string, number>();
  port = 0;
  /** The APIs behind it (set once they run). */
  upstreams: AppProcess[] = [];
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const first = this.next++ % this.upstreams.length;
    for (let i = 0; i < this.upstreams.length; i++) {
      const upstream = this.upstreams[(first + i) % this.upstreams.length];
      const outcome = await this.forward(upstream, req, body, res);
      if (outcome === 'done') {
        this.served.set(upstream.name, (this.served.get(upstream.name) ?? 0) + 1);
        return;
      }
      if (outcome === 'dropped') break;
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Bad gateway' }));
  }
  private forward(
    upstream: AppProcess,
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse,
  ): Promise<'done' | 'refused' | 'dropped'> {
    return new Promise((resolve) => {
      const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' };
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      const out = http.request(
        {
          host: '127.0.0.1',
          port: upstream.port,
          // A connection per request: a request never lands on a pooled socket to an API that died.
          agent: false,
          method: req.method,
          path: req.url,
          headers: { ...headers, ...(body.length && { 'content-length': String(body.length) }) },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
          answer.on('end', () => resolve('done'));
          res.on('close', () => {
            answer.destroy();
            resolve('done');
          });
        },
      );
      out.on('error', (error: NodeJS.ErrnoException) =>
        resolve(error.code === 'ECONNREFUSED' && !res.headersSent ? 'refused' : 'dropped'),
      );
      out.end(body);
    });
  }
  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

// ---------------------------------------------------------------- a browser-like client

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body; the checks read the few fields they judge
type Json = any;

interface Answer {
  status: number;
  text: string;
  /** The parsed body: the API's answers of many shapes, read field by field where a check needs one. */
  json: Json;
  headers: Headers;
}

/** Talks to one base URL (an API or the proxy) with a session cookie, as a browser would. */
class Session {
  constructor(
    public base: string,
    public cookie = '',
  ) {}
  at(base: string) {
    return new Session(base, this.cookie);
  }
  async call(method: string, url: string, body?: unknown, timeoutMs = 20_000): Promise<Answer> {
    const form = body instanceof FormData;
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        // A browser's pages are at PUBLIC_URL (the proxy), whichever API answers.
        origin: publicOrigin || this.base,
        ...(this.cookie && { cookie: this.cookie }),
        ...(body !== undefined && !form && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json, headers: response.headers };
  }
  async ok(method: string, url: string, body?: unknown): Promise<Json> {
    const answer = await this.call(method, url, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${url} at ${this.base} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.json;
  }
}

/** The app's own outgoing mail (MAIL_SMTP_URL): sign-up confirmations, reminders, digests. */
let appMail: SmtpCapture | undefined;
/** The proxy's address, the app's PUBLIC_URL. */
let publicOrigin = '';

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** POST /api/auth/register only (no sign-in, so no sign-in attempt is counted). */
async function register(base: string, email: string): Promise<void> {
  const up = await new Session(base).call('POST', '/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: 'Cluster',
    lastName: 'User',
  });
  if (up.status === 201) return;
  if (up.status !== 202) throw new Error(`sign-up of ${email} answered ${up.status}: ${up.text}`);
  // With the app's mail configured, the address is confirmed first: the link in the mail, followed.
  const mail = await appMail!.next(email);
  const token = linkIn(mail).searchParams.get('token');
  await new Session(base).ok('POST', '/api/auth/verify-email', { token });
}

async function signUp(base: string, email: string): Promise<Session> {
  await register(base, email);
  return signIn(base, email);
}

async function signIn(base: string, email: string): Promise<Session> {
  const login = await new Session(base).call('POST', '/api/auth/login', { email, password: PASSWORD });
  if (login.status !== 200 && login.status !== 201) throw new Error(`sign-in of ${email} answered ${login.status}`);
  return new Session(base, cookieOf(login.headers));
}

// ---------------------------------------------------------------- the world outside

interface World {
  tmp: string;
  pg: DebianPostgres;
  s3: TestS3Server;
  smtp: SmtpCapture;
  mail: MailServers;
  radicale: Radicale;
  calendarUrl: string;
  sites: WebsiteSites;
  social: SocialPlatforms;
}

const RADICALE_USER = 'ada';
const RADICALE_PASSWORD = `radicale-${randomBytes(6).toString('hex')}`;
const MAIL_PASSWORD = `imap-${randomBytes(6).toString('hex')}`;
const radicaleAuth = `Basic ${Buffer.from(`${RADICALE_USER}:${RADICALE_PASSWORD}`).toString('base64')}`;

const ics = (uid: string, summary: string, start: Date) => {
  const stamp = (d: Date) => d.toISOString().replace(/[-:]|\.\d+/g, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cluster//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + 3600_000))}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
};

/** The summaries of every event in the CalDAV calendar, as Radicale holds them. */
async function remoteSummaries(world: World): Promise<string[]> {
  const response = await fetch(world.calendarUrl, {
    method: 'REPORT',
    headers: { authorization: radicaleAuth, depth: '1', 'content-type': 'application/xml' },
    body: `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter></c:calendar-query>`,
  });
  const text = await response.text();
  return [...text.matchAll(/SUMMARY:([^\r\n]*)/g)].map((m) => m[1].trim());
}

// ---------------------------------------------------------------- phase 0: seed through one API

interface Seeded {
  main: Session;
  mainEmail: string;
  readers: string[];
  calendarIntegrationId: number;
  emailIntegrationId: number;
  websiteId: number;
  /** The subject of the message delivered to the synced mailbox after the seeding API stopped. */
  incoming: string;
}

/**
 * A message arrives in alice's INBOX from outside, after the seeding API stopped: the cluster's
 * 'email.sync-due' schedule (each minute, run by the worker) imports it.
 */
async function deliverIncoming(world: World, integrationId: number): Promise<string> {
  const tag = randomBytes(3).toString('hex');
  const subject = `Cluster incoming ${tag}`;
  await world.mail.deliver(
    'alice',
    `From: carol@elsewhere.test\r\nTo: ${world.mail.address('alice')}\r\nSubject: ${subject}\r\nMessage-ID: <${tag}@elsewhere.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\nHello from outside.\r\n`,
  );
  // Its last sync attempt moved back a minute, so the cluster's first 'email.sync-due' round finds
  // it due (syncFrequency 60 s; the suite need not wait for the seeding API's last sync to age).
  await sql(
    world.pg.url,
    `UPDATE email_integrations SET "lastSyncAttemptAt" = "lastSyncAttemptAt" - interval '1 minute' WHERE id = $1`,
    [integrationId],
  );
  return subject;
}

/**
 * One API alone creates the schema (migrations) and what the scheduled jobs work on: readers whose
 * weekly digest is due (they exist before the cluster starts, so all three processes find them in
 * their start-up sweep), a mailbox, a CalDAV calendar, a website and a social account.
 */
async function seed(world: World, api: AppProcess): Promise<Seeded> {
  const mainEmail = 'cluster-main@cluster.test';
  const main = await signUp(api.base, mainEmail);
  const readers: string[] = [];
  for (let i = 0; i < 4; i++) {
    const email = `reader-${i}@cluster.test`;
    const reader = await signUp(api.base, email);
    // Something for the digest to say: a task completed last week (its completion moved back a week
    // in the database, since the suite cannot wait a week).
    // The digest is due from Monday 08:00 in the reader's timezone: early on a Monday (UTC), a
    // timezone where it is already past 08:00.
    const now = new Date();
    if (now.getUTCDay() === 1 && now.getUTCHours() < 8)
      await reader.ok('PATCH', '/api/profile', { timezone: 'Pacific/Kiritimati' });
    const task = await reader.ok('POST', '/api/tasks', { title: `Digest task ${i}` });
    await reader.ok('PATCH', `/api/tasks/${task.id}`, { status: 'completed' });
    await sql(world.pg.url, `UPDATE tasks SET "updatedAt" = "updatedAt" - interval '7 days' WHERE id = $1`, [task.id]);
    const preview = await reader.ok('GET', '/api/digest/preview');
    if (!preview.wouldSend) throw new Error(`the digest of ${email} would not be sent: ${JSON.stringify(preview)}`);
    readers.push(email);
  }

  // A mailbox (Dovecot) synced every minute by the 'email.sync-due' schedule.
  const created = await main.ok('POST', '/api/email-integrations', {
    provider: 'imap',
    email: world.mail.address('alice'),
    password: MAIL_PASSWORD,
    imapHost: world.mail.imap.host,
    imapPort: world.mail.imap.port,
    smtpHost: world.mail.smtp.host,
    smtpPort: world.mail.smtp.port,
    syncFrequency: 60,
  });
  const emailIntegrationId = created.id as number;
  await waitFor(
    async () => {
      const accounts = (await main.ok('GET', '/api/email-integrations')) as { id: number; lastSyncAt: string | null }[];
      return accounts.find((a) => a.id === emailIntegrationId)?.lastSyncAt;
    },
    { timeoutMs: 30_000, what: "the mailbox's first sync" },
  );

  // A CalDAV calendar (Radicale), two-way.
  const calendar = await main.ok('POST', '/api/calendar-integrations/caldav', {
    provider: 'caldav',
    serverUrl: world.radicale.url,
    username: RADICALE_USER,
    password: RADICALE_PASSWORD,
    calendarName: 'work',
    syncDirection: 'two_way',
  });
  const calendarIntegrationId = calendar.id as number;
  await waitFor(
    async () => {
      const list = (await main.ok('GET', '/api/calendar-integrations')) as { id: number; lastSyncAt: string | null }[];
      return list.find((i) => i.id === calendarIntegrationId)?.lastSyncAt;
    },
    { timeoutMs: 30_000, what: "the calendar's first sync" },
  );

  // A website checked for uptime every minute; its first check and audit run now, in phase 0.
  const website = await main.ok('POST', '/api/websites', { url: world.sites.flaky.url, name: 'Flaky studio' });
  const websiteId = website.id as number;
  await waitFor(
    async () =>
      Number(
        (
          await sql<{ n: string }>(
            world.pg.url,
            `SELECT count(*) AS n FROM website_uptime_checks WHERE "websiteId" = $1`,
            [websiteId],
          )
        )[0].n,
      ) > 0,
    { timeoutMs: 30_000, what: "the website's first uptime check" },
  );

  // An X account connected by OAuth through the stand-in platform.
  const start = await main.ok('GET', '/api/auth/social/twitter');
  const granted = await fetch(start.authUrl as string, { redirect: 'manual' });
  const callback = new URL(granted.headers.get('location')!);
  const done = await main.call('GET', callback.pathname + callback.search);
  if (done.status !== 302) throw new Error(`the X callback answered ${done.status}: ${done.text}`);

  // Nothing queued is left running when the seeding API stops.
  await waitFor(
    async () =>
      Number(
        (
          await sql<{ n: string }>(
            world.pg.url,
            `SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after < now() AND name NOT LIKE '__pgboss%'`,
          )
        )[0].n,
      ) === 0,
    { timeoutMs: 60_000, intervalMs: 200, what: "phase 0's jobs to finish" },
  ).catch(() => undefined);
  return { main, mainEmail, readers, calendarIntegrationId, emailIntegrationId, websiteId, incoming: '' };
}

// ---------------------------------------------------------------- 1. sessions

async function sessions(a: AppProcess, b: AppProcess, proxy: RoundRobinProxy, email: string) {
  console.log('\n1. Sessions on either API');
  const onA = await signIn(a.base, email);
  const meA = await onA.call('GET', '/api/auth/user');
  const meB = await onA.at(b.base).call('GET', '/api/auth/user');
  check('sessions', 'signed in through API A, the session works on A', meA.status === 200, String(meA.status));
  check(
    'sessions',
    'the same cookie works on API B',
    meB.status === 200 && meB.json?.email === email,
    `${meB.status} ${meB.json?.email ?? ''}`,
  );
  const onB = await signIn(b.base, email);
  const backOnA = await onB.at(a.base).call('GET', '/api/auth/user');
  check('sessions', 'signed in through API B, the session works on A', backOnA.status === 200, String(backOnA.status));
  const viaProxy = onA.at(proxy.base);
  const before = new Map(proxy.served);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await viaProxy.call('GET', '/api/auth/user')).status);
  const spread = [a, b].map((api) => (proxy.served.get(api.name) ?? 0) - (before.get(api.name) ?? 0));
  check(
    'sessions',
    'six requests through the round-robin proxy: all signed in, spread over both APIs',
    statuses.every((s) => s === 200) && spread.every((n) => n === 3),
    `statuses ${statuses.join(',')}; A served ${spread[0]}, B ${spread[1]}`,
  );
  const out = await onA.at(b.base).call('POST', '/api/auth/logout');
  const afterLogout = await onA.at(a.base).call('GET', '/api/auth/user');
  check(
    'sessions',
    'signed out through B, the session is gone on A',
    out.status < 300 && afterLogout.status === 401,
    `logout ${out.status}, then A answers ${afterLogout.status}`,
  );
}

// ---------------------------------------------------------------- 2 and 3. upload, download, live event

async function documentsAndLiveEvent(world: World, a: AppProcess, b: AppProcess, main: Session, browser: Browser) {
  console.log(
    '\n2. Upload through one API, download through the other (S3); 3. a live event in Chromium on the other API',
  );
  // A page of API B in Chromium, with the session's cookie, listening to GET /api/stream on B.
  const context = await browser.newContext();
  await context.addCookies(
    main.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: b.base };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${b.base}/api/health`);
  // The page's own script (a string: this file is compiled without the DOM's types).
  await page.evaluate(`
    window.seen = [];
    window.opened = false;
    const source = new EventSource('/api/stream');
    source.onopen = () => (window.opened = true);
    for (const type of ${JSON.stringify(STREAM_EVENT_TYPES)})
      source.addEventListener(type, (event) => window.seen.push(JSON.parse(event.data)));
  `);
  await waitFor(() => page.evaluate('window.opened === true') as Promise<boolean>, { timeoutMs: 15_000 });

  const bytes = randomBytes(48 * 1024);
  const text = `Cluster document ${randomBytes(4).toString('hex')}\n`;
  const file = Buffer.concat([Buffer.from(text), bytes]);
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(file)], { type: 'text/plain' }), 'cluster-notes.txt');
  const uploaded = await main.at(a.base).call('POST', '/api/documents', form);
  const id = uploaded.json?.documents?.[0]?.id as number | undefined;
  check('documents', 'the upload through API A is accepted', uploaded.status === 201 && !!id, String(uploaded.status));
  const keys = await world.s3.keys();
  check(
    'documents',
    'its bytes are in the S3 bucket (s3rver), not on a local disk',
    keys.length > 0,
    `${keys.length} object(s)`,
  );
  const download = await fetch(`${b.base}/api/documents/${id}/download`, { headers: { cookie: main.cookie } });
  const downloaded = Buffer.from(await download.arrayBuffer());
  const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  check(
    'documents',
    'it downloads through API B, byte for byte',
    download.status === 200 && digest(downloaded) === digest(file),
    `${download.status}, ${downloaded.length} of ${file.length} bytes`,
  );

  // The worker reads the document's text and says so on the stream; B relays it to the page.
  const started = performance.now();
  // Polled from here with page.evaluate (the page's CSP forbids the eval a waitForFunction string needs).
  const event = await waitFor(
    () =>
      page.evaluate(
        `window.seen.find((e) => e.type === 'job.completed' && e.entity?.type === 'document' && e.entity.id === ${Number(id)})`,
      ) as Promise<unknown>,
    { timeoutMs: 30_000, intervalMs: 100 },
  ).catch(() => undefined);
  check(
    'live',
    "the worker's job.completed for the upload (made through A) reaches a Chromium page connected to B",
    !!event,
    event ? `${seconds(started)} after the download; ${JSON.stringify(event).slice(0, 140)}` : 'not received',
  );
  await context.close();
  results.documents = { bytes: file.length, s3Objects: keys.length };
}

// ---------------------------------------------------------------- 4. rate limits

async function rateLimits(a: AppProcess, b: AppProcess) {
  console.log(`\n4. The sign-in limit (AUTH_RATE_LIMIT=${SIGN_IN_LIMIT}) counted across both APIs`);
  const email = 'cluster-limited@cluster.test';
  await register(a.base, email);
  const statuses: string[] = [];
  // Alternate the APIs: each sees only half the attempts; a limit counted per process would let 2× through.
  for (let i = 0; i < SIGN_IN_LIMIT; i++) {
    const api = i % 2 === 0 ? a : b;
    const answer = await new Session(api.base).call('POST', '/api/auth/login', { email, password: 'wrong-password' });
    statuses.push(`${api.name}:${answer.status}`);
  }
  const within = statuses.every((s) => s.endsWith(':401'));
  check(
    'rate-limit',
    `${SIGN_IN_LIMIT} wrong passwords (3 on A, 3 on B) are each refused 401`,
    within,
    statuses.join(' '),
  );
  const next = await new Session(b.base).call('POST', '/api/auth/login', { email, password: PASSWORD });
  const nextOnA = await new Session(a.base).call('POST', '/api/auth/login', { email, password: PASSWORD });
  check(
    'rate-limit',
    `attempt ${SIGN_IN_LIMIT + 1} answers 429 on B and on A, even with the right password`,
    next.status === 429 && nextOnA.status === 429,
    `B ${next.status}, A ${nextOnA.status} (a limit counted per process would answer 200)`,
  );
  results.rateLimit = { attempts: statuses, afterLimit: { B: next.status, A: nextOnA.status } };
}

// ---------------------------------------------------------------- 5. scheduled jobs, once

/** How many rows of `table` have `column` = `value`. */
async function countRows(world: World, table: string, column: string, value: string): Promise<number> {
  const rows = await sql<{ n: string }>(world.pg.url, `SELECT count(*) AS n FROM ${table} WHERE "${column}" = $1`, [
    value,
  ]);
  return Number(rows[0].n);
}

/**
 * Sets up what each schedule works on and answers the check, which waits for the outcomes: the
 * other parts run meanwhile, so the suite waits for the minute schedules only once.
 */
async function scheduledJobs(world: World, seeded: Seeded, proxy: RoundRobinProxy): Promise<() => Promise<void>> {
  console.log('\n5. Scheduled jobs: what they work on is set up now, their outcomes checked after part 4');
  const started = performance.now();
  const main = seeded.main.at(proxy.base);
  const tag = randomBytes(3).toString('hex');
  const waits: Record<string, string> = {};
  /** Waits, noting how long each outcome took from the start of this part (or that it never came). */
  const awaited = async <T>(name: string, wait: Promise<T>): Promise<T | false> => {
    const value = await wait.catch(() => false as const);
    waits[name] = value === false ? 'timed out' : seconds(started);
    return value;
  };

  // Weekly digest: due for the seeded readers since Monday 08:00; the three processes swept at start.
  // (Their first mail was the sign-up confirmation.)
  const digestsOf = () =>
    seeded.readers.map(
      (reader) => world.smtp.to(reader).filter((m) => /^Your week in review/.test(m.subject ?? '')).length,
    );
  const digests = await waitFor(
    () => {
      const got = digestsOf();
      return got.every((n) => n >= 1) && got;
    },
    { timeoutMs: 30_000, what: 'a weekly digest for every reader' },
  ).catch(digestsOf);
  const deliveries = await sql<{ n: string }>(world.pg.url, `SELECT count(*) AS n FROM digest_deliveries`);

  // Reminder: an event starting in a little over 2 minutes with a 2-minute reminder, due in 5 seconds;
  // every process sweeps each minute (and the API that saved it once at once, before it was due).
  const eventStart = new Date(Date.now() + 2 * 60_000 + 5_000);
  const reminderTitle = `Cluster standup ${tag}`;
  await main.ok('POST', '/api/events', {
    title: reminderTitle,
    startTime: eventStart.toISOString(),
    endTime: new Date(eventStart.getTime() + 1800_000).toISOString(),
    reminders: [2],
  });

  // Social publishing: a post scheduled 20 seconds ahead, published by the worker's job.
  const draft = await main.ok('POST', '/api/social/create', { platform: 'twitter', topic: `Cluster gardens ${tag}` });
  await main.ok('POST', `/api/social/${draft.id}/schedule`, {
    scheduledAt: new Date(Date.now() + 20_000).toISOString(),
  });

  // Scheduled mail: from alice's mailbox to bob at a time 20 seconds ahead (the outbox sweep, each minute).
  const subject = `Cluster scheduled ${tag}`;
  await main.ok('POST', '/api/emails/send', {
    integrationId: seeded.emailIntegrationId,
    to: [world.mail.address('bob')],
    subject,
    text: 'Sent once by the cluster.',
    html: '<p>Sent once by the cluster.</p>',
    sendAt: new Date(Date.now() + 20_000).toISOString(),
  });

  // Mail sync: the message delivered to alice's INBOX while the cluster started (deliverIncoming).
  const incoming = seeded.incoming;

  // Calendar sync: one event made on the CalDAV server, one in Aide; the 'calendar.sync-due'
  // schedule (every 15 minutes in production) is tightened to every minute in pg-boss's table.
  const remoteTitle = `Cluster remote ${tag}`;
  const localTitle = `Cluster local ${tag}`;
  const put = await fetch(`${world.calendarUrl}remote-${tag}.ics`, {
    method: 'PUT',
    headers: { authorization: radicaleAuth, 'content-type': 'text/calendar' },
    body: ics(`remote-${tag}`, remoteTitle, new Date(Date.now() + 2 * 86_400_000)),
  });
  if (put.status >= 300) throw new Error(`Radicale answered ${put.status} to a PUT`);
  const future = new Date(Date.now() + 3 * 86_400_000);
  await main.ok('POST', '/api/events', {
    title: localTitle,
    startTime: future.toISOString(),
    endTime: new Date(future.getTime() + 3600_000).toISOString(),
  });
  await sql(world.pg.url, `UPDATE pgboss.schedule SET cron = '* * * * *' WHERE name = 'calendar.sync-due'`);

  // Uptime: the site's requests from now on are uptime checks only (its audit ran in phase 0).
  world.sites.flaky.requests.length = 0;
  const uptimeFrom = new Date();

  return async () => {
    console.log('\n5. Every scheduled job fires once (what the outside world received)');
    // Wait for what each should have produced (all at once), then for one more round of every minute schedule.
    const [published, scheduledMail, imported, reminder, calendarDone] = await Promise.all([
      awaited(
        'social post',
        waitFor(() => world.social.published.twitter.length > 0, { timeoutMs: 90_000, intervalMs: 200 }),
      ),
      awaited(
        'scheduled mail',
        waitFor(async () => (await world.mail.fetchAll('bob')).some((m) => m.parsed.subject === subject), {
          timeoutMs: 100_000,
          intervalMs: 500,
        }),
      ),
      awaited(
        'mail import',
        waitFor(async () => (await countRows(world, 'emails', 'subject', incoming)) > 0, {
          timeoutMs: 150_000,
          intervalMs: 500,
        }),
      ),
      awaited(
        'reminder mail',
        waitFor(() => world.smtp.to(seeded.mainEmail).some((m) => m.subject?.includes(reminderTitle)), {
          timeoutMs: 100_000,
          intervalMs: 200,
        }),
      ),
      awaited(
        'calendar sync',
        waitFor(
          async () =>
            (await remoteSummaries(world)).includes(localTitle) &&
            (await countRows(world, 'events', 'title', remoteTitle)) > 0,
          { timeoutMs: 100_000, intervalMs: 1000 },
        ),
      ),
    ]);
    // Then one more round of each minute schedule, so a second firing would have shown: the mail
    // sync's schedule ran again (the account itself is due every 60 s, which the minute ticks round
    // up to two minutes) with no sync of the account still queued or running, the calendar synced
    // again, and the website was checked again, all after everything above had arrived.
    const observedAt = new Date();
    const uptimeSeen = world.sites.flaky.requests.length;
    const lastSync = async (table: string, id: number) =>
      (await sql<{ at: Date | null }>(world.pg.url, `SELECT "lastSyncAt" AS at FROM ${table} WHERE id = $1`, [id]))[0]
        .at;
    const jobs = async (where: string, params: unknown[]) =>
      Number(
        (await sql<{ n: string }>(world.pg.url, `SELECT count(*) AS n FROM pgboss.job WHERE ${where}`, params))[0].n,
      );
    await awaited(
      'one more round',
      waitFor(
        async () =>
          (await jobs(`name = 'email.sync-due' AND state = 'completed' AND completed_on > $1`, [observedAt])) > 0 &&
          (await jobs(`name = 'email.sync' AND state IN ('created', 'retry', 'active')`, [])) === 0 &&
          ((await lastSync('calendar_integrations', seeded.calendarIntegrationId)) ?? 0) > observedAt &&
          world.sites.flaky.requests.length > Math.max(uptimeSeen, 1),
        { timeoutMs: 100_000, intervalMs: 500 },
      ),
    );
    console.log(`     waits: ${JSON.stringify(waits)}`);
    const roundsDone = performance.now();

    check(
      'scheduled',
      'one weekly digest per reader, though all three processes swept at start',
      digests.every((n) => n === 1),
      `${digests.join(', ')} mail(s) for ${digests.length} readers; ${deliveries[0].n} delivery rows`,
    );
    const reminders = world.smtp.to(seeded.mainEmail).filter((m) => m.subject?.includes(reminderTitle));
    check(
      'scheduled',
      'one reminder mail for the event',
      !!reminder && reminders.length === 1,
      `${reminders.length} mail(s)`,
    );
    const posts = world.social.published.twitter.filter((p) => p.text.includes(draft.content ?? ''));
    check(
      'scheduled',
      'the scheduled social post reached X once',
      !!published && posts.length === 1 && world.social.published.twitter.length === 1,
      `${world.social.published.twitter.length} post(s) on X`,
    );
    const bobs = (await world.mail.fetchAll('bob')).filter((m) => m.parsed.subject === subject);
    check(
      'scheduled',
      "the scheduled mail is in bob's INBOX once",
      !!scheduledMail && bobs.length === 1,
      `${bobs.length} message(s)`,
    );
    const importedRows = [{ n: String(await countRows(world, 'emails', 'subject', incoming)) }];
    check(
      'scheduled',
      'the incoming message is imported by the mail sync once',
      !!imported && Number(importedRows[0].n) === 1,
      `${importedRows[0].n} row(s)`,
    );
    const remote = await remoteSummaries(world);
    const localRows = [{ n: String(await countRows(world, 'events', 'title', remoteTitle)) }];
    check(
      'scheduled',
      'the calendar sync exported the local event to Radicale once and imported the remote one once',
      !!calendarDone && remote.filter((s) => s === localTitle).length === 1 && Number(localRows[0].n) === 1,
      `${remote.filter((s) => s === localTitle).length} on Radicale, ${localRows[0].n} in Aide`,
    );
    // The uptime rounds pg-boss's cron created (one job per minute slot: singleton_on), counted by
    // the slot they were made for, not by when a busy worker got to them; each round is one request.
    const uptimeRounds = () =>
      sql<{ slot: string; n: string; done: string }>(
        world.pg.url,
        `SELECT coalesce(singleton_on::text, date_trunc('minute', created_on)::text) AS slot, count(*) AS n,
                count(*) FILTER (WHERE state = 'completed') AS done
           FROM pgboss.job WHERE name = 'websites.uptime' AND started_on >= $1 GROUP BY 1 ORDER BY 1`,
        [uptimeFrom],
      );
    const roundCount = (rows: { n: string }[]) => rows.reduce((sum, r) => sum + Number(r.n), 0);
    const rounds = await waitFor(
      async () => {
        const rows = await uptimeRounds();
        return rows.every((r) => r.done === r.n) && rows;
      },
      { timeoutMs: 15_000, what: 'the uptime rounds to finish' },
    ).catch(uptimeRounds);
    const requests = world.sites.flaky.requests.filter((r) => r.method === 'GET');
    check(
      'scheduled',
      'the website received one uptime request per one-minute round, and each round was made once',
      rounds.length >= 2 && rounds.every((r) => Number(r.n) === 1) && requests.length === roundCount(rounds),
      `${requests.length} request(s) for ${rounds.length} round(s): ${rounds.map((r) => `${r.slot.slice(11, 16)}×${r.n}`).join(', ')}`,
    );
    results.scheduled = {
      seconds: Math.round((roundsDone - started) / 1000),
      digests,
      reminders: reminders.length,
      socialPosts: world.social.published.twitter.length,
      scheduledMails: bobs.length,
      importedMessages: Number(importedRows[0].n),
      calendar: { exported: remote.filter((s) => s === localTitle).length, imported: Number(localRows[0].n) },
      uptime: { requests: requests.length, rounds: rounds.length },
      waits,
    };
  };
}

// ---------------------------------------------------------------- 6. kill one API under writes

const WRITERS = 4;

async function killOne(world: World, a: AppProcess, b: AppProcess, proxy: RoundRobinProxy, main: Session) {
  console.log('\n6. SIGKILL of one API while a client writes through the proxy');
  const client = main.at(proxy.base);
  const acked = new Map<number, string>();
  const failures: string[] = [];
  let n = 0;
  let running = true;
  let killedAt = 0;
  const afterKill: number[] = [];
  const writer = async () => {
    while (running) {
      const title = `kill-${n++}`;
      const answer = await client.call('POST', '/api/tasks', { title }, 10_000).catch((error: Error) => ({
        status: 0,
        json: undefined,
        text: error.message,
      }));
      if (answer.status === 201 && answer.json?.id) acked.set(answer.json.id as number, title);
      else failures.push(`${answer.status}`);
      if (killedAt) afterKill.push(answer.status);
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  await waitFor(() => acked.size >= 30, { timeoutMs: 30_000, what: 'writes before the kill' });
  a.child!.kill('SIGKILL');
  await a.exit;
  killedAt = performance.now();
  await waitFor(() => afterKill.filter((s) => s === 201).length >= 30, {
    timeoutMs: 30_000,
    what: 'writes after the kill',
  }).catch(() => undefined);
  running = false;
  await Promise.all(writers);
  const health = await fetch(`${b.base}/api/health`);
  const rows = await sql<{ id: number; title: string; n: string }>(
    world.pg.url,
    `SELECT id, title, count(*) OVER (PARTITION BY title) AS n FROM tasks WHERE title LIKE 'kill-%'`,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const missing = [...acked].filter(([id, title]) => byId.get(id)?.title !== title);
  check(
    'kill',
    'every acknowledged write is in the database, once',
    missing.length === 0 && rows.every((r) => Number(r.n) === 1),
    `${acked.size} acknowledged, ${missing.length} missing, ${rows.length} rows`,
  );
  const afterOk = afterKill.filter((s) => s === 201).length;
  // Only the requests in flight on the killed API when it died may fail (one per writer at most).
  const lateFailures = afterKill.slice(WRITERS).filter((s) => s !== 201);
  check(
    'kill',
    'the other API keeps serving: writes through the proxy go on after the kill',
    afterOk >= 30 && lateFailures.length === 0 && health.status === 200,
    `${afterOk} writes acknowledged after the kill; ${failures.length} unacknowledged in all (${failures.slice(0, 8).join(',')}); B health ${health.status}`,
  );
  results.kill = { acknowledged: acked.size, missing: missing.length, failures: failures.length, afterKillOk: afterOk };
}

// ---------------------------------------------------------------- main

async function main() {
  const started = performance.now();
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'aide-cluster-'));
  const logFile = path.join(tmp, 'cluster.log');
  const log = createWriteStream(logFile);
  const stops: (() => Promise<unknown> | unknown)[] = [];
  let browser: Browser | undefined;
  const processes: AppProcess[] = [];
  let fatal: unknown;
  try {
    const pg = new DebianPostgres(path.join(tmp, 'postgres'), await findFreePort());
    await mkdir(pg.dir);
    await pg.start();
    stops.push(() => pg.stop());
    console.log(
      `PostgreSQL ${String(results.postgres)} (${PG_BIN}) on port ${pg.port}; the processes' output goes to ${logFile}`,
    );
    const [s3, smtp, mail, radicale, sites, social] = await Promise.all([
      startS3Server(),
      startSmtpCapture(),
      startMailServers({
        users: [
          { name: 'alice', password: MAIL_PASSWORD },
          { name: 'bob', password: MAIL_PASSWORD },
        ],
      }),
      startRadicale({ [RADICALE_USER]: RADICALE_PASSWORD }),
      startWebsiteSites(),
      startSocialPlatforms(),
    ]);
    stops.push(
      () => s3.stop(),
      () => smtp.close(),
      () => mail.stop(),
      () => radicale.stop(),
      () => sites.close(),
      () => social.close(),
    );
    appMail = smtp;
    const calendarUrl = await radicale.createCalendar(RADICALE_USER, RADICALE_PASSWORD, 'work', 'Work');
    const world: World = { tmp, pg, s3, smtp, mail, radicale, calendarUrl, sites, social };

    // The proxy first: its address is the app's PUBLIC_URL (the links in mails).
    const proxy = new RoundRobinProxy();
    await proxy.start();
    publicOrigin = proxy.base;
    stops.push(() => proxy.stop());
    const shared = {
      NODE_ENV: 'production',
      PUBLIC_URL: proxy.base,
      DATABASE_URL: pg.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      VAPID_SECRET: randomBytes(32).toString('hex'),
      SERVE_FRONTENDS: 'false',
      LOG_REQUESTS: 'true',
      MAIL_SMTP_URL: smtp.url,
      MAIL_FROM,
      // Behind one reverse proxy, as in production.
      TRUST_PROXY: 'true',
      RATE_LIMIT_STORE: 'postgres',
      AUTH_RATE_LIMIT: String(SIGN_IN_LIMIT),
      AUTH_IP_RATE_LIMIT: '1000',
      AUTH_REGISTER_RATE_LIMIT: '1000',
      WEBSITE_UPTIME_INTERVAL_MINUTES: '1',
      JOBS_POLL_INTERVAL_SECONDS: '1',
      JOBS_SUPERVISE_INTERVAL_SECONDS: '5',
      ...LOOPBACK_SERVERS_ENV,
      ...s3.env,
      ...social.env,
    };
    const own = (name: string) => ({ ...shared, DATA_DIR: path.join(tmp, `data-${name}`) });
    const [portA, portB, portSeed] = [await findFreePort(), await findFreePort(), await findFreePort()];

    console.log('\n0. One API creates the schema on PostgreSQL 15 and the data the schedules work on');
    const seeder = new AppProcess('seed', 'api', portSeed, own('seed'), log);
    processes.push(seeder);
    proxy.upstreams = [seeder];
    let phase = performance.now();
    await seeder.start();
    check('setup', 'the API migrates an empty PostgreSQL 15 database and answers health 200', true, seconds(phase));
    phase = performance.now();
    const seeded = await seed(world, seeder);
    console.log(`     (seeding: ${seconds(phase)})`);
    await seeder.stop();
    seeded.incoming = await deliverIncoming(world, seeded.emailIntegrationId);

    const a = new AppProcess('api-a', 'api', portA, { ...own('a'), JOBS_WORKERS: 'false' }, log);
    const b = new AppProcess('api-b', 'api', portB, { ...own('b'), JOBS_WORKERS: 'false' }, log);
    const worker = new AppProcess('worker', 'worker', 0, own('worker'), log);
    processes.push(a, b, worker);
    phase = performance.now();
    await Promise.all([a.start(), b.start(), worker.start()]);
    check('setup', 'two APIs (JOBS_WORKERS=false) and a worker start together on the database', true, seconds(phase));
    proxy.upstreams = [a, b];
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

    const main = seeded.main.at(a.base);
    const only = process.env.CLUSTER_PARTS?.split(',');
    // The schedules' work is set up first; its outcomes are checked after the quick parts.
    let finishScheduled: (() => Promise<void>) | undefined;
    if (!only || only.includes('scheduled'))
      finishScheduled = await scheduledJobs(world, seeded, proxy).catch((error: unknown) => {
        check('scheduled', 'set up', false, error instanceof Error ? error.message : String(error));
        return undefined;
      });
    const parts: [string, () => Promise<void>][] = [
      ['sessions', () => sessions(a, b, proxy, seeded.mainEmail)],
      ['documents', () => documentsAndLiveEvent(world, a, b, main, browser!)],
      ['rate-limit', () => rateLimits(a, b)],
      ['scheduled', async () => await finishScheduled?.()],
      ['kill', () => killOne(world, a, b, proxy, main)],
    ];
    for (const [part, run] of parts) {
      if (only && !only.includes(part)) continue;
      const partStarted = performance.now();
      try {
        await run();
        console.log(`     (${part}: ${seconds(partStarted)})`);
      } catch (error) {
        check(part, 'ran to the end', false, error instanceof Error ? error.message : String(error));
      }
    }
    for (const p of [b, worker])
      check('setup', `${p.name} is still running at the end`, p.alive, p.alive ? undefined : p.output.slice(-500));
  } catch (error) {
    fatal = error;
    check(
      'setup',
      'the suite could start',
      false,
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await Promise.all(processes.map((p) => p.stop()));
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    await new Promise((resolve) => log.end(resolve));
    const failed = checks.filter((c) => !c.ok);
    if (failed.length || fatal) {
      const kept = path.join(ROOT, 'cluster/results/last-failed.log');
      await mkdir(path.dirname(kept), { recursive: true });
      await writeFile(kept, await readFile(logFile, 'utf8').catch(() => ''));
      console.log(`\nThe processes' log was kept in ${path.relative(ROOT, kept)}`);
    }
    await rm(tmp, { recursive: true, force: true });
  }

  const failed = checks.filter((c) => !c.ok);
  const durationS = Math.round((performance.now() - started) / 1000);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    durationS,
    passed: failed.length === 0,
    ...results,
    checks,
  };
  const out = path.join(ROOT, 'cluster/results/last-run.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nSummary: ${checks.length - failed.length} of ${checks.length} checks passed in ${durationS} s`);
  for (const c of failed) console.log(`  FAIL [${c.part}] ${c.name}${c.detail ? ` — ${c.detail}` : ''}`);
  console.log(`Wrote ${path.relative(ROOT, out)}`);
  process.exit(failed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
