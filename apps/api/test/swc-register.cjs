// Lets a child process run the API's TypeScript without a build, compiled by SWC with the same
// settings Jest uses (.swcrc: decorators and their metadata, CommonJS). Usage: node -r <this> file.ts
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../.swcrc'), 'utf8'));
delete swcrc.$schema;

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    ...swcrc,
    swcrc: false,
    configFile: false,
    filename,
  });
  module._compile(code, filename);
};
