// The Jest config of a federated remote (apps/mf-*): jsdom, the browser pieces jsdom lacks, CSS
// imports stubbed, and antd's ES-module-only packages compiled. A remote's jest.config.cjs is
//   module.exports = require('../../libs/testing/jest.remote.cjs')(__dirname, 'mf-<name>');
// with a third argument for more ES-module-only packages to compile (`esmPackages`) and for anything
// else it needs on top (merged over these settings).
const path = require('node:path');
const preset = require('../../jest.preset.js');

const src = path.join(__dirname, 'src');

/**
 * @param {string} rootDir the remote's folder
 * @param {string} displayName e.g. 'mf-documents'
 * @param {import('jest').Config & { esmPackages?: string[] }} [options]
 * @returns {import('jest').Config}
 */
module.exports = function remoteJestConfig(rootDir, displayName, { esmPackages = [], ...overrides } = {}) {
  const esm = ['antd', '@ant-design', '@rc-component', 'rc-[^/]+', '@babel/runtime', ...esmPackages];
  return {
    ...preset,
    displayName,
    rootDir,
    testEnvironment: 'jsdom',
    setupFiles: [path.join(src, 'setup-dom.ts')],
    moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': path.join(src, 'style-stub.ts') },
    // antd's own packages ship some ES modules only (as do others under jsdom's browser conditions): compile those too.
    transformIgnorePatterns: [`/node_modules/(?!(${esm.join('|')})/)`],
    // A whole page of antd in jsdom (grids, a dialog, a select) can take more than Jest's default 5 s
    // on CI's two CPUs while the API's suites run beside it.
    testTimeout: 20_000,
    testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
    ...overrides,
  };
};
