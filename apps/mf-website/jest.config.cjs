// jsdom: the sanitiser (DOMPurify) and the components need a DOM (the shared remote setup: libs/testing).
// marked's browser build is an ES module only.
module.exports = require('../../libs/testing/jest.remote.cjs')(__dirname, 'mf-website', { esmPackages: ['marked'] });
