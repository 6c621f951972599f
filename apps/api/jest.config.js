// The API's tests run against one real Postgres per run (test/global-setup.ts) and a fresh
// database per test file (test/test-app.ts, test/test-data-source.ts).
const path = require('node:path');
const preset = require('../../jest.preset.js');

// @nestjs/* ship ESM only. Jest's CommonJS runtime loads ESM natively only under
// --experimental-vm-modules, so these packages go through the same SWC transform to CommonJS
// instead, and a plain `npx jest` works. Add any other ESM-only package the tests reach here:
// openid-client and its oauth4webapi and jose (Google sign-in), oidc-provider (the tests' issuer),
// pg-boss and its serialize-error and non-error (background jobs), file-type and its strtok3,
// token-types, uint8array-extras, @tokenizer/inflate and @borewit/text-codec (document uploads),
// css-select and its css-what, nth-check, boolbase and dom* / entities (linkedom, research's page reader).
const ESM_ONLY = [
  '@nestjs', 'openid-client', 'oauth4webapi', 'jose', 'oidc-provider', 'pg-boss', 'serialize-error', 'non-error',
  'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer/inflate', '@borewit/text-codec',
  'css-select', 'css-what', 'nth-check', 'boolbase', 'domutils', 'domhandler', 'dom-serializer', 'domelementtype', 'entities',
];

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  globalSetup: path.join(__dirname, 'test/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'test/global-teardown.ts'),
  // Most files start the whole app on a fresh database in beforeAll (createTestApp: migrations,
  // every module); on CI's two CPUs beside the remotes' jsdom suites that has taken over Jest's 5 s
  // default. A test that hangs still fails, after 30 s.
  testTimeout: 30_000,
};
