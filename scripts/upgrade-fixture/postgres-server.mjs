// Debian's PostgreSQL (the newest /usr/lib/postgresql/<version>/bin), a throwaway cluster in a temp
// folder on 127.0.0.1 at a free port, trust authentication. As root it runs as the `postgres` user.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin/pg_dump')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`No PostgreSQL under ${base}: apt-get install -y postgresql`);
  return path.join(base, versions[0], 'bin');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program, as the `postgres` user when we are root. */
export function pgRun(bin, program, args, options = {}) {
  const command = path.join(bin, program);
  const asRoot = process.getuid?.() === 0;
  const step = spawnSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    ...options,
  });
  if (step.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${step.stderr}`);
  return step.stdout;
}

export async function startPostgres() {
  const bin = postgresBin();
  const root = mkdtempSync(path.join(os.tmpdir(), 'aide-upgrade-pg-'));
  chmodSync(root, 0o755);
  if (process.getuid?.() === 0) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(root, id('-u'), id('-g'));
  }
  const data = path.join(root, 'data');
  pgRun(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  pgRun(bin, 'pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(root, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    bin,
    port,
    url,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
