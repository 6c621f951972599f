#!/usr/bin/env node
// `npm run test:deploy`: the production deployment's proxy and image checks (deploy/test.ts).
// Builds everything first (the staged image holds the shell and the remotes), then runs Debian's
// Caddy with deploy/Caddyfile in front of two API processes started from the staged image folder.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Node ${process.versions.node} is running; run through npm (npm run test:deploy), which uses the pinned Node 24.`,
  );
  process.exit(1);
}
const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
if (caddy.error || caddy.status !== 0) {
  console.error('caddy is not installed: apt-get install -y caddy (Debian 12 ships Caddy 2.6)');
  process.exit(1);
}
for (const args of [['nx', 'run-many', '-t', 'build', '--outputStyle=static']]) {
  console.log(`> npx ${args.join(' ')}`);
  const step = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
const register = path.join(root, 'apps/api/test/swc-register.cjs');
const run = spawnSync(
  process.execPath,
  ['-r', register, path.join(import.meta.dirname, 'test.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
