import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROBE_MODULE } from './probe-module';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- scripts/find-chromium.cjs is untyped CommonJS, shared with the plain-Node scripts
const { findChromium, INSTALL_HINT } = require('../../scripts/find-chromium.cjs');

const root = path.resolve(__dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = findChromium();
if (!chromium) throw new Error(INSTALL_HINT);

// The test issuer (oidc-provider-server.mjs) and the client the API is registered as there.
const oidcPort = Number(process.env.OIDC_E2E_PORT ?? 3199);
const oidc = {
  port: oidcPort,
  issuer: `http://127.0.0.1:${oidcPort}`,
  clientId: 'aide-e2e',
  clientSecret: 'aide-e2e-client-secret',
};

// A real CalDAV server (Radicale, Debian package) with one user and calendar (tests/calendar-sync.spec.ts).
const radicalePort = Number(process.env.RADICALE_E2E_PORT ?? 5232);

// Dovecot IMAP + an SMTP server delivering into it (mail-server.mts, from apps/api/test/mail-servers.ts),
// for the email tests that sync and send; its control endpoint tells them where (tests/mail-servers.ts).
// Derived from E2E_PORT by default, so runs on different ports do not collide.
const mailPort = Number((process.env.MAIL_E2E_PORT ??= String(port + 199)));

// A small web about urban heat islands with a SearxNG-format /search (research-web-server.mts), which
// the API's research reads (tests/research.spec.ts).
const researchWebPort = Number(process.env.RESEARCH_WEB_E2E_PORT ?? port + 198);
// X's API and OAuth (social-platforms-server.mts), which the API's social publishing talks to (tests/social.spec.ts).
const socialPort = Number(process.env.SOCIAL_E2E_PORT ?? port + 197);
/** X's API on the local platforms server (apps/e2e/social-platforms-server.mts); its client as that server knows it. */
const socialX = { api: `http://127.0.0.1:${socialPort}/x`, clientId: 'x-client-id', clientSecret: 'x-client-secret' };

// A second API with the app's own mail on (tests/account-security.spec.ts): mail changes how sign-up
// answers (202 'Check your inbox' for every address, nobody signed in), which the other specs' sign-ups
// do not expect. Its SMTP server keeps each message (app-mail-server.mts), where the tests read the links.
const accountPort = Number((process.env.ACCOUNT_E2E_PORT ??= String(port + 196)));
const appMailPort = Number((process.env.APP_MAIL_E2E_PORT ??= String(port + 195)));
const appMailSmtpPort = Number(process.env.APP_MAIL_E2E_SMTP_PORT ?? port + 194);

// A fresh data folder per run: the app starts its own embedded PostgreSQL there, as `npm start` does.
// Set once in the runner's environment, so the workers (which load this file again) see the same
// folder: tests/email-db.ts reaches that database through it.
const dataDir = (process.env.AIDE_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'aide-e2e-')));
const accountDataDir = (process.env.AIDE_E2E_ACCOUNT_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), 'aide-e2e-account-'),
));

