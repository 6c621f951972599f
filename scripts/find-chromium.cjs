// Finds a Chromium for the Playwright tests: CHROMIUM_PATH, a Playwright-installed browser,
// or the system's. Playwright's own browser download does not work everywhere, so the system
// package is a first-class option.
const fs = require('node:fs');

const INSTALL_HINT =
  'No Chromium found for the end-to-end tests. Install one:\n' +
  '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
  '  or:             npx playwright install chromium\n' +
  'or point CHROMIUM_PATH at a Chromium or Chrome binary.';

function findChromium() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) candidates.push(process.env.CHROMIUM_PATH);
  try {
    candidates.push(require('playwright-core').chromium.executablePath());
  } catch {
    /* playwright-core not installed or no managed browser */
  }
  candidates.push(
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  );
  return candidates.find((p) => p && fs.existsSync(p)) ?? null;
}

module.exports = { findChromium, INSTALL_HINT };
