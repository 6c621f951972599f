#!/usr/bin/env node
// `npm run test:upgrade-rolling -- [--checkout <folder>] [--skip-build]`
//
// A rolling deploy for real: the previous release's own built API (the commit in the release
// dump's manifest) serves the release dump on Debian's PostgreSQL; today's API starts beside it and
// migrates the database while the old one keeps serving; then the old API must still sign in, read
// and write everything, sessions must work across both versions, and today's must read what the
// old one wrote. It proves in practice what the expand/contract rules (DEPLOYMENT.md, Upgrades)
// and migration-rules.e2e-spec.ts check statically. Needs the release commit in the git history,
// and Debian's postgresql package. Not part of `npm test`: it compiles two versions of the API.
import '../supported-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

// After the Node check, as everything that is not a Node built-in.
const { default: pg } = await import('pg');
const { freePort, startPostgres } = await import('./postgres-server.mjs');
const { releaseCheckout } = await import('./release-checkout.mjs');
const { Client } = await import('./seed-through-api.mjs');

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: { checkout: { type: 'string' }, 'skip-build': { type: 'boolean', default: false } },
});

const fixtures = path.join(root, 'apps/api/test/fixtures/upgrade');
const [dumpFolder] = readdirSync(fixtures).filter((name) => name.startsWith('release-'));
const dumpDir = path.join(fixtures, dumpFolder);
const manifest = JSON.parse(readFileSync(path.join(dumpDir, 'manifest.json'), 'utf8'));
const commit = manifest.commit.slice(0, 7);

const checks = [];
async function check(name, work) {
  const started = Date.now();
  try {
    const detail = await work();
    checks.push({ name, ok: true, detail: detail ?? '', ms: Date.now() - started });
  } catch (error) {
    checks.push({
      name,
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
      ms: Date.now() - started,
    });
  }
}
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

function build(where) {
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  for (const project of ['libs/contracts/tsconfig.lib.json', 'apps/api/tsconfig.build.json']) {
    console.log(`> tsc -p ${project}   (in ${where})`);
    const step = spawnSync(tsc, ['-p', project], { cwd: where, stdio: 'inherit' });
    if (step.status !== 0) throw new Error(`tsc -p ${project} failed`);
  }
}

class Api {
  constructor(label, main, env) {
    this.label = label;
    this.main = main;
    this.env = env;
    this.log = '';
  }

