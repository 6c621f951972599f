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

    return session({
      name: SESSION_COOKIE,
      secret,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_MAX_AGE_MS, path: '/' },
    });
  }

  /**
   * Signs the user in on this request. passport regenerates the session first (a new id, so a
   * session id planted before sign-in is worthless) and saves it before the response goes out.
   */
  start(request: Request, user: User): Promise<void> {
    return new Promise((resolve, reject) => request.logIn(user, (error: unknown) => (error ? reject(error) : resolve())));
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
