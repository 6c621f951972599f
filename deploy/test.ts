/**
 * The production deployment, proven where Docker cannot run (npm run test:deploy, deploy/run.mjs):
 *   1. the runtime image's /app is staged (deploy/stage-runtime.mjs, the Dockerfile's own step) and
 *      measured; it holds no dev dependency, no sources, no build reports;
 *   2. an embedded PostgreSQL and two API processes started from that staged folder (production
 *      dependencies only) with the settings docker-compose.prod.yml gives them, and Debian's Caddy
 *      running deploy/Caddyfile unchanged (AIDE_TLS=internal: Caddy's own certificate authority)
 *      in front of them, on loopback at free ports;
 *   3. through Caddy: HTTP/2 over TLS verified against Caddy's authority, HTTP/3 advertised, plain
 *      http redirected; requests spread over both APIs; sign-up and sign-in set a Secure session
 *      cookie (TRUST_PROXY) that works on either API; the client address the API records is the
 *      real one, not a forged X-Forwarded-For; /metrics, in any spelling, never reaches an API;
 *      the shell is served; a live event (SSE) streams through the proxy; with one API killed,
 *      requests keep succeeding on the other;
 *   4. the container health check (deploy/healthcheck.mjs) in both modes, healthy and not;
 *   5. docker-compose.prod.yml, Dockerfile and .dockerignore: their shape (YAML parsed).
 * Prints each check, writes deploy/results/last-run.json, exits 1 on any failure.
 */
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { findFreePort, startEmbeddedPostgres } from '../apps/api/src/database/embedded-postgres';
import { Child, waitFor } from '../suites/lib/harness';

const ROOT = path.resolve(__dirname, '..');
const CADDYFILE = path.join(__dirname, 'Caddyfile');
const RESULTS = path.join(__dirname, 'results');
const PASSWORD = `Deploy-${randomBytes(9).toString('hex')}`;
const METRICS_TOKEN = randomBytes(24).toString('hex');

// ---------------------------------------------------------------- bookkeeping

interface Check {
  part: string;
  name: string;
  ok: boolean;
  detail?: string;
}
const checks: Check[] = [];
const results: Record<string, unknown> = {};
let part = '';
function check(name: string, ok: boolean, detail?: string) {
  checks.push({ part, name, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
}
function section(name: string) {
  part = name;
  console.log(`\n${name}`);
}

// ---------------------------------------------------------------- HTTP/2 client

interface H2Response {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One HTTP/2 connection to Caddy, verifying its certificate against Caddy's local authority. */
class H2 {
  private constructor(
    readonly session: http2.ClientHttp2Session,
    readonly alpn: string | undefined,
  ) {}

  static async connect(origin: string, ca: string): Promise<H2> {
    const session = http2.connect(origin, { ca, servername: 'localhost' });
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    session.on('error', () => {});
    return new H2(session, session.alpnProtocol);
  }

  /** `path` goes out as written (no client-side normalisation): what an attacker could send. */
  request(
    method: string,
    requestPath: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<H2Response> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const stream = this.session.request({
        ':method': method,
        ':path': requestPath,
        ...(payload && { 'content-type': 'application/json' }),
        ...headers,
      });
      let responseHeaders: http2.IncomingHttpHeaders = {};
      let text = '';
      stream.setEncoding('utf8');
      stream.on('response', (h) => (responseHeaders = h));
      stream.on('data', (chunk: string) => (text += chunk));
      stream.on('end', () =>
        resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, body: text }),
      );
      stream.on('error', reject);
      stream.end(payload);
    });
  }

  /** An open request whose body is read as it arrives (an SSE stream). */
  open(requestPath: string, headers: Record<string, string>) {
    const stream = this.session.request({ ':method': 'GET', ':path': requestPath, ...headers });
    const state = { headers: {} as http2.IncomingHttpHeaders, text: '', ended: false };
    stream.setEncoding('utf8');
    stream.on('response', (h) => (state.headers = h));
    stream.on('data', (chunk: string) => (state.text += chunk));
    stream.on('end', () => (state.ended = true));
    stream.on('error', () => (state.ended = true));
    return { state, close: () => stream.close(http2.constants.NGHTTP2_CANCEL) };
  }

  close() {
    this.session.close();
  }
}

