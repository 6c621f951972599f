import path from 'node:path';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import connectPgSimple from 'connect-pg-simple';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { Pool } from 'pg';
import { readOrCreateSecret } from '../common/secret-file.util';
import type { Env } from '../config/env.schema';
import type { User } from '../users/user.entity';

export const SESSION_COOKIE = 'aide.sid';
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often (one store write a minute, not one a request). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** What the sessions list shows of a session, kept in the session itself. */
export interface SessionDevice {
  userAgent?: string;
  ip?: string;
  createdAt: string;
  lastSeenAt: string;
}

declare module 'express-session' {
  interface SessionData {
    device?: SessionDevice;
    passport?: { user?: unknown };
  }
}

/**
 * Server-side sessions in Postgres (table "session", created by a migration). The cookie is
 * httpOnly, SameSite=Lax, Secure whenever the request came over HTTPS (with TRUST_PROXY behind a TLS proxy), and
 * its 30 days restart on every response.
 */
@Injectable()
export class SessionService implements OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private pool?: Pool;
  private store?: connectPgSimple.PGStore;

  constructor(private readonly config: ConfigService<Env, true>) {}

  async middleware(): Promise<RequestHandler> {
    const databaseUrl = this.config.get('DATABASE_URL', { infer: true });
    if (!databaseUrl) throw new Error('DATABASE_URL is not set');
    const secret =
      this.config.get('SESSION_SECRET', { infer: true }) ??
      (await readOrCreateSecret(path.join(this.config.get('DATA_DIR', { infer: true }), 'session-secret')));

    this.pool = new Pool({ connectionString: databaseUrl, max: 5, application_name: 'aide-api-sessions' });
    this.pool.on('error', (error) => this.logger.warn(`Idle session connection failed: ${error.message}`));
    const PgStore = connectPgSimple(session);
    this.store = new PgStore({
      pool: this.pool,
      tableName: 'session',
      createTableIfMissing: false,
      errorLog: (...args: unknown[]) => this.logger.error(args.map(String).join(' ')),
    });

    const sessions = session({
      name: SESSION_COOKIE,
      secret,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS, path: '/' },
    });
    return (request, response, next) =>
      sessions(request, response, (error?: unknown) => {
        if (error) return next(error);
        this.touchLastSeen(request).then(() => next(), next);
      });
  }

  /**
   * Records that a signed-in session was used, at most once every LAST_SEEN_EVERY_MS. Written in
   * place (UPDATE), never through the store's set (an upsert), so a request in flight cannot bring
   * back a session that was signed out meanwhile; the session object itself stays unmodified.
   */
  private async touchLastSeen(request: Request): Promise<void> {
    const device = request.session?.device;
    if (!device || request.session.passport?.user === undefined) return;
    const now = Date.now();
    if (now - Date.parse(device.lastSeenAt) < LAST_SEEN_EVERY_MS) return;
    await this.pool
      ?.query(
        `UPDATE session SET sess = jsonb_set(jsonb_set(sess::jsonb, '{device,lastSeenAt}', to_jsonb($2::text)), '{device,ip}', to_jsonb($3::text))::json WHERE sid = $1`,
        [request.sessionID, new Date(now).toISOString(), request.ip ?? ''],
      )
      .catch((error: Error) => this.logger.warn(`Could not record a session's last-seen time: ${error.message}`));
  }

  /**
   * Signs the user in on this request. passport regenerates the session first (a new id, so a
   * session id planted before sign-in is worthless) and saves it before the response goes out.
   */
  start(request: Request, user: User): Promise<void> {
    return startSession(request, user);
  }

  /** Destroys the server-side session and clears its cookie. */
  end(request: Request, response: Response): Promise<void> {
    response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.secure });
    return new Promise((resolve, reject) => {
      if (!request.session) return resolve();
      request.session.destroy((error: unknown) => (error ? reject(error) : resolve()));
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.store?.close();
    await this.pool?.end();
  }
}

/**
 * Signs the user in on this request (passport regenerates the session id first) and records the
 * device for the owner's sessions list (Profile → Security); saved with the response.
 */
export async function startSession(request: Request, user: User): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    request.logIn(user, (error: unknown) => (error ? reject(error) : resolve())),
  );
  const now = new Date().toISOString();
  request.session.device = {
    userAgent: request.get('user-agent')?.slice(0, 512),
    ip: request.ip,
    createdAt: now,
    lastSeenAt: now,
  };
}
