#!/usr/bin/env node
// npm's postinstall: applies patches/*.patch to node_modules with patch-package (patches/README.md
// says what each patch changes and why). A patch that no longer applies, after a dependency's
// upgrade, fails the install.
//
// The runtime image's production install (deploy/stage-runtime.mjs: npm ci --omit=dev) has no
// patch-package of its own: the staging script names the build's copy in PATCH_PACKAGE_CLI.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function patchPackageCli() {
  if (process.env.PATCH_PACKAGE_CLI) return process.env.PATCH_PACKAGE_CLI;
  try {
    return require.resolve('patch-package/dist/index.js');
  } catch {
    return undefined;
  }
}

const cli = patchPackageCli();
if (!cli) {
  console.error('patch-package is not installed, so patches/ cannot be applied: install the dev dependencies (npm ci)');
  process.exit(1);
}
const run = spawnSync(process.execPath, [cli, '--error-on-fail'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
