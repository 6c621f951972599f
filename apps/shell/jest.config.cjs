module.exports = { ...require('../../jest.preset.js'), displayName: 'shell', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'] };
