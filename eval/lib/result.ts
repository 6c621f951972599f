/**
 * The one result shape every evaluation task writes to eval/results/<task>.json, so `npm run
 * eval:ai` can print one table and write AI-EVAL.md from all of them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EvalMeasure {
  /** What is measured, e.g. 'grammar issues per 100 sentences' or 'facets covered'. */
  name: string;
  value: number;
  /** 'min': the value must be at least the threshold; 'max': at most. */
  kind: 'min' | 'max';
  threshold: number;
  /** '%', 'count', 'words', 'ratio' … */
  unit?: string;
  /** One line under the table: how it is counted. */
  note?: string;
}

export interface EvalSample {
  title: string;
  /** What the engine was given (a topic, a trip, a file name). */
  input: string;
  /** What it wrote, as a person would read it. */
  output: string;
}

export interface EvalResult {
  task: string;
  /** A heading for AI-EVAL.md, e.g. 'Social posts'. */
  title: string;
  /** 'offline' or the model's name (AI_MODEL) when AI_BASE_URL is set. */
  engine: string;
  /** ISO date of the run. */
  date: string;
  /** What the corpus is, in a sentence or two. */
  corpus: string;
  measures: EvalMeasure[];
  samples: EvalSample[];
}

export const passed = (measure: EvalMeasure) =>
  measure.kind === 'min' ? measure.value >= measure.threshold : measure.value <= measure.threshold;

/** Which engine this run uses: the same switch as the API's (AI_BASE_URL set → the model). */
export const engineName = () => (process.env.AI_BASE_URL ? (process.env.AI_MODEL ?? 'model') : 'offline');

export async function writeResult(result: Omit<EvalResult, 'date' | 'engine'>): Promise<void> {
  const full: EvalResult = { ...result, engine: engineName(), date: new Date().toISOString() };
  const dir = path.join(__dirname, '..', 'results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${result.task}.json`), `${JSON.stringify(full, null, 2)}\n`);
  for (const measure of full.measures)
    console.log(
      `${passed(measure) ? 'pass' : 'FAIL'}  ${measure.name}: ${measure.value}${measure.unit ? ` ${measure.unit}` : ''} (${measure.kind === 'min' ? '≥' : '≤'} ${measure.threshold})`,
    );
}

/** Rounds a measure for display (three significant decimals at most). */
export const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
