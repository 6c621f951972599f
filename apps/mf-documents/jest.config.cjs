// jsdom: the components need a DOM.
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'mf-documents',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/test/setup-dom.ts'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/test/style-stub.ts' },
  // antd's own packages ship some ES modules only: compile those too.
  transformIgnorePatterns: ['/node_modules/(?!(antd|@ant-design|@rc-component|rc-[^/]+|@babel/runtime)/)'],
  // A whole page of antd in jsdom (grids, a dialog, a TreeSelect) can take more than Jest's default
  // 5 s on CI's two CPUs while the API's suites run beside it.
  testTimeout: 20_000,
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
};
