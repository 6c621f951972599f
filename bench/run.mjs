#!/usr/bin/env node
// `npm run bench`: every benchmark (build, then frontend, then api, then email-sync, then documents, then collect), each in a child process; prints
// their tables and writes BENCHMARKS.md at the repository root; exits non-zero when a bench failed
// (its own exit code, a broken budget or a failed check).
// `npm run bench -- <name> [flags]`: runs bench/<name>.bench.ts alone (e.g. api --profile; email for email-sync).
// Not part of `npm test`: the benches build, seed large data sets and take minutes, and their
// numbers depend on the machine.
import '../scripts/supported-node.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// After the Node check, as everything that is not a Node built-in.
const { renderMarkdown, renderText, benchTitle } = await import('./lib/markdown.mjs');

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(import.meta.dirname, 'results');
const available = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
/** Short names: `npm run bench -- email` runs bench/email-sync.bench.ts. */
const ALIASES = { email: 'email-sync' };
/**
 * What `npm run bench` runs, in order: the build first (it leaves every project freshly built and
 * the Nx cache warm), then the front end (its own build step is then Nx cache hits plus the
 * monolith build, which no Nx target makes), then the API, then the email sync, then documents. `dashboard` (sequential latency, older
 * result shape) runs by name only: the api bench measures GET /api/dashboard under load.
 */
const DEFAULT = [
  { name: 'build', args: [] },
  { name: 'frontend', args: [] },
  { name: 'api', args: [] },
  { name: 'email-sync', args: [] },
  { name: 'documents', args: [] },
  { name: 'collect', args: [] },
];
/** The issue's limit on a whole run. */
const TOTAL_BUDGET_MS = 10 * 60_000;

const name = ALIASES[process.argv[2]] ?? process.argv[2];
if (name !== undefined && !available.includes(name)) {
  console.error(
    `Usage: npm run bench                   (all: ${DEFAULT.map((b) => b.name).join(', ')}; writes BENCHMARKS.md)\n       npm run bench -- <${[...available, ...Object.keys(ALIASES)].join('|')}> [flags]`,
  );
  process.exit(2);
}

// The API (and the benches that start it in-process) resolve @aide/contracts to its build, as in production.
const contracts = spawnSync('npx', ['tsc', '-p', 'libs/contracts/tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
if (contracts.status !== 0) process.exit(contracts.status ?? 1);

const register = path.join(root, 'apps/api/test/swc-register.cjs');
const runBench = (bench, args) =>
  spawnSync(process.execPath, ['-r', register, path.join(import.meta.dirname, `${bench}.bench.ts`), ...args], {
    cwd: root,
    stdio: 'inherit',
  }).status;

if (name !== undefined) process.exit(runBench(name, process.argv.slice(3)) ?? 1);

// ---- All of them ----
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const gitInfo = () => {
  try {
    // BENCHMARKS.md is what this run rewrites: a previous run's copy does not make the tree dirty.
    const changes = git('status', '--porcelain', '--untracked-files=normal')
      .split('\n')
      .filter((l) => l && !l.endsWith(' BENCHMARKS.md'));
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      branch: git('rev-parse', '--abbrev-ref', 'HEAD'),
      dirty: changes.length > 0,
    };
  } catch {
    return { commit: 'unknown (not a git checkout)', dirty: false };
  }
};
const machine = () => {
  let osName = `${os.type()} ${os.release()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(fs.readFileSync('/etc/os-release', 'utf8'));
    if (pretty) osName = `${pretty[1]}, kernel ${os.release()}`;
  } catch {
    // No /etc/os-release (not Linux): os.type() and the release say enough.
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${osName} (${os.arch()})`,
    node: process.versions.node,
    load: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' / '),
  };
};

const started = new Date();
const runInfo = { started: started.toISOString(), git: gitInfo(), machine: machine() };
const benches = [];
const failures = [];
const skipped = [];
for (const { name: bench, args } of DEFAULT) {
  if (!available.includes(bench)) {
    console.log(`\n=== ${bench}: bench/${bench}.bench.ts does not exist, skipped`);
    skipped.push(bench);
    continue;
  }
  console.log(`\n=== ${bench} (npm run bench -- ${[bench, ...args].join(' ')})\n`);
  const benchStarted = Date.now();
  const status = runBench(bench, args);
  const durationMs = Date.now() - benchStarted;
  // Only a result this run wrote counts; bench/results/ may hold an older one.
  let result;
  const file = path.join(resultsDir, `${bench}.json`);
  try {
    const read = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (Date.parse(read.date) >= benchStarted) result = read;
  } catch {
    // No result file, or an unreadable one: judged as missing just below.
  }
  if (status !== 0 && (!result || result.failures.length === 0))
    failures.push(
      `${benchTitle(bench)}: \`npm run bench -- ${bench}\` exited ${status ?? 'killed'}${result ? '' : ' without writing its result'}`,
    );
  else if (status === 0 && !result)
    failures.push(`${benchTitle(bench)}: exited 0 but wrote no bench/results/${bench}.json in this run`);
  if (result)
    failures.push(
      ...result.failures.map((f) => (f.startsWith(`${benchTitle(bench)}`) ? f : `${benchTitle(bench)}: ${f}`)),
    );
  benches.push({ name: bench, args, status, durationMs, result });
}
const totalMs = Date.now() - started.getTime();

console.log(`\n=== Summary (${Math.round(totalMs / 1000)} s)`);
for (const bench of benches) {
  console.log(
    `\n## ${benchTitle(bench.name)} (${Math.round(bench.durationMs / 1000)} s, exit ${bench.status ?? 'killed'})`,
  );
  console.log(bench.result ? renderText(bench.result) : '  no result');
}
if (totalMs > TOTAL_BUDGET_MS)
  console.log(`\nThe run took ${Math.round(totalMs / 1000)} s, over the ${TOTAL_BUDGET_MS / 60_000} min target.`);
fs.writeFileSync(
  path.join(root, 'BENCHMARKS.md'),
  renderMarkdown({ ...runInfo, benches, skipped, totalMs, failures, budgetMs: TOTAL_BUDGET_MS }),
);
console.log(
  failures.length
    ? `\n${failures.length} failure(s):\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`
    : '\n✓ No budget broken, every check held.',
);
console.log('Wrote BENCHMARKS.md');
process.exit(failures.length ? 1 : 0);