// Specs that change what every user of the API sees: the organiser's feature toggle (admin.spec.ts),
// where the organiser remote is served from (independent-deployment.spec.ts), and a new module
// switched on and email switched off (composition.spec.ts). They run after all the others, one at a
// time, so no other test meets the change. (A failure before them leaves them not run: Playwright
// runs a project only once its dependencies have passed.)
const changesEveryUser = /[\\/](admin|independent-deployment|composition)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two spec files at once: every test signs up its own people, so files share only the servers.
  // On 2 cores this overlaps one test's waits (API, database, page loads) with the other's work.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Room for a starved machine (seen: 70 % CPU steal, pages 10 s+ to first render); a passing run
  // takes no longer for it.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  outputDir: path.join(root, 'tmp/e2e-output'),
  reporter: [['list'], [path.join(__dirname, 'summary-reporter.ts')]],
  // 'setup' creates the admin (the first account on the fresh database) before any other test;
  // 'chromium' runs the specs in parallel, then 'one at a time' the ones that change every user's app.
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testMatch: /.*\.spec\.ts/, testIgnore: changesEveryUser, dependencies: ['setup'] },
    { name: 'one at a time', testMatch: changesEveryUser, dependencies: ['chromium'], workers: 1 },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and its screenshot;
    // the trace's filmstrip is left out: it screencasts every test that passes, at a CPU cost a
    // 2-core machine feels.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The app honours prefers-reduced-motion (antd animates nothing): a click never lands on a menu
    // or dialog that is still sliding in, however slow the machine.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chromium,
      // The network here is closed: keep Chromium from calling home at start.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node apps/e2e/radicale-server.mjs',
      cwd: root,
      // 401 without credentials: Radicale is up (the script creates the calendar right after).
      url: `http://127.0.0.1:${radicalePort}/e2e/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { RADICALE_E2E_PORT: String(radicalePort) },
    },
    // The OpenID Connect issuer "Continue with Google" signs in with here (tests/oidc-sign-in.spec.ts).
    {
      command: 'node apps/e2e/oidc-provider-server.mjs',
      cwd: root,
      url: `${oidc.issuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        OIDC_E2E_PORT: String(oidc.port),
        OIDC_E2E_CLIENT_ID: oidc.clientId,
        OIDC_E2E_CLIENT_SECRET: oidc.clientSecret,
        OIDC_E2E_REDIRECT_URI: `http://127.0.0.1:${port}/api/auth/google/callback`,
      },
    },
    // Never fails the run: without Dovecot it answers 503 with the install hint, and only the tests that need mail fail.
    {
      command: 'node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON apps/e2e/mail-server.mts',
      cwd: root,
      url: `http://127.0.0.1:${mailPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_E2E_PORT: String(mailPort) },
      // Dovecot runs in a process group of its own: the script must be asked to stop it, not killed.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: 'node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON apps/e2e/research-web-server.mts',
      cwd: root,
      url: `http://127.0.0.1:${researchWebPort}/search?q=health&format=json`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { RESEARCH_WEB_E2E_PORT: String(researchWebPort) },
    },
    {
      command: 'node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON apps/e2e/social-platforms-server.mts',
      cwd: root,
      // 401 without a token: the server is up.
      url: `${socialX.api}/2/users/me`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SOCIAL_E2E_PORT: String(socialPort) },
    },
    {
      command: 'node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON apps/e2e/app-mail-server.mts',
      cwd: root,
      url: `http://127.0.0.1:${appMailPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { APP_MAIL_E2E_PORT: String(appMailPort), APP_MAIL_E2E_SMTP_PORT: String(appMailSmtpPort) },
    },
    {
      command: 'node apps/api/dist/main.js',
      cwd: root,
      url: `http://127.0.0.1:${accountPort}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(accountPort),
        DATA_DIR: accountDataDir,
        NODE_ENV: 'production',
        LOG_REQUESTS: 'false',
        SERVE_FRONTENDS: 'true',
        AUTH_REGISTER_RATE_LIMIT: '1000',
        PUBLIC_URL: `http://127.0.0.1:${accountPort}`,
        MAIL_SMTP_URL: `smtp://127.0.0.1:${appMailSmtpPort}`,
        MAIL_FROM: 'Aide <no-reply@aide.test>',
      },
    },
    {
      command: 'node apps/api/dist/main.js',
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_REQUESTS: 'false',
        SERVE_FRONTENDS: 'true',
        // Every test signs up its own people from 127.0.0.1: far more than a real visitor's 20 a minute.
        AUTH_REGISTER_RATE_LIMIT: '1000',
        OIDC_ISSUER_URL: oidc.issuer,
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        // Research's fixture web, the website e2e's site, Radicale and Dovecot all listen on loopback:
        // the outbound policy may reach loopback, and nothing else private.
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: '127.0.0.0/8, ::1',
        // Research searches and reads the fixture web on loopback; its slow page outlasts this timeout.
        RESEARCH_SEARCH_URL: `http://127.0.0.1:${researchWebPort}`,
        RESEARCH_FETCH_TIMEOUT_MS: '3000',
        // X publishes through the local platforms server; the other platforms use their share pages.
        TWITTER_CLIENT_ID: socialX.clientId,
        TWITTER_CLIENT_SECRET: socialX.clientSecret,
        TWITTER_API_URL: socialX.api,
        TWITTER_AUTHORIZE_URL: `${socialX.api}/i/oauth2/authorize`,
        // Test-only: registers the module composition.spec.ts builds at test time (off until it
        // switches the module's toggle on).
        AIDE_E2E_EXTRA_MODULES: JSON.stringify([PROBE_MODULE]),
      },
    },
  ],
});
