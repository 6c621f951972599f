// jsdom and the shared remote setup (libs/testing), as every remote's tests.
module.exports = require('../../libs/testing/jest.remote.cjs')(__dirname, 'mf-organiser');
