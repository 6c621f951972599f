// node --test bench/lib/markdown.test.mjs (Node 24: npx node --test …). Not part of `npm test`, like the benches.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatRatio, formatValue, markdownTable, renderMarkdown, rowCells, tables } from './markdown.mjs';

test('values are rounded by unit', () => {
  assert.equal(formatValue(1234.56, 'ms'), '1,235');
  assert.equal(formatValue(12.345, 'ms'), '12.3');
  assert.equal(formatValue(1.2345, 's'), '1.23');
  assert.equal(formatValue(51234, 'B'), '51.2');
  assert.equal(formatValue(51.26, 'KB'), '51.3');
  assert.equal(formatValue(3, 'count'), '3');
  assert.equal(formatValue(2.5, 'count'), '2.5');
  assert.equal(formatValue(5321.7, 'req/s'), '5,322');
  assert.equal(formatValue(undefined, 'ms'), '');
});

test('ratios read ×0.52, small ones keep two significant digits', () => {
  assert.equal(formatRatio(0.5234), '×0.52');
  assert.equal(formatRatio(1.5), '×1.50');
  assert.equal(formatRatio(0.075), '×0.075');
  assert.equal(formatValue(0.61, 'ratio'), '×0.61');
});

test('a budget gets ✓ within it and ✗ over it; bytes are shown in KB', () => {
  assert.equal(rowCells({ group: 'g', metric: 'JS', unit: 'KB', median: 280, budget: 300 }).status, '✓');
  assert.equal(rowCells({ group: 'g', metric: 'JS', unit: 'KB', median: 301, budget: 300 }).status, '✗');
  assert.equal(rowCells({ group: 'g', metric: 'JS', unit: 'B', median: 1000 }).metric, 'JS (KB)');
  assert.equal(rowCells({ group: 'g', metric: 'x', unit: 'ms', median: 1 }).status, '');
  assert.equal(rowCells({ group: 'g', metric: 'JS', unit: 'KB', median: 280, budget: 300 }).budget, '300');
  assert.equal(rowCells({ group: 'g', metric: 'JS', unit: 'B', median: 280, budget: 150_000 }).budget, '150.0');
});

test('one table per group, in order, without the columns no row fills', () => {
  const result = {
    name: 'x',
    date: '2026-01-01T00:00:00.000Z',
    failures: [],
    notes: [],
    rows: [
      { group: 'A', metric: 'time', unit: 'ms', min: 1, median: 2, max: 3, baseline: 4, ratio: 0.5, note: 'why' },
      { group: 'B', metric: 'count', unit: 'count', median: 1 },
      { group: 'A', metric: 'size', unit: 'KB', min: 1, median: 2, max: 3 },
    ],
  };
  const [a, b] = tables(result);
  assert.equal(a.group, 'A');
  assert.deepEqual(a.header, ['Metric', 'min', 'median', 'max', 'baseline', 'ratio']);
  assert.deepEqual(a.rows[1], ['size (KB)', '1.0', '2.0', '3.0', '', '']);
  assert.deepEqual(a.notes, [{ metric: 'time', note: 'why' }]);
  assert.deepEqual(b.header, ['Metric', 'median']);
});

test('pipes in cells are escaped', () => {
  assert.match(markdownTable(['Metric', 'median'], [['a | b', '1']]), /a \\\| b/);
});

test('BENCHMARKS.md lists failures first and says when a bench wrote no result', () => {
  const md = renderMarkdown({
    started: '2026-01-01T00:00:00.000Z',
    git: { commit: 'abc1234', branch: 'main', dirty: true },
    machine: { cpu: 'CPU', cores: 2, memoryGb: 8, os: 'Linux', node: '24.0.0' },
    benches: [
      {
        name: 'build',
        args: [],
        status: 0,
        durationMs: 90_000,
        result: {
          name: 'build',
          date: '2026-01-01T00:01:30.000Z',
          rows: [{ group: 'Build: cold', metric: 'remote', unit: 's', min: 1, median: 2, max: 3, budget: 1 }],
          failures: ['Build: over budget'],
          notes: ['a note'],
        },
      },
      { name: 'frontend', args: [], status: 1, durationMs: 5_000 },
    ],
    totalMs: 95_000,
    failures: ['Build: over budget', 'Front end: exited 1'],
    budgetMs: 600_000,
  });
  assert.ok(md.indexOf('2 failures') < md.indexOf('## This run'));
  assert.match(md, /abc1234.*uncommitted/);
  assert.match(md, /\| remote \(s\) \| 1\.00 \| 2\.00 \| 3\.00 \| 1 \| ✗ \|/);
  assert.match(md, /No result: `npm run bench -- frontend` exited 1/);
  assert.match(md, /## How to read this/);
});
