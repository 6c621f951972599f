import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Writes the e2e counts beside Jest's so `npm test` prints one closing line. */
export default class SummaryReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0, failures: [] as string[] };

  onTestEnd(test: TestCase, result: TestResult) {
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
  }
}
