// The Jest config of a federated remote (apps/mf-*): jsdom, the browser pieces jsdom lacks, CSS
// imports stubbed, and the ES modules under node_modules compiled. A remote's jest.config.cjs is
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
  // What is compiled under node_modules: any package's es/ folder, and the ES-module-only packages.
  const compiled = ['(?:@[^/]+/)?[^/]+/es/', ...esmPackages.map((name) => `${name}/`)];
  return {
    ...preset,
    displayName,
    rootDir,
    testEnvironment: 'jsdom',
    setupFiles: [path.join(src, 'setup-dom.ts')],
    moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': path.join(src, 'style-stub.ts') },
    // Packages are loaded as they ship, unchanged: antd, its rc-components and icons all have CommonJS
    // builds (lib/). Only ES-module code is compiled: a package's es/ folder (reached by deep imports,
    // e.g. @ant-design/icons' lib needs @ant-design/colors/es) and the ES-module-only packages. Compiling
    // all of antd too (SWC with inline source maps, per remote, as each Jest config has its own
    // transform cache) was most of a cold run's time.
    transformIgnorePatterns: [`/node_modules/(?!.*/node_modules/)(?!${compiled.join('|')})`],
    // A screen test takes well under a second on an idle machine; 10 s leaves room for a CPU shared
    // with other work (CI's two cores, a CPU hog) while a test that really got slow still fails.
    testTimeout: 10_000,
    testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
    ...overrides,
  };
};
