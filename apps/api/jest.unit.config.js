// The API's fast tier: `*.spec.ts` files test pure logic (services with fakes, SQL builders,
// parsers) and start nothing but in-process fakes — no app, no database, no child servers — so
// `npx jest -c apps/api/jest.unit.config.js` runs in seconds. A file that needs the app, Postgres
// or a real server is an `*.e2e-spec.ts`, run by jest.config.js (which runs both tiers).
const preset = require('../../jest.preset.js');

// @nestjs/* ship ESM only. Jest's CommonJS runtime loads ESM natively only under
// --experimental-vm-modules, so these packages go through the same SWC transform to CommonJS
// instead, and a plain `npx jest` works. Add any other ESM-only package the tests reach here:
// openid-client and its oauth4webapi and jose (Google sign-in), oidc-provider (the tests' issuer),
// pg-boss and its serialize-error and non-error (background jobs), file-type and its strtok3,
// token-types, uint8array-extras, @tokenizer/inflate and @borewit/text-codec (document uploads),
// css-select and its css-what, nth-check, boolbase and dom* / entities (linkedom, research's page reader).
const ESM_ONLY = [
  '@nestjs',
  'openid-client',
  'oauth4webapi',
  'jose',
  'oidc-provider',
  'pg-boss',
  'serialize-error',
  'non-error',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer/inflate',
  '@borewit/text-codec',
  'css-select',
  'css-what',
  'nth-check',
  'boolbase',
  'domutils',
  'domhandler',
  'dom-serializer',
  'domelementtype',
  'entities',
];

module.exports = {
  ...preset,
  displayName: 'api',
  rootDir: __dirname,
  testRegex: '.*\\.spec\\.ts$',
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  maxWorkers: 2,
};
