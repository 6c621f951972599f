#!/usr/bin/env node
// `npm test`: every test — unit, API integration against a real PostgreSQL, and Playwright
// end-to-end in Chromium against the production build — then one closing count line.
import './supported-node.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { findChromium, INSTALL_HINT } = require('./find-chromium.cjs');

const chromium = findChromium();
if (!chromium) {
  console.error(INSTALL_HINT);
  process.exit(1);
}

const results = path.join(root, 'tmp', 'test-results');
fs.rmSync(results, { recursive: true, force: true });

const run = (args) =>
  spawnSync('npx', ['nx', ...args, '--outputStyle=stream'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, NX_DAEMON: 'false' },
  }).status ?? 1;

const started = Date.now();
const unitStatus = run(['run-many', '-t', 'test']);
const unitSeconds = Math.round((Date.now() - started) / 1000);
const e2eStatus = run(['run', '@aide/e2e:e2e']);

let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
for (const file of fs.existsSync(results) ? fs.readdirSync(results) : []) {
  const r = JSON.parse(fs.readFileSync(path.join(results, file), 'utf8'));
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
  failures.push(...(r.failures ?? []));
}
// A runner that crashed before reporting still fails the run.
if ((unitStatus !== 0 || e2eStatus !== 0) && failed === 0) failed = 1;

const seconds = Math.round((Date.now() - started) / 1000);
// Per phase, so a CI log shows which one a slower run spent its time in.
console.log(
  `\nAll tests finished in ${seconds} s (unit and API ${unitSeconds} s, end-to-end ${seconds - unitSeconds} s)`,
);
if (failures.length) console.log(`Failed:\n${failures.map((f) => `  ✕ ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unitStatus || e2eStatus);
