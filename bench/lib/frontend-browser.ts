/**
 * The browser half of bench/frontend.bench.ts: Chromium through playwright-core, a recorder of
 * every request a page makes (with the bytes as received and the gzip size of each JS/CSS body),
 * and in-page timers that note when given texts are in the document.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { appOf, kindOf, type Fetched } from './frontend-assets';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- scripts/find-chromium.cjs is untyped CommonJS, shared with the plain-Node scripts; typed here by hand
const { findChromium, INSTALL_HINT } = require('../../scripts/find-chromium.cjs') as {
  findChromium: () => string | null;
  INSTALL_HINT: string;
};

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(INSTALL_HINT);
  return chromium.launch({
    executablePath,
    // As apps/e2e/playwright.config.ts: the network here is closed, keep Chromium from calling home.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context (empty HTTP cache, no storage) carrying the session cookie. Over https it takes
 * any certificate: the HTTP/2 rounds go through Caddy's own authority (bench/lib/frontend-h2.ts).
 */
export async function signedInContext(browser: Browser, base: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    ignoreHTTPSErrors: base.startsWith('https:'),
  });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  return context;
}

/**
 * Records every request of a page from now on. `settle()` waits until no request has been in
 * flight for `quietMs` (the event stream, which never ends, excepted), then answers what was
 * fetched, in request order, with sizes and gzip sizes filled in.
 */
export function recordRequests(page: Page, origin: string) {
  const records: { request: Request; done: Promise<Fetched | null> }[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const isStream = (request: Request) =>
    request.resourceType() === 'eventsource' || new URL(request.url()).pathname === '/api/stream';

  const measure = async (request: Request): Promise<Fetched | null> => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return null;
    const response = await request.response();
    const path = url.pathname;
    const app = url.origin === origin ? appOf(path) : 'other';
    const headers = response ? await response.allHeaders() : {};
    const kind = kindOf(path, request.resourceType(), headers['content-type'] ?? '');
    const base: Fetched = {
      path,
      app,
      kind,
      status: response?.status() ?? 0,
      encodedBytes: 0,
      decodedBytes: 0,
      gzipBytes: 0,
      contentEncoding: headers['content-encoding'] ?? '',
    };
    if (!response || isStream(request)) return base;
    const sizes = await request.sizes();
    base.encodedBytes = sizes.responseBodySize;
    if (kind !== 'other' || response.status() < 300) {
      const body = await response.body().catch(() => null);
      if (body) {
        base.decodedBytes = body.length;
        if (kind !== 'other') base.gzipBytes = gzipSync(body, { level: 6 }).length;
      }
    }
    return base;
  };

  page.on('request', (request) => {
    lastActivity = Date.now();
    const stream = isStream(request);
    if (!stream) inFlight++;
    let resolve!: () => void;
    const finished = new Promise<void>((r) => (resolve = r));
    const end = () => {
      if (!stream) inFlight--;
      lastActivity = Date.now();
      resolve();
    };
    // The stream's response headers are all we wait for; its body never ends.
    const ready = stream ? request.response().then(() => undefined) : finished;
    records.push({ request, done: ready.then(() => measure(request)).catch(() => null) });
    (request as Request & { __end?: () => void }).__end = end;
  });
  const finish = (request: Request) => (request as Request & { __end?: () => void }).__end?.();
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);

  return {
    /** How many requests have been made so far (to take the ones after a point). */
    count: () => records.length,
    async settle(quietMs = 400, timeoutMs = 20_000, from = 0): Promise<Fetched[]> {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until && (inFlight > 0 || Date.now() - lastActivity < quietMs))
        await new Promise((r) => setTimeout(r, 50));
      if (inFlight > 0) throw new Error(`${inFlight} requests still in flight after ${timeoutMs} ms`);
      const fetched = await Promise.all(records.slice(from).map((r) => r.done));
      return fetched.filter((f): f is Fetched => f !== null);
    },
  };
}

/**
 * Installs (before any page script runs) a watcher that notes performance.now() — milliseconds
 * since navigation start — at the first animation frame after every one of `texts` is in the
 * document and an h1 contains `heading`. Read it with `waitForMark(page, 'load')`.
 */
export async function markWhenVisibleOnLoad(context: BrowserContext, texts: string[], heading: string): Promise<void> {
  await context.addInitScript(installWatcher, { name: 'load', texts, heading, afterClick: false });
}

/** The same watcher on an already open page, started by the next click anywhere in it (capture phase). */
export async function markWhenVisibleAfterClick(
  page: Page,
  name: string,
  texts: string[],
  heading: string,
): Promise<void> {
  await page.evaluate(installWatcher, { name, texts, heading, afterClick: true });
}

/** Resolves with { start, visible } (ms since navigation start) once the watcher has fired. */
export async function waitForMark(
  page: Page,
  name: string,
  timeoutMs = 30_000,
): Promise<{ start: number; visible: number }> {
  const handle = await page.waitForFunction(
    (n) =>
      (window as unknown as { __benchMarks?: Record<string, { start: number; visible?: number }> }).__benchMarks?.[n]
        ?.visible !== undefined && window.__benchMarks![n],
    name,
    {
      timeout: timeoutMs,
      polling: 50,
    },
  );
  return (await handle.jsonValue()) as { start: number; visible: number };
}

declare global {
  interface Window {
    __benchMarks?: Record<string, { start: number; visible?: number }>;
  }
}

/** Runs in the page. Kept self-contained: Playwright serialises it. */
function installWatcher({
  name,
  texts,
  heading,
  afterClick,
}: {
  name: string;
  texts: string[];
  heading: string;
  afterClick: boolean;
}) {
  const marks = (window.__benchMarks ??= {});
  const mark: { start: number; visible?: number } = { start: afterClick ? Number.NaN : 0 };
  let armed = !afterClick;
  let seen = false;
  const visible = () =>
    !!document.body &&
    Array.from(document.querySelectorAll('h1')).some((h) => (h.textContent ?? '').includes(heading)) &&
    texts.every((t) => (document.body.textContent ?? '').includes(t));
  const check = () => {
    if (!armed || seen || !visible()) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => {
      mark.visible = performance.now();
      marks[name] = mark;
    });
  };
  const observer = new MutationObserver(check);
  const observe = () => observer.observe(document, { subtree: true, childList: true, characterData: true });
  if (afterClick) {
    document.addEventListener(
      'click',
      () => {
        mark.start = performance.now();
        armed = true;
        observe();
        check();
      },
      { capture: true, once: true },
    );
  } else {
    observe();
  }
}
