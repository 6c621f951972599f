// jsdom and the remotes' shared setup (libs/testing): the components render antd as a remote's screen does.
module.exports = require('../testing/jest.remote.cjs')(__dirname, 'ui');
