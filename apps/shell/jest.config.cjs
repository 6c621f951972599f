module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'shell',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  // @ant-design/icons' CommonJS build requires an ES-module file of @ant-design/colors: compile that package.
  transformIgnorePatterns: ['/node_modules/(?!@ant-design/colors/)'],
};
