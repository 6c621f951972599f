#!/usr/bin/env node
// `npm run bench -- <name>`: runs bench/<name>.bench.ts (e.g. dashboard). Not part of `npm test`:
// a benchmark seeds large data sets and takes minutes, and its numbers depend on the machine.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const available = fs.readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace(/\.bench\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <${available.join('|')}>`);
  process.exit(2);
}
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node} is running; run through npm (npm run bench), which uses the pinned Node 24.`);
  process.exit(1);
}

// The API resolves @aide/contracts to its build, as in production.
const build = spawnSync('npx', ['tsc', '-p', 'libs/contracts/tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const register = path.join(root, 'apps/api/test/swc-register.cjs');
const run = spawnSync(process.execPath, ['-r', register, path.join(import.meta.dirname, `${name}.bench.ts`), ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
