// Renders bench results (the BenchResult shape of bench/lib/report.ts) as BENCHMARKS.md and as plain
// text tables for the terminal. Pure functions: no I/O here (bench/run.mjs reads and writes files).
import fs from 'node:fs';
import path from 'node:path';

/** @typedef {import('./report').BenchRow} BenchRow */
/** @typedef {import('./report').BenchResult} BenchResult */

/** Hand-written preamble ("How to read this"), inserted verbatim in every regenerated BENCHMARKS.md. */
export const PREAMBLE = fs.readFileSync(path.join(import.meta.dirname, 'benchmarks-preamble.md'), 'utf8').trim();

/** Section titles, in the order `npm run bench` runs the benches; any other bench comes after, by name. */
export const TITLES = {
  build: 'Build',
  frontend: 'Front end',
  api: 'API',
  'email-sync': 'Email sync',
  documents: 'Documents',
  collect: 'Website analytics collector',
};

const grouped = (n, decimals) =>
  n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** Decimals that keep about three significant digits without noise: 1234 → 0, 12.3 → 1, 1.23 → 2. */
const sensible = (n) => (Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2);

/** A row's unit as shown: byte counts are shown in KB (1 KB = 1000 bytes, as Rsbuild prints sizes). */
export function shownUnit(unit) {
  return unit === 'B' || unit === 'bytes' ? 'KB' : unit;
}

/** One value in its unit, e.g. (1234.5, 'ms') → '1,235', (0.52, 'ratio') → '×0.52', (51234, 'B') → '51.2'. */
export function formatValue(value, unit) {
  if (value === undefined || value === null || Number.isNaN(value)) return '';
  switch (unit) {
    case 'ratio':
      return formatRatio(value);
    case 'B':
    case 'bytes':
      return grouped(value / 1000, 1);
    case 'KB':
    case 'MB':
    case '%':
      return grouped(value, 1);
    case 'count':
      return grouped(value, Number.isInteger(value) ? 0 : 1);
    default:
      return grouped(value, sensible(value));
  }
}

/** A ratio as ×0.52; two significant digits below 0.1 (×0.075) so small ratios do not read ×0.08 or ×0.00. */
export function formatRatio(ratio) {
  if (ratio === undefined || ratio === null || Number.isNaN(ratio)) return '';
  return `×${Math.abs(ratio) < 0.1 && ratio !== 0 ? ratio.toPrecision(2) : ratio.toFixed(2)}`;
}

const COLUMNS = [
  ['metric', 'Metric'],
  ['min', 'min'],
  ['median', 'median'],
  ['max', 'max'],
  ['baseline', 'baseline'],
  ['ratio', 'ratio'],
  ['budget', 'budget'],
  ['status', ''],
];

/** The cells of one row, formatted. status: ✓ when the median is within its budget, ✗ when over it. */
export function rowCells(row) {
  const unit = shownUnit(row.unit);
  return {
    metric: unit && unit !== 'ratio' && !row.metric.endsWith(`(${unit})`) ? `${row.metric} (${unit})` : row.metric,
    min: formatValue(row.min, row.unit),
    median: formatValue(row.median, row.unit),
    max: formatValue(row.max, row.unit),
    baseline: formatValue(row.baseline, row.unit),
    ratio: formatRatio(row.ratio),
    // A budget is a round limit: 300, not 300.0 (bytes still shown as KB).
    budget:
      Number.isInteger(row.budget) && shownUnit(row.unit) === row.unit && row.unit !== 'ratio'
        ? grouped(row.budget, 0)
        : formatValue(row.budget, row.unit),
    status: row.budget === undefined ? '' : row.median <= row.budget ? '✓' : '✗',
  };
}

/**
 * A result's rows as tables, one per group in order of first appearance. Columns no row of the
 * group fills (min/max, baseline, ratio, budget) are left out.
 * @param {BenchResult} result
 * @returns {{ group: string, header: string[], rows: string[][], notes: { metric: string, note: string }[] }[]}
 */
export function tables(result) {
  /** @type {Map<string, BenchRow[]>} */
  const groups = new Map();
  for (const row of result.rows) {
    if (!groups.has(row.group)) groups.set(row.group, []);
    groups.get(row.group).push(row);
  }
  return [...groups].map(([group, rows]) => {
    const cells = rows.map(rowCells);
    const keys = COLUMNS.map(([key]) => key).filter(
      (key) => key === 'metric' || key === 'median' || cells.some((c) => c[key] !== ''),
    );
    return {
      group,
      header: keys.map((key) => COLUMNS.find(([k]) => k === key)[1]),
      rows: cells.map((c) => keys.map((key) => c[key])),
      notes: rows.filter((row) => row.note).map((row) => ({ metric: row.metric, note: row.note })),
    };
  });
}