  async start() {
    this.port = await freePort();
    this.base = `http://127.0.0.1:${this.port}`;
    this.child = spawn(process.execPath, [this.main], {
      cwd: path.dirname(path.dirname(path.dirname(path.dirname(this.main)))),
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk) => (this.log += chunk));
    this.child.stderr.on('data', (chunk) => (this.log += chunk));
    const started = Date.now();
    while (Date.now() - started < 120_000) {
      if (this.child.exitCode !== null)
        throw new Error(`${this.label} exited with ${this.child.exitCode}:\n${this.log.slice(-3000)}`);
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.label} did not become healthy in 120 s`);
  }

  client(cookie = '') {
    const client = new Client(this.base);
    client.cookie = cookie;
    return client;
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

async function signIn(api, person) {
  const client = api.client();
  const answer = await client.call('POST', '/api/auth/login', { email: person.email, password: person.password });
  expect(
    answer?.user?.email === person.email || answer?.email === person.email,
    `sign-in answered ${JSON.stringify(answer)}`,
  );
  return client;
}
const titles = async (client) => {
  const tasks = await client.call('GET', '/api/tasks');
  return (Array.isArray(tasks) ? tasks : tasks.items).map((t) => t.title);
};

const checkout = releaseCheckout(
  root,
  commit,
  path.resolve(args.checkout ?? path.join(os.tmpdir(), `aide-release-${commit}`)),
);
if (!args['skip-build']) build(root);

const work = mkdtempSync(path.join(os.tmpdir(), 'aide-rolling-'));
const documents = path.join(work, 'documents');
cpSync(path.join(dumpDir, 'documents'), documents, { recursive: true });
const postgres = await startPostgres();
const env = {
  ...manifest.keys,
  NODE_ENV: 'production',
  DATA_DIR: work,
  DOCUMENT_STORAGE_DIR: documents,
  SERVE_FRONTENDS: 'false',
  LOG_REQUESTS: 'false',
  TRUST_PROXY: 'true',
  JOBS_WORKERS: 'false',
  WEBSITE_UPTIME_INTERVAL_MINUTES: '0',
};
const old = new Api(`release ${commit}`, path.join(checkout, 'apps/api/dist/main.js'), env);
const today = new Api('today', path.join(root, 'apps/api/dist/main.js'), env);
let failed = true;
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE aide');
  await admin.end();
  env.DATABASE_URL = postgres.urlOf('aide');
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const sql = gunzipSync(readFileSync(path.join(dumpDir, 'dump.sql.gz'))).toString('utf8');
  await db.query(
    `BEGIN;\n${sql
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n')}\nCOMMIT;`,
  );
  // The dump sets an empty search_path for its session; names below are qualified.
  const migrationCount = async () => Number((await db.query('SELECT count(*) AS n FROM public.migrations')).rows[0].n);

  const [alice, bob] = manifest.people;
  await check(`the release (${commit}) starts on its own dump`, async () => `healthy after ${await old.start()} ms`);
  const aliceOnOld = await signIn(old, alice);
  await aliceOnOld.call('POST', '/api/tasks', { title: 'Written by the release before the upgrade' });

  await check("today's API starts beside it and migrates the database while the release serves", async () => {
    const ms = await today.start();
    const added = (await migrationCount()) - manifest.migrations.length;
    return `healthy after ${ms} ms; ${added} migration(s) applied since the release`;
  });

  await check("the release keeps serving on today's schema: the session it made still works", async () => {
    const seen = await titles(aliceOnOld);
    expect(seen.includes('Written by the release before the upgrade'), `tasks: ${seen.join(', ')}`);
  });
  await check("the release signs people in on today's schema, and asks Bob for his two-factor code", async () => {
    await signIn(old, alice);
    const answer = await old.client().call('POST', '/api/auth/login', { email: bob.email, password: bob.password });
    expect(answer?.twoFactorRequired === true, `Bob's sign-in answered ${JSON.stringify(answer)}`);
  });
  let uploadedId;
  await check(
    "the release writes on today's schema: a task, an event, a folder, a document, a travel plan, a goal",
    async () => {
      await aliceOnOld.call('POST', '/api/tasks', {
        title: 'Written by the release after the upgrade',
        priority: 'low',
      });
      const start = Date.now() + 86_400_000;
      await aliceOnOld.call('POST', '/api/events', {
        title: 'Planned during the deploy',
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + 3_600_000).toISOString(),
      });
      await aliceOnOld.call('POST', '/api/document-folders', { name: 'Made during the deploy' });
      const files = new FormData();
      files.append(
        'files',
        new Blob(['Uploaded to the release during the deploy.\n'], { type: 'text/plain' }),
        'deploy.txt',
      );
      const uploaded = await aliceOnOld.call('POST', '/api/documents', files);
      uploadedId = (uploaded.documents ?? uploaded)[0].id;
      await aliceOnOld.call('POST', '/api/travel/create', {
        destination: 'Porto',
        startDate: '2030-05-01',
        endDate: '2030-05-03',
      });
      const [site] = await aliceOnOld.call('GET', '/api/websites');
      await aliceOnOld.call('POST', `/api/websites/${site.id}/goals`, { kind: 'page', match: '/during-deploy' });
    },
  );
  await check("the release's tracking collector takes page views and events on today's schema", async () => {
    const [site] = await aliceOnOld.call('GET', '/api/websites');
    const host = new URL(site.url).origin;
    for (const event of [
      { url: `${host}/during-deploy` },
      { type: 'event', name: 'signup', url: `${host}/during-deploy` },
    ])
      await old.client().call('POST', '/api/collect', JSON.stringify({ siteKey: site.siteKey, ...event }), {
        'content-type': 'text/plain;charset=UTF-8',
        'x-forwarded-for': '198.51.100.7',
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      });
    await aliceOnOld.call('GET', `/api/websites/${site.id}/analytics/breakdown?period=7d`);
  });
  await check("the release reads every screen's data on today's schema", async () => {
    const [site] = await aliceOnOld.call('GET', '/api/websites');
    for (const route of [
      '/api/dashboard',
      '/api/emails',
      '/api/email-integrations',
      '/api/calendar-integrations',
      '/api/notifications',
      '/api/documents',
      '/api/document-folders',
      '/api/profile',
      '/api/social-accounts',
      `/api/websites/${site.id}/analytics`,
      '/api/search?q=plants',
    ])
      await aliceOnOld.call('GET', route);
  });
  await check("today's API takes the release's session and reads what the release wrote", async () => {
    const aliceOnToday = today.client(aliceOnOld.cookie);
    const seen = await titles(aliceOnToday);
    for (const title of ['Written by the release before the upgrade', 'Written by the release after the upgrade'])
      expect(seen.includes(title), `tasks on today's API: ${seen.join(', ')}`);
    const response = await fetch(`${today.base}/api/documents/${uploadedId}/download`, {
      headers: { cookie: aliceOnOld.cookie },
    });
    const text = await response.text();
    expect(
      response.ok && text.includes('Uploaded to the release during the deploy'),
      `download answered ${response.status}`,
    );
  });
  await check("the release takes a session made by today's API", async () => {
    const aliceOnToday = await signIn(today, alice);
    await aliceOnToday.call('POST', '/api/tasks', { title: "Written by today's API" });
    const seen = await titles(old.client(aliceOnToday.cookie));
    expect(seen.includes("Written by today's API"), `tasks on the release: ${seen.join(', ')}`);
  });
  await check('the release stops; today’s API keeps serving', async () => {
    await old.stop();
    const health = await fetch(`${today.base}/api/health`);
    expect(health.ok, `health answered ${health.status}`);
  });
  await db.end();
  failed = checks.some((c) => !c.ok);
} finally {
  for (const { name, ok, detail, ms } of checks)
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}  (${ms} ms)${detail ? `\n      ${detail}` : ''}`);
  if (failed)
    for (const api of [old, today]) {
      const problems = api.log.split('\n').filter((line) => /ERROR|WARN|Error/.test(line));
      if (problems.length) console.log(`--- ${api.label}'s errors and warnings ---\n${problems.slice(-30).join('\n')}`);
    }
  await old.stop();
  await today.stop();
  postgres.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
