// jsdom, as the apps that use it render: the locale sets <html lang>.
module.exports = require('../testing/jest.remote.cjs')(__dirname, 'i18n');
