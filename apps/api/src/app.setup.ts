import path from 'node:path';
import { type INestApplicationContext, type LogLevel } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express from 'express';
import passport from 'passport';
import { AppModule } from './app.module';
import { SessionService } from './auth/session.service';
import { setUpApiDocs } from './common/api-docs';
import { noStoreUnderApi } from './common/no-store.middleware';
import { csrfOriginCheck } from './common/csrf-origin.middleware';
import { forwardedHeadersWarning } from './common/forwarded-headers.middleware';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { LocalizeMessagesInterceptor } from './common/localize-messages.interceptor';
import { REPO_ROOT } from './common/repo-root.util';
import { requestLogger } from './common/request-logger.middleware';
import { inlineScriptHashesOf, RemoteOriginsCache, securityHeaders } from './common/security-headers';
import { apiDocsMode, type Env } from './config/env.schema';
import { BuiltInModuleDescriptions } from './module-registry/built-in-descriptions';
import { serveFrontends } from './frontends/serve-frontends';
import { MetricsService } from './metrics/metrics.service';
import { ModuleRegistryService } from './module-registry/module-registry.service';
import { REGISTERED_MODULES } from './module-registry/registered-modules';
import { COLLECT_PATH } from './websites/analytics/collect.controller';
import { DIGEST_UNSUBSCRIBE_PATH } from './digest/digest.service';

export const JSON_BODY_LIMIT = '1mb';

export interface ConfigureAppOptions {
  /** Where apps/shell/dist and apps/mf-<id>/dist are looked up; the repository root by default. */
  frontendsRoot?: string;
}

/**
 * Everything main.ts and the tests share, in request order: the forwarded-headers warning
 * (TRUST_PROXY off), request log, security headers (helmet; CSP allowing the remotes' origins),
 * the cross-site check on every state-changing call, gzip, static frontends, JSON body (1 MB), session, passport,
 * then the controllers; one filter shapes every error; OpenAPI docs at /api/docs as API_DOCS says.
 */
export async function configureApp(
  app: NestExpressApplication,
  options: ConfigureAppOptions = {},
): Promise<NestExpressApplication> {
  const config = app.get<ConfigService<Env, true>>(ConfigService);

  const trustProxy = config.get('TRUST_PROXY', { infer: true });
  app.set('trust proxy', trustProxy ? 1 : false);
  app.disable('x-powered-by');
  // No ETag computed from every answer's body (a SHA-1 of each JSON reply, 1–2 % of a request's CPU):
  // answers under /api are no-store, so no browser ever revalidates one. What is revalidated sets
  // its own (the tracking script, the calendar feed), and Express still answers 304 to those; the
  // shell's index.html is revalidated by its Last-Modified, which is what its ETag was made of.
  app.set('etag', false);
  app.useGlobalFilters(new HttpExceptionFilter());
  // Errors (the filter) and `{ message }` answers in the request's Accept-Language; English by default.
  app.useGlobalInterceptors(new LocalizeMessagesInterceptor());

  // Prometheus' request figures (GET /metrics, METRICS_TOKEN): first, so every answer is timed whole.
  const metrics = app.get(MetricsService);
  if (metrics.enabled) app.use(metrics.middleware());

  // Forwarded headers while not trusting them: warn once that the deployment likely needs TRUST_PROXY=true.
  if (!trustProxy) app.use(forwardedHeadersWarning());
  if (config.get('LOG_REQUESTS', { infer: true })) app.use(requestLogger());
  const frontendsRoot = options.frontendsRoot ?? REPO_ROOT;
  const serveFrontendsToo = config.get('SERVE_FRONTENDS', { infer: true });
  app.use(
    securityHeaders({
      remoteOrigins: new RemoteOriginsCache(app.get(ModuleRegistryService)),
      scriptHashes: serveFrontendsToo
        ? inlineScriptHashesOf(path.join(frontendsRoot, 'apps/shell/dist/index.html'))
        : [],
    }),
  );
  // Answers under /api are per user: no browser or proxy may keep them (routes may say otherwise).
  app.use(noStoreUnderApi());
  // The websites' tracking collector is posted to from other sites; it reads no session (see SECURITY.md).
  // The digest's one-click unsubscribe is posted by mail providers; its signed token, not a session, says who.
  app.use(
    csrfOriginCheck({
      publicUrl: config.get('PUBLIC_URL', { infer: true }),
      crossSitePaths: [COLLECT_PATH, DIGEST_UNSUBSCRIBE_PATH],
    }),
  );
  // gzip for JSON and the pages. The frontends' scripts and styles under static/ go out as the build's
  // own brotli or gzip copies (frontends/precompressed.ts), which this middleware leaves as they are.
  app.use(compression());
  if (serveFrontendsToo) {
    serveFrontends(app, { root: frontendsRoot, moduleIds: REGISTERED_MODULES.map((m) => m.id) });
    app.get(BuiltInModuleDescriptions).serveFrom(frontendsRoot);
  }

  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  const sessions = app.get(SessionService);
  app.use(await sessions.middleware());
  app.use(passport.initialize());
  // passport.session(), with the user (and the toggles) the session lookup already read.
  app.use(sessions.signedInUser());

  setUpApiDocs(
    app,
    apiDocsMode({
      API_DOCS: config.get('API_DOCS', { infer: true }),
      NODE_ENV: config.get('NODE_ENV', { infer: true }),
    }),
  );
  return app;
}

/**
 * An Express instance that routes case-sensitively and strictly: '/API/tasks', '/api/tasks/' and
 * '/api//tasks' are 404, so every path-based rule (CSRF, log redaction, docs access, static
 * serving) has one spelling to match. Express reads both settings once, when its router is
 * created, and Nest's adapter creates it in its constructor: they must be set before.
 */
export function strictExpress(): express.Express {
  const instance = express();
  instance.set('case sensitive routing', true);
  instance.set('strict routing', true);
  return instance;
}

/**
 * Creates and configures the app for a validated environment whose DATABASE_URL is set.
 * Nest's default body parsers are off: only JSON is accepted (no url-encoded forms).
 */
export async function createApp(
  env: Env,
  options: ConfigureAppOptions & { logger?: LogLevel[] | false } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(env),
    new ExpressAdapter(strictExpress()),
    {
      bodyParser: false,
      // Keep-alive connections must not hold up a shutdown.
      forceCloseConnections: true,
      ...(options.logger !== undefined && { logger: options.logger }),
    },
  );
  return configureApp(app, options);
}

/**
 * A worker-only process (AIDE_PROCESS=worker or --worker): the same modules without the HTTP
 * listener, running only the background-job workers, so they scale apart from the API (same image).
 */
export async function createWorker(
  env: Env,
  options: { logger?: LogLevel[] | false } = {},
): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(AppModule.forRoot({ ...env, JOBS_WORKERS: true }), {
    ...(options.logger !== undefined && { logger: options.logger }),
  });
}