/** The session cookie's name=value from a Set-Cookie list. */
function sessionCookie(setCookie: string | string[] | undefined): string | undefined {
  const first = [setCookie ?? []].flat().find((c) => /^[^=]+=/.test(c));
  return first?.split(';')[0];
}

/** A plain http/1.1 request straight to an API (no proxy), for the controls. */
function direct(
  port: number,
  method: string,
  requestPath: string,
  body?: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: requestPath,
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (c: string) => (text += c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

// ---------------------------------------------------------------- the parts

function stageImage(stageDir: string, reportFile: string) {
  section('1. the runtime image, staged (deploy/stage-runtime.mjs)');
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    [path.join(__dirname, 'stage-runtime.mjs'), stageDir, '--report', reportFile],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error(`staging the runtime image failed (exit ${run.status})`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    total: { bytes: number; files: number };
    parts: Record<string, { bytes: number; files: number }>;
  };
  results.image = { ...report, seconds: Math.round((Date.now() - started) / 1000) };
  const modules = readdirSync(path.join(stageDir, 'node_modules'));
  const scoped = (scope: string) =>
    existsSync(path.join(stageDir, 'node_modules', scope))
      ? readdirSync(path.join(stageDir, 'node_modules', scope)).map((n) => `${scope}/${n}`)
      : [];
  const installed = new Set([...modules, ...scoped('@nestjs'), ...scoped('@swc'), ...scoped('@playwright')]);
  const devOnly = ['jest', 'nx', 'eslint', 'prettier', '@swc/core', '@playwright/test', '@nestjs/testing', 's3rver'];
  const present = devOnly.filter((name) => installed.has(name));
  check('no dev dependency installed', present.length === 0, present.length ? present.join(', ') : devOnly.join(', '));
  check(
    'the production dependencies the API loads are there',
    ['pg', 'argon2', '@nestjs/core', 'pg-boss', 'typeorm'].every((name) => installed.has(name)),
  );
  check(
    'no API sources, only its build',
    !existsSync(path.join(stageDir, 'apps/api/src')) && existsSync(path.join(stageDir, 'apps/api/dist/main.js')),
  );
  check(
    'the shell and every remote built, without their build reports',
    existsSync(path.join(stageDir, 'apps/shell/dist/index.html')) &&
      !existsSync(path.join(stageDir, 'apps/shell/dist/mf-stats.json')) &&
      readdirSync(path.join(ROOT, 'apps'))
        .filter((d) => d.startsWith('mf-'))
        .every((d) => existsSync(path.join(stageDir, 'apps', d, 'dist/mf-manifest.json'))),
  );
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  check(
    'measured',
    report.total.bytes > 0,
    `${mb(report.total.bytes)} in ${report.total.files} files (node_modules ${mb(report.parts.node_modules.bytes)}); the base image comes on top`,
  );
}

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'aide-deploy-'));
  await mkdir(RESULTS, { recursive: true });
  const stageDir = path.join(tmp, 'app');
  const cleanup: (() => Promise<unknown>)[] = [];
  let failure: unknown;
  try {
    stageImage(stageDir, path.join(tmp, 'stage-report.json'));
    await live(tmp, stageDir, cleanup);
  } catch (error) {
    failure = error;
    console.error(`\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  }
  checkFiles();

  const failed = checks.filter((c) => !c.ok);
  await writeFile(
    path.join(RESULTS, 'last-run.json'),
    JSON.stringify(
      { at: new Date().toISOString(), checks, results, error: failure ? String(failure) : undefined },
      null,
      2,
    ),
  );
  console.log(
    `\n${checks.length - failed.length}/${checks.length} checks passed${failure ? '; the run stopped on an error' : ''}`,
  );
  if (!failed.length && !failure) await rm(tmp, { recursive: true, force: true });
  else console.log(`Logs kept in ${tmp}`);
  process.exit(failed.length || failure ? 1 : 0);
}

async function live(tmp: string, stageDir: string, cleanup: (() => Promise<unknown>)[]) {
  section('2. PostgreSQL, two APIs from the staged image, Caddy with deploy/Caddyfile');
  const database = await startEmbeddedPostgres({
    dataDir: path.join(tmp, 'postgres'),
    password: randomBytes(16).toString('hex'),
    database: 'aide',
    postgresFlags: ['-c', 'fsync=off', '-c', 'max_connections=100'],
  });
  cleanup.push(() => database.stop());

  const [api1Port, api2Port, httpsPort, httpPort, adminPort] = await Promise.all(
    Array.from({ length: 5 }, () => findFreePort()),
  );
  const origin = `https://localhost:${httpsPort}`;
  // What docker-compose.prod.yml gives every API instance (x-aide-environment, x-api).
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    VAPID_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: origin,
    TRUST_PROXY: 'true',
    RATE_LIMIT_STORE: 'postgres',
    METRICS_TOKEN,
    JOBS_WORKERS: 'false',
    LOG_REQUESTS: 'true',
  };
  const apis = [
    { name: 'api-1', port: api1Port },
    { name: 'api-2', port: api2Port },
  ].map(({ name, port }) => {
    const child = new Child(name, createWriteStream(path.join(tmp, `${name}.log`)));
    return { name, port, child };
  });
  for (const api of apis) {
    const dataDir = path.join(tmp, `${api.name}-data`);
    await mkdir(dataDir, { recursive: true });
    api.child.start(process.execPath, ['apps/api/dist/main.js'], {
      cwd: stageDir,
      env: { PATH: process.env.PATH, ...shared, DATA_DIR: dataDir, PORT: String(api.port) },
    });
    cleanup.push(() => api.child.stop());
    // One after the other, as compose starts them: the first runs the migrations alone.
    await waitFor(
      `${api.name} to answer GET /api/health 200`,
      async () => {
        if (!api.child.alive) throw new Error(`${api.name} exited while starting:\n${api.child.output.slice(-2000)}`);
        return (await direct(api.port, 'GET', '/api/health')).status === 200;
      },
      120_000,
      200,
    );
    check(`${api.name} started from the staged image and is healthy`, true, `port ${api.port}`);
  }

  const caddyHome = path.join(tmp, 'caddy');
  await mkdir(caddyHome, { recursive: true });
  const caddy = new Child('caddy', createWriteStream(path.join(tmp, 'caddy.log')));
  caddy.start('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    cwd: tmp,
    env: {
      PATH: process.env.PATH,
      HOME: caddyHome,
      XDG_DATA_HOME: path.join(caddyHome, 'data'),
      XDG_CONFIG_HOME: path.join(caddyHome, 'config'),
      AIDE_DOMAIN: 'localhost',
      AIDE_TLS: 'internal',
      AIDE_UPSTREAM_1: `127.0.0.1:${api1Port}`,
      AIDE_UPSTREAM_2: `127.0.0.1:${api2Port}`,
      AIDE_HTTPS_PORT: String(httpsPort),
      AIDE_HTTP_PORT: String(httpPort),
      AIDE_BIND: '127.0.0.1',
      CADDY_ADMIN: `127.0.0.1:${adminPort}`,
    },
  });
  cleanup.push(() => caddy.stop());
  const rootCa = path.join(caddyHome, 'data/caddy/pki/authorities/local/root.crt');
  const ca = await waitFor(
    "Caddy's local authority and a certificate for localhost",
    async () => {
      if (!caddy.alive) throw new Error(`caddy exited:\n${caddy.output.slice(-2000)}`);
      if (!existsSync(rootCa)) return false;
      const pem = await readFile(rootCa, 'utf8');
      const client = await H2.connect(origin, pem);
      const health = await client.request('GET', '/api/health');
      client.close();
      return health.status === 200 && pem;
    },
    60_000,
    200,
  );
  check(
    'Caddy runs deploy/Caddyfile unchanged',
    true,
    `https ${httpsPort}, http ${httpPort}, ${spawnSync('caddy', ['version'], { encoding: 'utf8' }).stdout.trim().split(' ')[0]}`,
  );

  await throughTheProxy({ origin, ca, apis, httpPort, stageDir, databaseUrl: database.url });
}

