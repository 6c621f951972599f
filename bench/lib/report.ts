/**
 * The one result shape every benchmark writes to bench/results/<name>.json, so `npm run bench`
 * can print one table and write BENCHMARKS.md from all of them.
 *
 * These machines are noisy, so: a figure that compares two things is measured side by side in the
 * same run (A and B alternating over several rounds) and reported as the median of the per-round
 * ratios; an absolute figure always carries min, median and max over its samples.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface BenchRow {
  /** The table this row belongs to, e.g. 'Front end: cold load of /' or 'API: GET /api/tasks'. */
  group: string;
  /** What was measured, e.g. 'JS transferred (shell)' or 'requests/s'. */
  metric: string;
  /** 'ms', 'KB', 'req/s', 'MB', 'count', 'ratio' … */
  unit: string;
  min?: number;
  median: number;
  max?: number;
  /** The baseline's median in the same run (same unit), when the row compares against one. */
  baseline?: number;
  /** Median of the per-round ratios measured/baseline (not median/median). */
  ratio?: number;
  /** An upper limit; the bench fails when median exceeds it. */
  budget?: number;
  /** Short explanation printed under the table (what the baseline is, why a figure is what it is). */
  note?: string;
}

export interface BenchResult {
  name: string;
  /** ISO date of the run. */
  date: string;
  rows: BenchRow[];
  /** Broken budgets and failed checks, each one human-readable sentence. Non-empty = the bench fails. */
  failures: string[];
  /** Anything the reader of BENCHMARKS.md should know about this run (seed sizes, what was skipped and why). */
  notes: string[];
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** min, median and max of samples, rounded to two decimals. */
export function spread(values: number[]): { min: number; median: number; max: number } {
  const round = (n: number) => Math.round(n * 100) / 100;
  return { min: round(Math.min(...values)), median: round(median(values)), max: round(Math.max(...values)) };
}

/** Median of per-round ratios a[i]/b[i] (the figures were measured in alternating rounds). */
export function pairedRatio(a: number[], b: number[]): number {
  if (a.length !== b.length) throw new Error('pairedRatio needs one a and one b per round');
  return Math.round(median(a.map((value, i) => value / b[i])) * 1000) / 1000;
}

/** Checks each row's budget and adds a failure for every row whose median exceeds it. */
/**
 * The rows of one group built from one figure per round on each side: the spread of `values`, the
 * median of `baseline`'s, and with `ratio` the median of the per-round ratios (pairedRatio).
 */
export function perRoundRows(group: string) {
  return (
    metric: string,
    unit: string,
    values: number[],
    baseline?: number[],
    { ratio = false, note }: { ratio?: boolean; note?: string } = {},
  ): BenchRow => ({
    group,
    metric,
    unit,
    ...spread(values),
    ...(baseline && { baseline: spread(baseline).median }),
    ...(ratio && baseline && { ratio: pairedRatio(values, baseline) }),
    ...(note && { note }),
  });
}

export function budgetFailures(rows: BenchRow[]): string[] {
  return rows
    .filter((row) => row.budget !== undefined && row.median > row.budget)
    .map(
      (row) => `${row.group}: ${row.metric} is ${row.median} ${row.unit}, over its budget of ${row.budget} ${row.unit}`,
    );
}

export const RESULTS_DIR = path.join(__dirname, '..', 'results');

export async function writeResult(result: BenchResult): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${result.name}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
