/**
 * Resident memory (RSS) of the API and the worker process, at idle and under load, for the
 * operator docs' sizing (DEPLOYMENT.md, Sizing). Run after `npx nx run @aide/api:build`:
 *
 *   node -r ./apps/api/test/swc-register.cjs bench/memory-per-process.ts
 *
 * Starts an embedded PostgreSQL, the built API (apps/api/dist/main.js, NODE_ENV=production,
 * JOBS_WORKERS=false, port 3510) and one worker (`main.js --worker`), as the production compose
 * file runs them. Idle: RSS 15 s after both are up and one user has signed up. API under load:
 * autocannon for 30 s, 50 connections, spread over GET /api/dashboard, GET /api/tasks (200 tasks)
 * as a signed-in user and POST /api/collect (page views from 500 addresses). Worker under load:
 * 40 PDFs of 20 pages uploaded (two uploads of 20), their text extracted by the worker. RSS (VmRSS) is read
 * from /proc every 250 ms: the median and the highest sample are reported, with VmHWM (the
 * kernel's peak). Writes bench/results/memory-per-process.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { PostgresRateLimitStore } from '../apps/api/src/rate-limit/rate-limit-store';
import { pdfFile } from '../apps/api/test/document-files';

const ROOT = path.resolve(__dirname, '..');
const PORT = 3510;
const BASE = `http://127.0.0.1:${PORT}`;
const IDLE_SETTLE_MS = 15_000;
const LOAD_SECONDS = 30;
const NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'];
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const kb = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const mb = (kbValue: number) => Math.round(kbValue / 102.4) / 10;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Samples a process' RSS every 250 ms until stopped: the median and the highest sample, and VmHWM, in MB. */
function sampler(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(() => {
    if (existsSync(`/proc/${pid}/status`)) samples.push(kb(pid, 'VmRSS'));
  }, 250).unref();
  return () => {
    clearInterval(timer);
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      medianMb: mb(sorted[Math.floor(sorted.length / 2)] ?? 0),
      maxMb: mb(sorted.at(-1) ?? 0),
      peakHwmMb: mb(kb(pid, 'VmHWM')),
      samples: samples.length,
    };
  };
}

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  // The V8 flags the Dockerfile (NODE_OPTIONS) and `npm start` run the processes with.
  const child = spawn(process.execPath, [...NODE_FLAGS, path.join(ROOT, 'apps/api/dist/main.js'), ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`main.js ${args.join(' ')} exited (${code}) before it was ready`)));
    child.on('exit', (code, signal) => console.log(`main.js ${args.join(' ')} exited: ${code ?? signal}`));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.MEMORY_LOG) appendFileSync(process.env.MEMORY_LOG, chunk);
      if (ready.test(output)) resolve(child);
    });
  });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aide-memory-'));
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'aide',
  });
  const env = {
    NODE_ENV: 'production',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    DATABASE_URL: database.url,
    DATA_DIR: dir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    VAPID_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
    RATE_LIMIT_STORE: 'postgres',
    METRICS_TOKEN: randomBytes(32).toString('hex'),
    COLLECT_IP_RATE_LIMIT: '1000000',
    COLLECT_SITE_RATE_LIMIT: '1000000',
  };
  const children: ChildProcess[] = [];
  try {
    // The API first (it runs the migrations), then the worker.
    const api = await start([], { ...env, PORT: String(PORT), JOBS_WORKERS: 'false' }, /Aide is listening/);
    children.push(api);
    const worker = await start(['--worker'], env, /Aide worker is running/);
    children.push(worker);

    const register = await fetch(`${BASE}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({
        email: 'memory@example.com',
        password: 'correct horse battery staple',
        firstName: 'Memory',
        lastName: 'Bench',
      }),
    });
    if (register.status !== 201) throw new Error(`sign-up answered ${register.status}`);
    const cookie = register.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const userId = ((await register.json()) as { id: number }).id;

    await delay(IDLE_SETTLE_MS);
    const idle = { apiMb: mb(kb(api.pid!, 'VmRSS')), workerMb: mb(kb(worker.pid!, 'VmRSS')) };
    console.log(`idle: API ${idle.apiMb} MB, worker ${idle.workerMb} MB`);

    const db = new pg.Client({ connectionString: database.url });
    db.on('error', () => {}); // the database stops before this client when a step fails
    await db.connect();
    // Premium: the Free plan stores 5 documents.
    await db.query(`UPDATE users SET plan = 'premium' WHERE id = $1`, [userId]);
    await db.query(`INSERT INTO tasks ("userId", title) SELECT $1, 'Task ' || n FROM generate_series(1, 200) n`, [
      userId,
    ]);
    await db.query(
      `INSERT INTO websites ("userId", name, url, "siteKey") VALUES ($1, 'Shop', 'https://shop.example/', 'memorySiteKey')`,
      [userId],
    );

    // The shared rate-limit store's statements, timed alone: one sign-in hit, one collector batch of 500 keys.
    const store = new PostgresRateLimitStore({
      query: async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows,
    } as unknown as DataSource);
    const timed = async (hits: { key: string; count: number; windowMs: number }[]) => {
      const times: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await store.add(hits);
        times.push(performance.now() - started);
      }
      return Math.round(times.sort((a, b) => a - b)[25] * 100) / 100;
    };
    const upsertMs = {
      oneKey: await timed([{ key: 'throttle:bench', count: 1, windowMs: 60_000 }]),
      batchOf500: await timed(
        Array.from({ length: 500 }, (_, i) => ({ key: `collect-ip:198.51.100.${i}`, count: 3, windowMs: 60_000 })),
      ),
    };
    console.log(`rate-limit upsert, median of 50: one key ${upsertMs.oneKey} ms, 500 keys ${upsertMs.batchOf500} ms`);

    // API under load: reads as a signed-in user and tracking events.
    const apiSampler = sampler(api.pid!);
    const workerDuringApiLoad = sampler(worker.pid!);
    let visitor = 0;
    const result = await autocannon({
      url: BASE,
      connections: 50,
      duration: LOAD_SECONDS,
      requests: [
        {
          setupRequest: (request) => {
            const pick = visitor++ % 3;
            if (pick === 0) return { ...request, method: 'GET', path: '/api/dashboard', headers: { cookie } };
            if (pick === 1) return { ...request, method: 'GET', path: '/api/tasks', headers: { cookie } };
            return {
              ...request,
              method: 'POST',
              path: '/api/collect',
              headers: {
                'content-type': 'text/plain;charset=UTF-8',
                'user-agent': CHROME,
                origin: 'https://shop.example',
                'x-forwarded-for': `198.51.${Math.floor(visitor / 250) % 250}.${visitor % 250}`,
              },
              body: JSON.stringify({
                siteKey: 'memorySiteKey',
                type: 'pageview',
                url: `https://shop.example/p/${visitor % 50}`,
              }),
            };
          },
        },
      ],
    });
    const apiLoad = apiSampler();
    const workerIdleLoad = workerDuringApiLoad();
    console.log(
      `API under load: ${Math.round(result.requests.average)} requests/s (${result.non2xx} not 2xx, ${result.errors} errors); RSS median ${apiLoad.medianMb} MB, highest ${apiLoad.maxMb} MB, VmHWM ${apiLoad.peakHwmMb} MB`,
    );

    // Worker under load: text extraction of 40 PDFs of 20 pages.
    const page = 'The quarterly report covers revenue, costs and the outlook for the coming year. '.repeat(30);
    const pdf = await pdfFile(...Array.from({ length: 20 }, () => page));
    const workerSampler = sampler(worker.pid!);
    // Two uploads of 20 (the most one upload takes).
    for (let upload = 0; upload < 2; upload++) {
      const form = new FormData();
      for (let i = 0; i < 20; i++) {
        form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `report-${upload}-${i}.pdf`);
      }
      const answer = await fetch(`${BASE}/api/documents`, {
        method: 'POST',
        headers: { cookie, origin: BASE },
        body: form,
      });
      if (answer.status >= 300) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
    }
    const extractionStarted = Date.now();
    for (;;) {
      const [{ pending }] = (
        await db.query<{ pending: number }>(
          `SELECT count(*)::int AS pending FROM documents WHERE "extractionStatus" = 'pending'`,
        )
      ).rows;
      if (pending === 0) break;
      if (Date.now() - extractionStarted > 300_000)
        throw new Error(`${pending} documents still pending after 5 minutes`);
      await delay(250);
    }
    const workerLoad = workerSampler();
    const extractionSeconds = Math.round((Date.now() - extractionStarted) / 100) / 10;
    console.log(
      `worker extracting 40 PDFs (${extractionSeconds} s): RSS median ${workerLoad.medianMb} MB, highest ${workerLoad.maxMb} MB, VmHWM ${workerLoad.peakHwmMb} MB`,
    );
    await db.end();

    const out = {
      measuredAt: new Date().toISOString(),
      node: process.versions.node,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      idle,
      rateLimitUpsertMs: upsertMs,
      apiUnderLoad: {
        ...apiLoad,
        requestsPerSecond: Math.round(result.requests.average),
        non2xx: result.non2xx,
        errors: result.errors,
      },
      workerWhileApiLoaded: workerIdleLoad,
      workerExtracting40Pdfs: { ...workerLoad, seconds: extractionSeconds },
    };
    await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
    await writeFile(path.join(ROOT, 'bench/results/memory-per-process.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log(JSON.stringify(out, null, 2));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    for (const child of children.reverse()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
