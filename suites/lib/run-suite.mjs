// The shared start of the suites outside `npm test` (reliability/, cluster/, deploy/): refuse an old
// Node, check what the suite needs installed, build what it starts, then run its TypeScript entry
// through SWC (apps/api/test/swc-register.cjs) with this process' arguments. Exits with its status.
// `--built` skips the builds: CI built every project before and runs two suites side by side, which
// must not rewrite the build output (the contracts' tsc) while the other reads it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * @param {object} suite
 * @param {string} suite.script the npm script that runs it (named when Node is too old)
 * @param {string} suite.entry the suite's TypeScript file, absolute
 * @param {string[][]} suite.builds `npx` argument lists run in order before it; the first failure stops
 * @param {() => string | undefined} [suite.missing] what is missing on this machine, if anything
 */
export function runSuite({ script, entry, builds, missing }) {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    console.error(
      `Node ${process.versions.node} is running; run through npm (npm run ${script}), which uses the pinned Node 24.`,
    );
    process.exit(1);
  }
  const lacking = missing?.();
  if (lacking) {
    console.error(lacking);
    process.exit(1);
  }
  const built = process.argv.includes('--built');
  for (const args of built ? [] : builds) {
    console.log(`> npx ${args.join(' ')}`);
    const step = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
    if (step.status !== 0) process.exit(step.status ?? 1);
  }
  const register = path.join(root, 'apps/api/test/swc-register.cjs');
  const run = spawnSync(
    process.execPath,
    ['-r', register, entry, ...process.argv.slice(2).filter((arg) => arg !== '--built')],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}

/** The contracts (the API imports their build) and the API, for the suites that start apps/api/dist/main.js. */
export const API_BUILD = [
  ['tsc', '-p', 'libs/contracts/tsconfig.lib.json'],
  ['nx', 'run', '@aide/api:build'],
];
