import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** How long the remote origins read from the module registry are reused before being read again. */
export const REMOTE_ORIGINS_TTL_MS = 5_000;

/** Where each federated remote's manifest is loaded from (ModuleRegistryService.list() fits). */
export interface ManifestUrlSource {
  list(): Promise<ReadonlyArray<{ manifestUrl: string }>>;
}

/** scheme://host[:port] with a DNS name, IPv4 or bracketed IPv6 host: nothing that could end or split a CSP directive. */
const SAFE_ORIGIN = /^https?:\/\/([a-z0-9_-]+(\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/**
 * The origin of an absolute http(s) manifest URL; undefined for a same-origin path ('/remotes/…'),
 * anything unparsable, or a host the WHATWG parser keeps but a CSP header cannot carry safely
 * (manifestUrl allows e.g. 'http://a;script-src' — its "origin" would inject a directive).
 */
export function originOf(manifestUrl: string): string | undefined {
  if (!/^https?:\/\//i.test(manifestUrl)) return undefined;
  try {
    const { origin } = new URL(manifestUrl);
    return SAFE_ORIGIN.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origins the page may load remote code from: those of the effective manifest URLs
 * (REMOTE_<ID>_URL and the admins' overrides in module_sources), read at most every `ttlMs`, and
 * at once after invalidate() (an admin changed a module's source). A read that fails keeps the
 * last known list, so a database hiccup does not take the headers (or the request) down.
 */
export class RemoteOriginsCache {
  private origins: string[] = [];
  private readAt = -Infinity;
  private generation = 0;
  private pending: Promise<string[]> | undefined;

  constructor(
    private readonly source: ManifestUrlSource,
    private readonly ttlMs = REMOTE_ORIGINS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The next get() reads the registry again; a read already under way is not stored. */
  invalidate(): void {
    this.generation += 1;
    this.readAt = -Infinity;
    this.pending = undefined;
  }

  async get(): Promise<string[]> {
    if (this.now() - this.readAt < this.ttlMs) return this.origins;
    this.pending ??= this.read();
    return this.pending;
  }

  private async read(): Promise<string[]> {
    const generation = this.generation;
    try {
      const entries = await this.source.list();
      const origins = [
        ...new Set(entries.map((entry) => originOf(entry.manifestUrl)).filter((o): o is string => o !== undefined)),
      ].sort();
      if (generation === this.generation) {
        this.origins = origins;
        this.readAt = this.now();
        this.pending = undefined;
      }
      return origins;
    } catch (error) {
      new Logger('SecurityHeaders').warn(
        `Could not read the remote origins for the CSP; keeping the last known: ${String(error)}`,
      );
      if (generation === this.generation) this.pending = undefined;
      return this.origins;
    }
  }
}

/**
 * 'sha256-…' sources for the inline <script> elements (no src) of an HTML page, so a build that
 * inlines a bootstrap script keeps working without 'unsafe-inline' for scripts.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The hashes of the inline scripts of the shell's index.html, or none when it is not there. */
export function inlineScriptHashesOf(indexHtmlPath: string): string[] {
  return existsSync(indexHtmlPath) ? inlineScriptHashes(readFileSync(indexHtmlPath, 'utf8')) : [];
}

export interface SecurityHeadersOptions {
  remoteOrigins: RemoteOriginsCache;
  /** Extra script-src sources, e.g. the inline-script hashes of the shell's index.html. */
  scriptHashes?: readonly string[];
}

const REMOTE_ORIGINS_LOCAL = 'aideRemoteOrigins';

/** One CSP source-list entry holding the remote origins this response was computed with. */
function remoteSources(_request: IncomingMessage, response: ServerResponse): string {
  const origins = (response as Response).locals?.[REMOTE_ORIGINS_LOCAL] as string[] | undefined;
  return origins?.join(' ') ?? '';
}

/** The directives, with the remote origins filled in per response. Exported for the unit test. */
export function cspDirectives(scriptHashes: readonly string[] = []) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, remoteSources],
    'script-src-attr': ["'none'"],
    // The manifest and any chunk the federation runtime fetches.
    'connect-src': ["'self'", remoteSources],
    // antd's CSS-in-JS writes <style> elements at run time; a remote may also ship CSS files.
    'style-src': ["'self'", "'unsafe-inline'", remoteSources],
    'img-src': ["'self'", 'data:', 'https:', remoteSources],
    'font-src': ["'self'", 'data:', remoteSources],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Helmet with Aide's policy on every response (pages, assets and JSON alike): nosniff,
 * X-Frame-Options DENY plus frame-ancestors 'none', Referrer-Policy strict-origin-when-cross-origin
 * (not no-referrer: with that, browsers send `Origin: null` on same-origin POSTs, which the CSRF
 * check would refuse), HSTS (browsers ignore it over plain http), and a CSP allowing 'self' plus
 * the origins of the configured remote manifests. No upgrade-insecure-requests: a remote may be
 * served over http on a LAN or loopback.
 *
 * A PATCH under /api/admin/modules invalidates the origins once it has answered, so the next page
 * load may already use the new remote.
 */
export function securityHeaders({ remoteOrigins, scriptHashes = [] }: SecurityHeadersOptions): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(scriptHashes) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
  });

  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method === 'PATCH' && request.path.startsWith('/api/admin/modules/')) {
      response.once('finish', () => remoteOrigins.invalidate());
    }
    remoteOrigins.get().then(
      (origins) => {
        response.locals[REMOTE_ORIGINS_LOCAL] = origins;
        headers(request, response, next);
      },
      (error: unknown) => next(error),
    );
  };
}
