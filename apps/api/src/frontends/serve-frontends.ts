import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { dashboardEndpoints, moduleRegistryEndpoints, profileEndpoints } from '@aide/contracts';
import express, { type NextFunction, type Request, type Response } from 'express';
import { SESSION_COOKIE } from '../auth/session.service';
import { canonicalPath, isUnderPath } from '../common/canonical-path';
import { precompressed } from './precompressed';
import { remotePreloads } from './remote-preloads';

export interface FrontendsOptions {
  /** The repository root holding apps/shell/dist and apps/mf-<id>/dist. */
  root: string;
  /** Module ids whose remotes are served at /remotes/<id>/. */
  moduleIds: readonly string[];
}

/** Entry points a new build replaces in place: browsers must revalidate them every time. */
// aide-module.json (a remote's routes, nav and widgets as data) changes under the same name with each build.
const ALWAYS_REVALIDATE = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'aide-module.json']);
/**
 * Build reports written beside the assets that no browser loads and that carry the build machine's
 * absolute paths: Module Federation's full stats (the runtime reads mf-manifest.json) and our
 * chunk report and chunk graph (read from disk by the front-end benchmark and the size budgets).
 * Never served, in any spelling.
 */
export const BUILD_METADATA_FILES: ReadonlySet<string> = new Set([
  'mf-stats.json',
  'chunk-contents.json',
  'chunk-graph.json',
]);
const isBuildMetadata = (urlPath: string) => BUILD_METADATA_FILES.has(path.posix.basename(canonicalPath(urlPath)));
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The `<link rel="preload">` hints of the shell's index.html (the first screen's chunks, see
 * FIRST_SCREEN_CHUNKS in libs/module-kit/build/federation.ts) as Link header values, so the
 * browser (or a proxy turning them into 103 Early Hints) can fetch them before parsing the page.
 * Re-read when index.html changes: a new shell build replaces it in place.
 */
export function preloadLinks(indexHtml: string): () => string[] {
  let seen: { mtimeMs: number; links: string[] } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexHtml).mtimeMs;
    } catch {
      return [];
    }
    if (seen?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexHtml, 'utf8');
      const links = [...html.matchAll(/<link\b[^>]*>/g)].flatMap(([tag]) => {
        const attribute = (name: string) => new RegExp(`\\s${name}=["']?([^"'\\s>]+)`).exec(tag)?.[1];
        const href = attribute('href');
        const as = attribute('as');
        if (attribute('rel') !== 'preload' || !href || !as || !/^[\w./-]+$/.test(href)) return [];
        // The credentials mode must match the page's own request, or the browser fetches twice:
        // 'use-credentials' is kept as such, any other crossorigin is the anonymous one.
        const crossorigin = /\scrossorigin\b/.test(tag)
          ? attribute('crossorigin') === 'use-credentials'
            ? '; crossorigin=use-credentials'
            : '; crossorigin'
          : '';
        return [`<${href}>; rel=preload; as=${as}${crossorigin}`];
      });
      seen = { mtimeMs, links };
    }
    return seen.links;
  };
}

const fetchPreload = (href: string) => `<${href}>; rel=preload; as=fetch; crossorigin=use-credentials`;
/**
 * The module registry's two answers, which a signed-in first screen waits on right after the
 * sign-in check, and the profile, whose language and time zone every screen writes in (the shell
 * asks for it beside the registry). Preloaded only for a browser that sends a session cookie:
 * index.html cannot know, and a signed-out visitor would get 401s (and console errors) for
 * nothing. A stale cookie costs the same 401s the shell's own requests would have met.
 */
const SIGNED_IN_PRELOADS = [
  moduleRegistryEndpoints.list.path,
  moduleRegistryEndpoints.locked.path,
  profileEndpoints.get.path,
].map(fetchPreload);
/**
 * On '/', the dashboard's one answer too: its cards ask for it only once their code has come from
 * several remotes, so asked for with the page it is there when they are.
 */
const DASHBOARD_PRELOAD = fetchPreload(dashboardEndpoints.get.path);
const hasSessionCookie = (request: Request) =>
  (request.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));

/** Where a page load's Link values come from: index.html's hints, and the remote entries of each page's first screen. */
interface PageLinks {
  shell: () => string[];
  remotes: (page: string) => string[];
}

/**
 * The Link values for a page load: index.html's hints, and when signed in the registry's (and the
 * dashboard's on '/') and the entry scripts of the remotes the page shows. The entries are those of
 * the builds this API serves, whatever the user's plan or an admin's override of a module's source:
 * a hint that goes unused costs a few kilobytes, and reading the session here would delay every page.
 */
