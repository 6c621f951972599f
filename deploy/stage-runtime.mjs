#!/usr/bin/env node
// Stages the production image's /app: what the Dockerfile's runtime stage copies, and what
// `npm run test:deploy` measures (docker cannot run here, so the image's size is measured on this).
//
//   node deploy/stage-runtime.mjs <empty-or-missing-folder> [--from <repo root>] [--report <file.json>] [--no-install]
//
// Holds: the root and workspace manifests the API needs (package.json, package-lock.json), the
// built API (apps/api/dist), the built contracts (libs/contracts/dist), the built shell and
// remotes (apps/shell/dist, apps/mf-*/dist, without the build reports no browser loads), the
// container health check, and the production dependencies of @aide/api and @aide/contracts only
// (`npm ci --omit=dev` of those two workspaces). Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The workspaces the running API loads (apps/api/dist requires @aide/contracts' dist). */
const RUNTIME_WORKSPACES = ['apps/api', 'libs/contracts'];
/** Build reports beside the front-end assets: never served (serve-frontends.ts), carry build paths. */
const BUILD_REPORTS = new Set(['mf-stats.json', 'chunk-contents.json', 'chunk-graph.json']);

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const root = path.resolve(option('--from') ?? path.join(import.meta.dirname, '..'));
const reportFile = option('--report');
const install = !args.includes('--no-install');
const [target] = args.filter((a) => !a.startsWith('--'));
if (!target) {
  console.error('Usage: node deploy/stage-runtime.mjs <folder> [--from <repo root>] [--no-install]');
  process.exit(2);
}
const dest = path.resolve(target);
if (existsSync(dest) && readdirSync(dest).length > 0) {
  console.error(`${dest} is not empty; stage into a new folder`);
  process.exit(2);
}

const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const copy = (relative, filter) => {
  const from = path.join(root, relative);
  if (!existsSync(from)) fail(`${from} is missing; run npm run build first`);
  cpSync(from, path.join(dest, relative), { recursive: true, filter });
};

mkdirSync(dest, { recursive: true });
copy('package.json');
copy('package-lock.json');
// npm ci checks the lockfile against every workspace the root declares, so all manifests go in
// for the install; the ones the API does not need are removed again afterwards.
const workspaceDirs = ['apps', 'libs'].flatMap((parent) =>
  readdirSync(path.join(root, parent))
    .map((name) => `${parent}/${name}`)
    .filter((dir) => existsSync(path.join(root, dir, 'package.json'))),
);
for (const dir of workspaceDirs) copy(`${dir}/package.json`);
// The root's postinstall applies patches/ to the installed dependencies (scripts/patch-dependencies.mjs),
// with the build's patch-package: a production install has none.
copy('patches');
copy('scripts/patch-dependencies.mjs');

if (install) {
  const npm = spawnSync(
    'npm',
    [
      'ci',
      '--omit=dev',
      ...RUNTIME_WORKSPACES.flatMap((dir) => ['--workspace', dir]),
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    {
      cwd: dest,
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PATCH_PACKAGE_CLI: path.join(root, 'node_modules/patch-package/dist/index.js'),
      },
    },
  );
  if (npm.status !== 0) fail(`npm ci --omit=dev failed (exit ${npm.status})`);
}
rmSync(path.join(dest, 'scripts'), { recursive: true });
rmSync(path.join(dest, 'patches'), { recursive: true });

const frontends = workspaceDirs.filter((dir) => dir === 'apps/shell' || /^apps\/mf-/.test(dir));
for (const dir of workspaceDirs) {
  if (RUNTIME_WORKSPACES.includes(dir)) continue;
  rmSync(path.join(dest, dir, 'package.json'));
  // npm links installed workspaces only, but leaves none of the others' folders behind.
  if (readdirSync(path.join(dest, dir)).length === 0) rmSync(path.join(dest, dir), { recursive: true });
}
copy('apps/api/dist');
copy('libs/contracts/dist');
for (const dir of frontends) copy(`${dir}/dist`, (source) => !BUILD_REPORTS.has(path.basename(source)));
copy('deploy/healthcheck.mjs');

/** Bytes of the files (apparent size, what an image layer's tar carries) and the file count. */
function measure(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = measure(full);
      bytes += inner.bytes;
      files += inner.files;
    } else if (entry.isFile()) {
      bytes += statSync(full).size;
      files += 1;
    }
  }
  return { bytes, files };
}
const parts = {
  node_modules: path.join(dest, 'node_modules'),
  'apps/api/dist': path.join(dest, 'apps/api/dist'),
  'libs/contracts/dist': path.join(dest, 'libs/contracts/dist'),
  'front-ends (apps/shell/dist, apps/mf-*/dist)': frontends.map((dir) => path.join(dest, dir, 'dist')),
};
const report = { folder: dest, total: measure(dest), parts: {} };
for (const [name, where] of Object.entries(parts)) {
  const dirs = [where].flat().filter((d) => existsSync(d));
  report.parts[name] = dirs.map(measure).reduce((a, b) => ({ bytes: a.bytes + b.bytes, files: a.files + b.files }), {
    bytes: 0,
    files: 0,
  });
}
if (reportFile) writeFileSync(reportFile, JSON.stringify(report, null, 2));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(`Staged the runtime image's /app in ${dest}: ${mb(report.total.bytes)} in ${report.total.files} files`);
for (const [name, { bytes, files }] of Object.entries(report.parts))
  console.log(`  ${name}: ${mb(bytes)} (${files} files)`);
