// Node by default (the build config); the hook's spec asks for jsdom in its docblock.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'module-kit',
  rootDir: __dirname,
  testMatch: ['<rootDir>/{src,build}/**/*.spec.ts?(x)'],
};