function linksFor(request: Request, links: PageLinks): string[] {
  if (!hasSessionCookie(request)) return links.shell();
  const requested = canonicalPath(request.path);
  const page = requested === '/index.html' ? '/' : requested;
  const dashboard = page === '/' ? [DASHBOARD_PRELOAD] : [];
  return [...links.shell(), ...SIGNED_IN_PRELOADS, ...dashboard, ...links.remotes(page)];
}

/** Whether a request path, in whatever spelling, is below a prefix ('/API//tasks' is under '/api'). */
const isUnder = (prefix: string, urlPath: string) => isUnderPath(prefix, canonicalPath(urlPath));

function staticFrom(dist: string, links?: PageLinks) {
  const serve = express.static(dist, {
    index: 'index.html',
    setHeaders(response, filePath) {
      const relative = path.relative(dist, filePath);
      if (links && relative === 'index.html') setLinks(response, linksFor(response.req, links));
      if (ALWAYS_REVALIDATE.has(path.basename(filePath))) response.setHeader('Cache-Control', NO_CACHE);
      // Rsbuild puts content-hashed files under static/; their URL changes whenever they do.
      else if (relative.split(path.sep)[0] === 'static') response.setHeader('Cache-Control', IMMUTABLE);
    },
  });
  // The build's brotli and gzip copies of static/'s scripts and styles, when the browser takes one.
  const copies = precompressed(dist, { 'Cache-Control': IMMUTABLE });
  return (request: Request, response: Response, next: NextFunction) => {
    if (isBuildMetadata(request.path)) return next();
    copies(request, response, (error?: unknown) => (error ? next(error) : serve(request, response, next)));
  };
}

/**
 * Serves the production build on the API's port: the shell at /, each remote at /remotes/<id>/.
 * A new remote build goes live without rebuilding the shell, because the shell reads each
 * remote's manifest at runtime and manifests are never cached. Other GETs for HTML outside
 * /api and /remotes get the shell's index.html, so client-side routes survive a reload.
 */
export function serveFrontends(app: NestExpressApplication, { root, moduleIds }: FrontendsOptions): void {
  const shellDist = path.join(root, 'apps/shell/dist');
  const shellIndex = path.join(shellDist, 'index.html');
  if (!existsSync(shellIndex)) {
    new Logger('Frontends').warn(`${shellIndex} is missing; build the shell (npm run build) to serve it`);
  }

  for (const id of moduleIds) app.use(`/remotes/${id}`, staticFrom(path.join(root, `apps/mf-${id}/dist`)));
  app.use('/remotes', (_request: Request, response: Response) => {
    response.status(404).json({ message: 'Not found' });
  });

  // A shell built without Module Federation (the bench's monolith) loads no remote: no hints for them.
  const federated = () => existsSync(path.join(shellDist, 'mf-manifest.json'));
  const remotes = remotePreloads(root, moduleIds);
  const links: PageLinks = { shell: preloadLinks(shellIndex), remotes: (page) => (federated() ? remotes(page) : []) };
  const shell = staticFrom(shellDist, links);
  // Case-sensitive routing sends '/REMOTES/…' past the mounts above: it is not the shell's either.
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (isUnder('/api', request.path) || isUnder('/remotes', request.path)) return next();
    sendEarlyHints(request, response, links);
    shell(request, response, next);
  });

  app.use((request: Request, response: Response, next: NextFunction) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    if (
      !isRead ||
      !wantsPage ||
      isUnder('/api', request.path) ||
      isUnder('/remotes', request.path) ||
      isBuildMetadata(request.path)
    )
      return next();
    setLinks(response, linksFor(request, links));
    response.sendFile(shellIndex, { headers: { 'Cache-Control': NO_CACHE } }, (error) => error && next(error));
  });
}

function setLinks(response: Response, links: string[]) {
  if (links.length) response.setHeader('Link', links.join(', '));
}

/**
 * 103 Early Hints for a browser's page load (Sec-Fetch-Dest: document, which only browsers that
 * understand 1xx answers send): the first screen's chunks start while the server is still
 * answering. Chromium acts on them over HTTP/2 and later, e.g. from Caddy, which forwards them.
 */
function sendEarlyHints(request: Request, response: Response, links: PageLinks) {
  if (request.method !== 'GET' || request.headers['sec-fetch-dest'] !== 'document') return;
  if (path.posix.extname(request.path) && request.path !== '/index.html') return;
  const hints = linksFor(request, links);
  if (hints.length) response.writeEarlyHints({ link: hints });
}