const escapeCell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** One GitHub-flavoured markdown table; numeric columns right-aligned. */
export function markdownTable(header, rows) {
  const align = header.map((_, i) => (i === 0 ? ':--' : i === header.length - 1 && header[i] === '' ? ':-:' : '--:'));
  return [header, align, ...rows]
    .map((cells, i) => `| ${cells.map((c) => (i === 1 ? c : escapeCell(c))).join(' | ')} |`)
    .join('\n');
}

/** Plain text, columns padded, for the terminal. */
export function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].map((l) => `  ${l}`).join('\n');
}

const seconds = (ms) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}` : `${s} s`;
};

export function benchTitle(name) {
  return TITLES[name] ?? name;
}

/**
 * The whole of BENCHMARKS.md.
 * @param {{
 *   started: string,
 *   machine: { cpu: string, cores: number, memoryGb: number, os: string, node: string, load?: string },
 *   git: { commit: string, branch?: string, dirty: boolean },
 *   benches: { name: string, args: string[], status: number | null, durationMs: number, result?: BenchResult }[],
 *   skipped?: string[],
 *   totalMs: number,
 *   failures: string[],
 *   budgetMs?: number,
 * }} run
 */
export function renderMarkdown(run) {
  const out = ['# Benchmarks', ''];
  out.push(
    `<!-- Generated by \`npm run bench\` (bench/run.mjs, bench/lib/markdown.mjs); every run rewrites this whole file. Edit bench/lib/benchmarks-preamble.md or a bench's notes instead. -->`,
    '',
  );
  if (run.failures.length) {
    out.push(
      `> **✗ ${run.failures.length} failure${run.failures.length === 1 ? '' : 's'} in this run** (\`npm run bench\` exited non-zero):`,
      '>',
    );
    for (const failure of run.failures) out.push(`> - ${failure}`);
    out.push('');
  } else {
    out.push('**✓ Every bench passed: no budget broken, every check held.**', '');
  }

  out.push('## This run', '');
  out.push(`- **Date:** ${run.started.slice(0, 16).replace('T', ' ')} UTC`);
  out.push(
    `- **Commit:** \`${run.git.commit}\`${run.git.branch ? ` (${run.git.branch})` : ''}${run.git.dirty ? ', with uncommitted changes' : ', clean tree'}`,
  );
  out.push(
    `- **Machine:** ${run.machine.cpu}, ${run.machine.cores} CPUs, ${run.machine.memoryGb} GB RAM; ${run.machine.os}; Node ${run.machine.node}${run.machine.load ? `; load average at start ${run.machine.load}` : ''}`,
  );
  const durations = run.benches
    .map((b) => `${b.name} ${seconds(b.durationMs)}${b.status === 0 ? '' : ` (exit ${b.status ?? 'killed'})`}`)
    .join(', ');
  const over = run.budgetMs !== undefined && run.totalMs > run.budgetMs;
  out.push(
    `- **Duration:** ${seconds(run.totalMs)} (${durations})${run.budgetMs !== undefined ? `; target under ${seconds(run.budgetMs)}${over ? ' — **over it**' : ''}` : ''}`,
  );
  if (run.skipped?.length)
    out.push(`- **Not run:** ${run.skipped.map((s) => `${s} (no bench/${s}.bench.ts)`).join(', ')}`);
  out.push('');

  out.push('## Reproduce', '');
  out.push('```sh');
  out.push('npm run bench                    # everything below, rewrites this file');
  out.push(
    `npm run bench -- <name>          # one part: ${run.benches.map((b) => b.name).join(', ')} (prints its table, writes bench/results/<name>.json)`,
  );
  out.push('npm run bench -- api --profile   # the API under a CPU profiler, top functions printed');
  out.push('```', '');

  out.push(PREAMBLE, '');

  for (const bench of run.benches) {
    out.push(`## ${benchTitle(bench.name)}`, '');
    const command = `npm run bench -- ${[bench.name, ...bench.args].join(' ')}`;
    if (!bench.result) {
      out.push(
        `No result: \`${command}\` exited ${bench.status ?? 'killed'} without writing bench/results/${bench.name}.json.`,
        '',
      );
      continue;
    }
    out.push(`\`${command}\` · ${seconds(bench.durationMs)} · result of ${bench.result.date}`, '');
    for (const note of bench.result.notes) out.push(`- ${note}`);
    if (bench.result.notes.length) out.push('');
    for (const table of tables(bench.result)) {
      out.push(`### ${table.group}`, '', markdownTable(table.header, table.rows), '');
      for (const { metric, note } of table.notes) out.push(`- *${metric}*: ${note}`);
      if (table.notes.length) out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The terminal summary of one result: its tables and failures. */
export function renderText(result) {
  const out = [];
  for (const table of tables(result)) out.push('', table.group, textTable(table.header, table.rows));
  for (const failure of result.failures) out.push(`FAIL ${failure}`);
  return out.join('\n');
}
