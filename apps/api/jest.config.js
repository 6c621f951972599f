// The whole API suite: the fast tier (jest.unit.config.js, `*.spec.ts`: pure logic, nothing started
// but in-process fakes) and the integration tier (`*.e2e-spec.ts`: the app, a database, real
// servers). One real Postgres per run (test/global-setup.ts), a fresh database per test file
// (test/test-app.ts, test/test-database.ts), so files run in parallel.
const path = require('node:path');
const unit = require('./jest.unit.config.js');

module.exports = {
  ...unit,
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  globalSetup: path.join(__dirname, 'test/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'test/global-teardown.ts'),
  // Most of a file's time is spent waiting on Postgres, a child server or a timer, not on this
  // process' CPU, so 3 workers keep 2 cores busy; more only queue up on the CPU (nx also runs
  // another project's tests beside this one) and stretch each file's beforeAll.
  maxWorkers: 3,
  // A file starts the whole app in beforeAll (createTestApp: every module, pg-boss); with files in
  // parallel on a loaded machine that can take more than Jest's 5 s default. A test that hangs
  // still fails, after 30 s.
  testTimeout: 30_000,
};
