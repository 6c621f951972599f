#!/usr/bin/env node
// `npm run test:cluster`: the cluster suite (cluster/cluster.ts). Not part of `npm test`: it starts
// Debian's PostgreSQL 15, two API processes, a worker process, a round-robin proxy, s3rver, Dovecot,
// Radicale and Chromium, and waits for minute-granular schedules. Builds the contracts and the API
// first, because the suite starts the real built server (apps/api/dist/main.js) as child processes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Node ${process.versions.node} is running; run through npm (npm run test:cluster), which uses the pinned Node 24.`,
  );
  process.exit(1);
}
for (const args of [
  ['tsc', '-p', 'libs/contracts/tsconfig.lib.json'],
  ['nx', 'run', '@aide/api:build'],
]) {
  console.log(`> npx ${args.join(' ')}`);
  const step = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
const register = path.join(root, 'apps/api/test/swc-register.cjs');
const run = spawnSync(
  process.execPath,
  ['-r', register, path.join(import.meta.dirname, 'cluster.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
