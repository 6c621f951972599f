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
    };
    fs.writeFileSync(path.join(dir, `jest-${this.name}.json`), JSON.stringify(summary));
  }
}
module.exports = SummaryReporter;
