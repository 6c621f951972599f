// Shared Jest settings: SWC compiles TypeScript (with decorator metadata for Nest) to CommonJS;
// the workspace libs resolve to their sources so tests never need a prior build.
const path = require('node:path');
const swcrc = JSON.parse(require('node:fs').readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleNameMapper: {
    '^@aide/(contracts|api-client|ui|module-kit|testing|i18n)$': path.join(__dirname, 'libs/$1/src/index.ts'),
    '^@aide/contracts/(endpoint|module-paths)$': path.join(__dirname, 'libs/contracts/src/$1.ts'),
    '^@aide/contracts/server-messages$': path.join(__dirname, 'libs/contracts/src/i18n/server.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  reporters: ['default', path.join(__dirname, 'scripts/jest-summary-reporter.cjs')],
};
