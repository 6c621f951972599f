// Imported first by the scripts that need the Node of package.json's "engines" (scripts/*.mjs,
// bench/run.mjs): exits with a message saying which Node to use before any other module of the
// script is evaluated. A module an older Node cannot even load (a .ts file, a built-in export it
// lacks) fails before any code runs, so a script imports such modules dynamically, after this.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// The API's check, plain CommonJS so that any Node runs it; the range comes from package.json.
createRequire(import.meta.url)('../apps/api/src/node-version.cjs').exitUnlessSupportedNode(
  fileURLToPath(new URL('.', import.meta.url)),
);