interface Api {
  name: string;
  port: number;
  child: Child;
}

/** Request-log lines (LOG_REQUESTS) of an API so far. */
const requestLines = (api: Api) => api.child.output.split('\n').filter((line) => /\[HTTP\]/.test(line));

async function throughTheProxy({
  origin,
  ca,
  apis,
  httpPort,
  stageDir,
  databaseUrl,
}: {
  origin: string;
  ca: string;
  apis: Api[];
  httpPort: number;
  stageDir: string;
  databaseUrl: string;
}) {
  section('3. through Caddy');
  const client = await H2.connect(origin, ca);
  check(
    "HTTP/2 over TLS, the certificate verified against Caddy's authority",
    client.alpn === 'h2',
    `ALPN ${client.alpn}`,
  );
  const health = await client.request('GET', '/api/health');
  check('GET /api/health answers 200 through the proxy', health.status === 200, `status ${health.status}`);
  check(
    'HTTP/3 is advertised (Alt-Svc)',
    /h3=/.test(String(health.headers['alt-svc'] ?? '')),
    `alt-svc: ${health.headers['alt-svc']}`,
  );
  check(
    "the API's HSTS header reaches the browser",
    /max-age=\d+/.test(String(health.headers['strict-transport-security'] ?? '')),
    String(health.headers['strict-transport-security']),
  );

  const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port: httpPort, path: '/tasks?x=1', headers: { host: 'localhost' } }, resolve)
      .on('error', reject),
  );
  plain.resume();
  // To the same host and path; Caddy names the https port only when it is not 443.
  check(
    'plain http is redirected to https',
    plain.statusCode === 308 &&
      ['https://localhost/tasks?x=1', `${origin}/tasks?x=1`].includes(plain.headers.location ?? ''),
    `${plain.statusCode} → ${plain.headers.location}`,
  );

  const shell = await client.request('GET', '/', { headers: { accept: 'text/html' } });
  check(
    'the shell is served through the proxy',
    shell.status === 200 && /<html/i.test(shell.body),
    `status ${shell.status}`,
  );

  // Spread: requests for a path only this test asks for (a 404), counted in each API's request log.
  const marker = `/api/spread-${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < 10; i++) await client.request('GET', marker);
  const spreadOf = () => apis.map((api) => requestLines(api).filter((l) => l.includes(marker)).length);
  // An API writes its log line as the response ends; the line may reach this process a moment after the response.
  await waitFor(
    'the 10 requests in the request logs',
    async () => spreadOf()[0] + spreadOf()[1] >= 10,
    10_000,
    20,
  ).catch(() => undefined);
  const spread = spreadOf();
  check(
    'requests are spread over both APIs',
    spread.every((n) => n >= 3) && spread[0] + spread[1] === 10,
    `api-1 ${spread[0]}, api-2 ${spread[1]} of 10`,
  );

  // Sign-up, then sign-in, through the proxy; the browser's Origin as PUBLIC_URL says.
  const email = `deploy-${randomBytes(4).toString('hex')}@example.com`;
  const browser = { origin, 'x-forwarded-for': '203.0.113.7' };
  const signUp = await client.request('POST', '/api/auth/register', {
    headers: browser,
    body: { email, password: PASSWORD, firstName: 'Dee', lastName: 'Ploy' },
  });
  check(
    'sign-up through the proxy',
    signUp.status === 201,
    `status ${signUp.status} ${signUp.status === 201 ? '' : signUp.body}`,
  );
  const signIn = await client.request('POST', '/api/auth/login', {
    headers: browser,
    body: { email, password: PASSWORD },
  });
  const setCookie = [signIn.headers['set-cookie'] ?? []].flat();
  check('sign-in through the proxy', signIn.status === 200, `status ${signIn.status}`);
  check(
    'the session cookie is Secure, HttpOnly and SameSite=Lax behind TRUST_PROXY',
    setCookie.length > 0 &&
      setCookie.every((c) => /;\s*Secure/i.test(c) && /;\s*HttpOnly/i.test(c) && /SameSite=Lax/i.test(c)),
    setCookie.map((c) => c.replace(/=[^;]+/, '=…')).join(' | '),
  );
  const directSignIn = await direct(apis[0].port, 'POST', '/api/auth/login', { email, password: PASSWORD });
  const directCookie = [directSignIn.headers['set-cookie'] ?? []].flat();
  check(
    'control: the same sign-in over plain http straight to an API gets no Secure cookie',
    directSignIn.status === 200 && directCookie.length > 0 && directCookie.every((c) => !/;\s*Secure/i.test(c)),
  );
  const cookie = sessionCookie(setCookie)!;
  const reads = await Promise.all(
    Array.from({ length: 6 }, () => client.request('GET', '/api/auth/user', { headers: { cookie } })),
  );
  check(
    'the session works on either API (6 reads through the proxy)',
    reads.every((r) => r.status === 200 && (JSON.parse(r.body) as { email: string }).email === email),
    reads.map((r) => r.status).join(' '),
  );
  const sessions = await client.request('GET', '/api/account/sessions', { headers: { cookie } });
  const ips = (JSON.parse(sessions.body) as { ip: string | null }[]).map((s) => s.ip);
  check(
    'the API records the real client address, not a forged X-Forwarded-For',
    sessions.status === 200 && ips.includes('127.0.0.1') && !ips.includes('203.0.113.7'),
    `session addresses: ${ips.join(', ')}`,
  );

  // /metrics: never through the proxy, whatever the spelling or the token.
  const logged = () => apis.map((api) => requestLines(api).length);
  const before = logged();
  const spellings = [
    '/metrics',
    '/metrics/',
    '/metrics?format=prometheus',
    '/METRICS',
    '/Metrics',
    '//metrics',
    '/%6Detrics',
    '/%6d%65trics',
    '/./metrics',
    '/api/../metrics',
    '/metrics%2F',
  ];
  const answers = [];
  for (const spelling of spellings) {
    const answer = await client.request('GET', spelling, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    answers.push(`${spelling} ${answer.status}`);
  }
  // Requests sent after them that do reach the APIs, one each (round-robin), show that both logs
  // are up to date, and that the check below would see a /metrics request had one got through.
  const controlPath = `/api/no-such-route-${randomBytes(3).toString('hex')}`;
  await client.request('GET', controlPath);
  await client.request('GET', controlPath);
  const controlSeen = await waitFor(
    'the control requests in both request logs',
    async () => apis.every((api) => requestLines(api).some((l) => l.includes(controlPath))),
    10_000,
    20,
  ).catch(() => false);
  check('control: requests for another path reach both APIs and show in their request logs', controlSeen);
  const reached = apis.flatMap((api) =>
    requestLines(api)
      .slice(before[apis.indexOf(api)])
      .filter((line) => /metrics|%6d/i.test(line)),
  );
  check(
    `/metrics is not reachable through the proxy (${spellings.length} spellings, with the right token)`,
    answers.every((a) => / 404$/.test(a)) && reached.length === 0,
    reached.length ? `reached an API: ${reached.join(' | ')}` : answers.join(', '),
  );

  // Live events: the stream through the proxy; the change that causes it may land on the other API.
  const stream = client.open('/api/stream', { cookie, accept: 'text/event-stream' });
  await waitFor('the stream to open', async () => stream.state.text.includes(': connected'), 10_000, 20);
  check(
    'SSE: the stream opens through the proxy, unbuffered and uncompressed',
    Number(stream.state.headers[':status']) === 200 &&
      String(stream.state.headers['content-type']).startsWith('text/event-stream') &&
      stream.state.headers['content-encoding'] === undefined,
    `${stream.state.headers[':status']} ${stream.state.headers['content-type']}`,
  );
  const started = Date.now();
  const created = await client.request('POST', '/api/tasks', {
    headers: { cookie, origin },
    body: { title: 'Renew the certificate' },
  });
  const taskId = (JSON.parse(created.body) as { id: number }).id;
  await waitFor(
    'the task event on the stream',
    async () => stream.state.text.includes(`"entity":{"type":"task","id":${taskId}}`),
    10_000,
    20,
  ).catch(() => undefined);
  const arrived = stream.state.text.includes(`"entity":{"type":"task","id":${taskId}}`);
  check(
    'SSE: a change made through the proxy streams to the browser through the proxy',
    created.status === 201 && arrived,
    arrived
      ? `${Date.now() - started} ms after the POST was sent`
      : `status ${created.status}; stream: ${stream.state.text.slice(-300)}`,
  );
  results.sseMs = Date.now() - started;
  stream.close();

  // One API gone (SIGKILL, as a crash): the proxy keeps answering from the other.
  await apis[0].child.stop('SIGKILL');
  const afterKill = [];
  for (let i = 0; i < 10; i++) afterKill.push(await client.request('GET', '/api/auth/user', { headers: { cookie } }));
  check(
    'with api-1 killed, every request through the proxy is answered by api-2',
    afterKill.every((r) => r.status === 200),
    afterKill.map((r) => r.status).join(' '),
  );
  client.close();

  section('4. the container health check (deploy/healthcheck.mjs)');
  const healthcheck = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['deploy/healthcheck.mjs'], {
      cwd: stageDir,
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 15_000,
    }).status;
  check('API: healthy while GET /api/health answers 200', healthcheck({ PORT: String(apis[1].port) }) === 0);
  check('API: unhealthy when nothing answers', healthcheck({ PORT: String(apis[0].port) }) === 1);
  check(
    'worker: healthy while the database answers',
    healthcheck({ AIDE_PROCESS: 'worker', DATABASE_URL: databaseUrl }) === 0,
  );
  const wrong = new URL(databaseUrl);
  wrong.password = 'wrong-password';
  check(
    'worker: unhealthy when the database refuses it',
    healthcheck({ AIDE_PROCESS: 'worker', DATABASE_URL: wrong.toString() }) === 1,
  );
}

// ---------------------------------------------------------------- the files

type Service = {
  image?: string;
  build?: unknown;
  restart?: string;
  profiles?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  command?: unknown;
};

function checkFiles() {
  section('5. docker-compose.prod.yml, Dockerfile, .dockerignore');
  const raw = readFileSync(path.join(ROOT, 'docker-compose.prod.yml'), 'utf8');
  const compose = parseYaml(raw, { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const names = Object.keys(services);
  const oneShot = (s: Service) => s.restart === 'no' || /^on-failure/.test(s.restart ?? '');
  check(
    'services: two APIs, a worker, PostgreSQL 18, an S3 store, Caddy',
    ['api-1', 'api-2', 'worker', 'postgres', 'caddy'].every((n) => names.includes(n)) &&
      services.postgres.image === 'postgres:18' &&
      names.some((n) => /minio|garage/.test(services[n].image ?? '')) &&
      /^caddy:/.test(services.caddy.image ?? ''),
    names.join(', '),
  );
  const noHealth = names.filter((n) => {
    const h = services[n].healthcheck;
    return oneShot(services[n]) ? !h || (!h.disable && !h.test) : !h?.test || h.disable;
  });
  check(
    'every long-running service has a health check (one-shot jobs say they have none)',
    noHealth.length === 0,
    noHealth.join(', '),
  );
  const badRestart = names.filter((n) => {
    const s = services[n];
    return s.profiles?.includes('tools') || oneShot(s)
      ? !s.restart
      : !['always', 'unless-stopped'].includes(s.restart ?? '');
  });
  check(
    'every service has a restart policy (always or unless-stopped for long-running ones)',
    badRestart.length === 0,
    badRestart.join(', '),
  );
  const noLimits = names.filter(
    (n) => !services[n].deploy?.resources?.limits?.memory || !services[n].deploy?.resources?.limits?.cpus,
  );
  check('every service has CPU and memory limits', noLimits.length === 0, noLimits.join(', '));

  const SECRET = /SECRET|PASSWORD|_KEY$|_KEY_ID$|TOKEN|PASSPHRASE/;
  const defaulted: string[] = [];
  // Every use of a secret variable, wherever it is (DATABASE_URL carries POSTGRES_PASSWORD):
  // required (${X:?…}) or explicitly empty (${X:-}, an optional integration left off), never a value.
  for (const [use, name, operator = '', rest] of raw.matchAll(/\$\{([A-Z0-9_]+)(:?[-?+])?([^}]*)\}/g)) {
    if (SECRET.test(name) && !(operator.endsWith('?') || (operator === ':-' && rest === ''))) defaulted.push(use);
  }
  // And no secret written into a service's environment as a plain value.
  for (const [name, service] of Object.entries(services)) {
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      if (SECRET.test(key) && !/^\$\{[^}]+\}$/.test(String(value ?? ''))) defaulted.push(`${name}.${key}=${value}`);
    }
  }
  check(
    'no secret has a default value (each is ${VAR:?…} or explicitly empty)',
    defaulted.length === 0,
    defaulted.join('; '),
  );
  check(
    'SESSION_SECRET is required: ${SESSION_SECRET:?…}',
    /SESSION_SECRET: \$\{SESSION_SECRET:\?[^}]+\}/.test(raw) && !/SESSION_SECRET:-/.test(raw),
  );
  const apiEnv = (n: string) => services[n].environment ?? {};
  check(
    'the APIs: TRUST_PROXY, HTTP only, shared rate limits, S3 documents, the database service',
    ['api-1', 'api-2'].every(
      (n) =>
        apiEnv(n).TRUST_PROXY === 'true' &&
        apiEnv(n).JOBS_WORKERS === 'false' &&
        apiEnv(n).RATE_LIMIT_STORE === 'postgres' &&
        apiEnv(n).DOCUMENT_STORAGE === 's3' &&
        /@postgres:5432\//.test(String(apiEnv(n).DATABASE_URL)),
    ) && apiEnv('worker').AIDE_PROCESS === 'worker',
  );
  check(
    'the APIs start one after the other (the first migrates alone); the worker waits too',
    services['api-2'].depends_on?.['api-1']?.condition === 'service_healthy' &&
      services.worker.depends_on?.['api-1']?.condition === 'service_healthy',
  );
  const caddyEnv = services.caddy.environment ?? {};
  check(
    'Caddy runs deploy/Caddyfile in front of both APIs',
    (services.caddy.volumes ?? []).some((v) => v.startsWith('./deploy/Caddyfile:/etc/caddy/Caddyfile')) &&
      caddyEnv.AIDE_UPSTREAM_1 === 'api-1:3000' &&
      caddyEnv.AIDE_UPSTREAM_2 === 'api-2:3000',
  );

  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  check(
    'Dockerfile: a multi-stage build whose runtime stage copies only the staged /app',
    (dockerfile.match(/^FROM /gm) ?? []).length >= 2 &&
      /COPY --from=build \/runtime \/app/.test(runtime) &&
      !/COPY \. /.test(runtime) &&
      /stage-runtime\.mjs \/runtime/.test(dockerfile),
  );
  check(
    'Dockerfile: non-root user, HEALTHCHECK, tini as PID 1',
    /^USER node$/m.test(runtime) &&
      /^HEALTHCHECK .*deploy\/healthcheck\.mjs/m.test(runtime) &&
      /^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/m.test(runtime),
  );
  const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
  check(
    '.dockerignore keeps out node_modules, build output, .git, local data and .env files',
    ['node_modules', '**/node_modules', '**/dist', '.git', '.data', '.env', '.env.*'].every((p) => ignored.includes(p)),
  );
}

void main();
