/**
 * Build times (npm run bench -- build [--rounds=N]):
 *  - cold (Nx cache skipped, `--skip-nx-cache`): `nx run <remote>:build` (one remote alone, with the
 *    libraries it depends on that have a build, as `nx build` runs them) against
 *    `nx run-many -t build` (the whole workspace), alternating which goes first round by round;
 *    min/median/max seconds of each and the paired ratio remote/whole (median of per-round ratios);
 *  - a rebuild with the Nx cache warm (`nx run-many -t build`, nothing changed): once per round,
 *    after that round's cold builds; min/median/max and the paired ratio warm/cold whole. Every task
 *    of it must come from the cache, or the bench fails.
 * Wall time of the Nx process (its project graph included), daemon off (NX_DAEMON=false, as
 * `npm test` runs Nx), default build environment (AIDE_REMOTE_* unset). `--skip-nx-cache` neither
 * reads nor writes the cache, so the cache is filled once before the rounds; the last command is
 * a normal cached build, so a run leaves every project built from the current sources.
 * Writes bench/results/build.json.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type BenchResult, type BenchRow, budgetFailures, pairedRatio, spread, writeResult } from './lib/report';

const ROOT = path.resolve(__dirname, '..');
const argRounds = process.argv.find((a) => a.startsWith('--rounds='));
const ROUNDS = argRounds ? Math.max(1, Number(argRounds.split('=')[1])) : 3;
/** A no-change rebuild is Nx hashing inputs and answering from its cache: 1–2 s here. */
const WARM_BUDGET_S = 10;

const PARALLEL = (JSON.parse(readFileSync(path.join(ROOT, 'nx.json'), 'utf8')) as { parallel?: number }).parallel ?? 3;
const NX = require.resolve('nx/bin/nx.js', { paths: [ROOT] });
const ENV: NodeJS.ProcessEnv = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' };
for (const name of ['AIDE_REMOTE_VERSION', 'AIDE_REMOTE_DIST_DIR', 'NX_SKIP_NX_CACHE', 'NX_CACHE_DIRECTORY'])
  delete ENV[name];

interface NxRun {
  seconds: number;
  /** From Nx's closing line: tasks read from the cache, out of how many (undefined when it printed none). */
  cached?: { hit: number; of: number };
}

function nx(args: string[]): NxRun {
  const started = performance.now();
  const run = spawnSync(process.execPath, [NX, ...args, '--outputStyle=static'], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status !== 0) {
    console.error(output.split('\n').slice(-60).join('\n'));
    throw new Error(`nx ${args.join(' ')} failed (exit ${run.status ?? run.signal})`);
  }
  const match = /for (\d+) out of (\d+) tasks/.exec(output);
  return { seconds, ...(match && { cached: { hit: Number(match[1]), of: Number(match[2]) } }) };
}

/** The remotes are apps/mf-<id>; their project name is their package.json name. */
function remoteProject(): string {
  const remotes = readdirSync(path.join(ROOT, 'apps'))
    .filter((dir) => dir.startsWith('mf-') && existsSync(path.join(ROOT, 'apps', dir, 'package.json')))
    .sort();
  if (remotes.length === 0) throw new Error('no remote under apps/mf-*');
  return (JSON.parse(readFileSync(path.join(ROOT, 'apps', remotes[0], 'package.json'), 'utf8')) as { name: string })
    .name;
}

async function main() {
  const started = performance.now();
  const remote = remoteProject();
  const failures: string[] = [];
  const notes: string[] = [];
  const cold = { remote: [] as number[], whole: [] as number[] };
  const warm: number[] = [];
  const COLD_REMOTE = ['run', `${remote}:build`, '--skip-nx-cache'];
  const COLD_WHOLE = ['run-many', '-t', 'build', '--skip-nx-cache'];
  const CACHED_WHOLE = ['run-many', '-t', 'build'];

  try {
    const fill = nx(CACHED_WHOLE);
    console.log(
      `Filled the Nx cache: ${fill.seconds} s (${fill.cached ? `${fill.cached.hit}/${fill.cached.of} tasks already cached` : 'no task cached'})`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['remote', 'whole'] as const) : (['whole', 'remote'] as const);
      for (const side of order) cold[side].push(nx(side === 'remote' ? COLD_REMOTE : COLD_WHOLE).seconds);
      const rebuild = nx(CACHED_WHOLE);
      warm.push(rebuild.seconds);
      if (!rebuild.cached || rebuild.cached.hit !== rebuild.cached.of) {
        failures.push(
          `Build: the rebuild with the Nx cache warm (round ${round + 1}) ran ${rebuild.cached ? `${rebuild.cached.of - rebuild.cached.hit} of ${rebuild.cached.of}` : 'all its'} tasks instead of reading them from the cache`,
        );
      }
      console.log(
        `round ${round + 1}/${ROUNDS}: cold ${remote} ${cold.remote.at(-1)} s, cold whole ${cold.whole.at(-1)} s, warm rebuild ${rebuild.seconds} s`,
      );
    }
  } finally {
    // Whatever happened, leave the workspace as a normal build leaves it.
    if (warm.length < ROUNDS) {
      try {
        nx(CACHED_WHOLE);
      } catch (error) {
        console.error(error);
      }
    }
  }

  const wholeMedian = spread(cold.whole).median;
  const rows: BenchRow[] = [
    {
      group: 'Build: cold (Nx cache skipped)',
      metric: `one remote: nx run ${remote}:build`,
      unit: 's',
      ...spread(cold.remote),
      baseline: wholeMedian,
      ratio: pairedRatio(cold.remote, cold.whole),
      note: `Baseline: the whole workspace, \`nx run-many -t build\`, in the same rounds. The remote's build runs the builds of the libraries it depends on that have one too, as \`nx build\` does; the whole workspace adds the shell and the API.`,
    },
    {
      group: 'Build: cold (Nx cache skipped)',
      metric: 'whole workspace: nx run-many -t build',
      unit: 's',
      ...spread(cold.whole),
    },
    {
      group: 'Build: rebuild with the Nx cache warm',
      metric: 'nx run-many -t build, nothing changed',
      unit: 's',
      ...spread(warm),
      baseline: wholeMedian,
      ratio: pairedRatio(warm, cold.whole),
      budget: WARM_BUDGET_S,
      note: 'Baseline: the cold whole-workspace build of the same round. Every task is read from the local Nx cache (checked); what is left is Nx starting, hashing the inputs and restoring outputs.',
    },
  ];
  notes.push(
    `Build: ${ROUNDS} rounds; each runs the cold remote and cold whole builds (alternating which goes first), then the warm rebuild. Wall time of the Nx process, daemon off, Nx running up to ${PARALLEL} tasks in parallel (nx.json). "Cold" means no Nx cache; the OS file cache and Rsbuild's config cache stay warm.`,
  );
  const result: BenchResult = {
    name: 'build',
    date: new Date().toISOString(),
    rows,
    failures: [...failures, ...budgetFailures(rows)],
    notes,
  };
  const out = await writeResult(result);
  for (const row of rows)
    console.log(
      `${row.group}: ${row.metric}: ${row.min} / ${row.median} / ${row.max} s${row.ratio !== undefined ? `, ratio ${row.ratio}` : ''}`,
    );
  for (const failure of result.failures) console.log(`FAIL ${failure}`);
  console.log(`\nWrote ${path.relative(process.cwd(), out)} in ${Math.round((performance.now() - started) / 1000)} s`);
  if (result.failures.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
