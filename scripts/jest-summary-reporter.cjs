// Writes each Jest project's counts to tmp/test-results so `npm test` can print one closing line.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.name = (globalConfig.rootDir ?? process.cwd()).split(path.sep).slice(-2).join('-');
  }
  onRunComplete(_contexts, results) {
    const dir = path.join(__dirname, '..', 'tmp', 'test-results');
    fs.mkdirSync(dir, { recursive: true });
    const summary = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      // Named here so the closing lines of `npm test` say what failed even when a log is cut.
      failures: results.testResults.flatMap((file) => {
        const where = path.relative(path.join(__dirname, '..'), file.testFilePath);
        if (file.testExecError) return [`${where}: ${String(file.testExecError.message).split('\n')[0]}`];
        return file.testResults.filter((t) => t.status === 'failed').map((t) => `${where} › ${t.fullName}`);
      }),
    };
    fs.writeFileSync(path.join(dir, `jest-${this.name}.json`), JSON.stringify(summary));
  }
}
module.exports = SummaryReporter;
