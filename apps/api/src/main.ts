// First of all: under a Node outside package.json's "engines", a module below (argon2's native
// addon) crashes the process without a word (SIGSEGV on Node 20); this says which Node to use.
import './supported-node';
import 'reflect-metadata';
import type { Server } from 'node:http';
import path from 'node:path';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { createApp, createWorker } from './app.setup';
import { settingsEveryInstanceNeeds } from './common/per-instance-state';
import { releaseStartupMemory } from './common/startup-memory';
import { readOrCreateSecret } from './common/secret-file.util';
import { type Env, parseEnv, rateLimitStoreOf } from './config/env.schema';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';
import { isWorkerProcess } from './jobs/worker-mode';

const logger = new Logger('Main');

/** DATABASE_URL when set; otherwise a real Postgres embedded in DATA_DIR/postgres, database 'aide'. */
async function resolveDatabase(env: Env): Promise<EmbeddedDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  const dataDir = path.join(env.DATA_DIR, 'postgres');
  logger.log(`DATABASE_URL is not set: starting embedded Postgres in ${dataDir}`);
  const pgLog = new Logger('Postgres');
  return startEmbeddedPostgres({
    dataDir,
    password: await readOrCreateSecret(path.join(env.DATA_DIR, 'postgres-password')),
    database: 'aide',
    // Postgres' own output is kept quiet except real problems (shutdown closes connections on purpose).
    onLog: (line) => {
      if (/\b(ERROR|FATAL|PANIC):/.test(line) && !line.includes('due to administrator command')) pgLog.warn(line);
    },
  });
}

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const workerOnly = isWorkerProcess(env);
  // A worker with an embedded Postgres of its own would never see the API's jobs.
  if (workerOnly && !env.DATABASE_URL)
    throw new Error('Worker-only mode needs DATABASE_URL: the database the API enqueues jobs in');
  const perInstance = settingsEveryInstanceNeeds(env);
  if (perInstance.length > 0) {
    logger.warn(
      `Before running more than one instance on this database, give every instance the same ${perInstance.join(', ')}, or share DATA_DIR between them (see DEPLOYMENT.md, Scaling)`,
    );
  }
  // Decided before DATABASE_URL is filled in with the embedded database's address.
  env.RATE_LIMIT_STORE = rateLimitStoreOf(env);
  const database = await resolveDatabase(env);

  let app: INestApplicationContext;
  try {
    if (workerOnly) {
      app = await createWorker({ ...env, DATABASE_URL: database.url });
      releaseStartupMemory();
    } else {
      const http = await createApp({ ...env, DATABASE_URL: database.url });
      // Clients and proxies close idle keep-alive connections first (load balancers at 60 s): a
      // server closing at Node's default 5 s races a request sent on that socket (ECONNRESET).
      const server = http.getHttpServer() as Server;
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
      // Before listening, so that no request waits on its collection.
      releaseStartupMemory();
      await http.listen(env.PORT);
      app = http;
    }
  } catch (error) {
    await database.stop();
    throw error;
  }
  logger.log(
    workerOnly
      ? 'Aide worker is running background jobs (no HTTP listener)'
      : `Aide is listening on http://localhost:${env.PORT}`,
  );

  // Close in order: stop taking requests and jobs (running ones get a grace period), close the pools, then stop Postgres.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received, shutting down`);
    try {
      await app.close();
    } finally {
      await database.stop();
    }
    if (!env.DATABASE_URL) logger.log('Embedded Postgres stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (s) => void shutdown(s));
}

main().catch((error: unknown) => {
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
