#!/usr/bin/env node
// `npm run eval:ai`: every evaluation task (eval/tasks/<task>.eval.ts), each in a child process, then
// AI-EVAL.md at the repository root: a table per task (measure, value, threshold, pass) and sample
// outputs. Exits non-zero when a measure misses its threshold or a task fails.
// `npm run eval:ai -- <task>`: one task (prints its measures, writes eval/results/<task>.json).
// The offline engine by default; with AI_BASE_URL (and AI_MODEL, AI_API_KEY) set, the same corpus
// goes to that OpenAI-compatible model, so a person can compare engines.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tasksDir = path.join(import.meta.dirname, 'tasks');
const resultsDir = path.join(import.meta.dirname, 'results');
const available = fs
  .readdirSync(tasksDir)
  .filter((f) => f.endsWith('.eval.ts'))
  .map((f) => f.replace(/\.eval\.ts$/, ''))
  .sort();

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node} is running; run through npm (npm run eval:ai), which uses Node 24.`);
  process.exit(1);
}
const only = process.argv[2];
if (only !== undefined && !available.includes(only)) {
  console.error(`Usage: npm run eval:ai [-- <${available.join('|')}>]`);
  process.exit(2);
}
// The tasks import the API's source, which resolves @aide/contracts to its build.
const contracts = spawnSync('npx', ['tsc', '-p', 'libs/contracts/tsconfig.lib.json'], { cwd: root, stdio: 'inherit' });
if (contracts.status !== 0) process.exit(contracts.status ?? 1);

const register = path.join(root, 'apps/api/test/swc-register.cjs');
const passed = (m) => (m.kind === 'min' ? m.value >= m.threshold : m.value <= m.threshold);
const failures = [];
const results = [];
for (const task of only ? [only] : available) {
  console.log(`\n=== ${task}\n`);
  const started = Date.now();
  const { status } = spawnSync(process.execPath, ['-r', register, path.join(tasksDir, `${task}.eval.ts`)], {
    cwd: root,
    stdio: 'inherit',
  });
  let result;
  try {
    const read = JSON.parse(fs.readFileSync(path.join(resultsDir, `${task}.json`), 'utf8'));
    if (Date.parse(read.date) >= started) result = read;
  } catch {
    // No result this run: reported just below.
  }
  if (status !== 0 || !result) {
    failures.push(`${task}: exited ${status ?? 'killed'}${result ? '' : ' without writing its result'}`);
    continue;
  }
  results.push(result);
  for (const m of result.measures.filter((m) => !passed(m)))
    failures.push(
      `${result.title}: ${m.name} is ${m.value}${m.unit ? ` ${m.unit}` : ''}, ${m.kind === 'min' ? 'below' : 'above'} ${m.threshold}`,
    );
}

if (!only) fs.writeFileSync(path.join(root, 'AI-EVAL.md'), markdown(results, failures));
console.log(
  failures.length
    ? `\n${failures.length} failure(s):\n- ${failures.join('\n- ')}`
    : '\nEvery measure met its threshold.',
);
if (!only) console.log('Wrote AI-EVAL.md');
process.exit(failures.length ? 1 : 0);

function markdown(results, failures) {
  const fmt = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/0+$/, '').replace(/\.$/, ''));
  const lines = [
    '# AI evaluation',
    '',
    '`npm run eval:ai` (this file is written by it; `npm run eval:ai -- <task>` runs one task). Each task',
    'runs a fixed corpus through the engine and measures what a reader would notice: grammar (retext',
    'and house rules), placeholders, cut-off sentences, hashtags and tags that are real phrases,',
    'platforms and tones that differ, facets covered and citations that hold. The thresholds were',
    "chosen so that the offline engine's output before issue 25 fails them.",
    '',
    `Engine: ${results[0]?.engine ?? 'offline'} · ${new Date().toISOString()} · ${failures.length ? `**${failures.length} failure(s)**` : 'every measure met its threshold'}`,
    '',
  ];
  for (const r of results) {
    lines.push(`## ${r.title}`, '', r.corpus, '', '| Measure | Value | Threshold | |', '| :-- | --: | --: | :-- |');
    for (const m of r.measures)
      lines.push(
        `| ${m.name} | ${fmt(m.value)}${m.unit ? ` ${m.unit}` : ''} | ${m.kind === 'min' ? '≥' : '≤'} ${fmt(m.threshold)} | ${passed(m) ? 'pass' : '**FAIL**'} |`,
      );
    const notes = r.measures.filter((m) => m.note);
    if (notes.length) lines.push('', ...notes.map((m) => `- *${m.name}*: ${m.note}`));
    if (r.samples.length) {
      lines.push('', '### Samples', '');
      for (const s of r.samples)
        lines.push(`**${s.title}** — ${s.input}`, '', ...s.output.split('\n').map((l) => `> ${l}`), '');
    }
    lines.push('');
  }
  if (failures.length) lines.push('## Failures', '', ...failures.map((f) => `- ${f}`), '');
  return `${lines.join('\n').trimEnd()}\n`;
}
