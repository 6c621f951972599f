import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes the e2e counts beside Jest's so `npm test` prints one closing line, and says where the
 * run's time went: starting the web servers (before the first test can run), each project's span,
 * and how busy the workers were in tests, so a slow CI run shows which part grew.
 */
export default class SummaryReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0, failures: [] as string[] };
  /** When the web servers were all up and the tests could begin. */
  private begun = 0;
  /** Per project: first test start and last test end (ms since the epoch). */
  private spans = new Map<string, { from: number; to: number }>();
  /** Per worker: time spent in tests, hooks and fixtures included (ms). */
  private busy = new Map<number, number>();

  onBegin() {
    this.begun = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? '';
    const from = result.startTime.getTime();
    const to = from + result.duration;
    const span = this.spans.get(project);
    this.spans.set(project, { from: Math.min(span?.from ?? from, from), to: Math.max(span?.to ?? to, to) });
    this.busy.set(result.workerIndex, (this.busy.get(result.workerIndex) ?? 0) + result.duration);

    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.counts.passed++;
    else if (result.status === 'skipped') this.counts.skipped++;
    else {
      this.counts.failed++;
      this.counts.failures.push(
        `apps/e2e/${path.relative(__dirname, test.location.file)} › ${test.titlePath().slice(3).join(' › ')}`,
      );
    }
  }

  onEnd(result: FullResult) {
    if (result.status !== 'passed' && this.counts.failed === 0) this.counts.failed = 1;
    const dir = path.resolve(__dirname, '../../tmp/test-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'e2e.json'), JSON.stringify(this.counts));
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const started = result.startTime.getTime();
    const projects = [...this.spans].map(([name, { from, to }]) => `${name} ${s(to - from)}`).join(', ');
    const workers = [...this.busy.values()].map(s).join(', ');
    console.log(
      `\ne2e time: ${s(result.duration)} in all; web servers ${s(this.begun ? this.begun - started : 0)}; ` +
        `projects ${projects}; in tests per worker ${workers}`,
    );
  }
}
