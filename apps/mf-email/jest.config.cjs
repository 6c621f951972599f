// jsdom: the sanitiser (DOMPurify) and the components need a DOM (the shared remote setup: libs/testing).
module.exports = require('../../libs/testing/jest.remote.cjs')(__dirname, 'mf-email');
