// jsdom: the components need a DOM (the shared remote setup: libs/testing).
module.exports = require('../../libs/testing/jest.remote.cjs')(__dirname, 'mf-website');
