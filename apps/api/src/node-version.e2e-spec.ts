// Issue 30: every entry point, started under a Node outside package.json's "engines", stops before
// loading anything else and says which Node it needs (under Node 20 the API used to die with
// SIGSEGV, silently, in argon2's native addon). No old Node is needed to show it: each entry runs
// under this Node from a folder whose package.json holds a range this Node is outside of, and
// which holds nothing but the entry and the check, so an entry that loaded anything before the
// check would fail on that module instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const repoRoot = path.resolve(__dirname, '../../..');
const apiRoot = path.resolve(__dirname, '..');
const major = Number(process.versions.node.split('.')[0]);
const MISSED = `>=${major + 1}`;

const API_ENTRIES = ['apps/api/src/main.ts', 'apps/api/src/cli.ts', 'apps/api/src/supported-node.ts'];
const CHECK = 'apps/api/src/node-version.cjs';
const SCRIPTS = [
  'scripts/test.mjs',
  'scripts/dev.mjs',
  'scripts/check-size-budgets.mjs',
  'scripts/upgrade-fixture/make-dump.mjs',
  'scripts/upgrade-fixture/rolling-deploy.mjs',
  'bench/run.mjs',
];

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/**
 * A folder laid out like the repository, with `range` as package.json's engines.node, the pinned
 * Node's place in node_modules/.bin, the API's entries compiled as `npm run build` compiles them
 * and the scripts as they are, and nothing else.
 */
function stage(range: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'aide-node-check-'));
  folders.push(root);
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'aide', engines: { node: range } }));
  fs.mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
  fs.writeFileSync(path.join(root, 'node_modules/.bin/node'), '');

  // The build's own options; with isolatedModules tsc emits each file on its own, as transpileModule does.
  const config = ts.getParsedCommandLineOfConfigFile(path.join(apiRoot, 'tsconfig.build.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error('apps/api/tsconfig.build.json did not parse');
  for (const source of [...API_ENTRIES, CHECK]) {
    const fileName = path.join(repoRoot, source);
    const { outputText } = ts.transpileModule(fs.readFileSync(fileName, 'utf8'), {
      compilerOptions: config.options,
      fileName,
    });
    const built = path.join(root, 'apps/api/dist', path.basename(source).replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(built), { recursive: true });
    fs.writeFileSync(built, outputText);
  }
  for (const source of ['scripts/supported-node.mjs', CHECK, ...SCRIPTS]) {
    fs.mkdirSync(path.dirname(path.join(root, source)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, source), path.join(root, source));
  }
  return root;
}

const run = (root: string, args: string[]) =>
  spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

const problem = (command: string) =>
  [
    `Aide needs Node ${MISSED} (package.json "engines"), but this is Node ${process.versions.node} (${process.execPath}).`,
    'Run it through npm, which uses the Node that npm install put in node_modules/.bin: npm start, npm test, npm run <script>.',
    `Or run this file with that Node: node_modules/.bin/node ${command}`,
    '',
  ].join('\n');

describe('an entry point started under a Node outside package.json "engines"', () => {
  let root: string;
  beforeAll(() => {
    root = stage(MISSED);
  });

  it.each([
    ['the API', ['apps/api/dist/main.js']],
    ['the worker', ['apps/api/dist/main.js', '--worker']],
    ['the backup CLI', ['apps/api/dist/cli.js', 'backup', 'aide.backup']],
  ])('%s says which Node it needs and how to get it, and exits 1 before loading anything', (_name, args) => {
    const result = run(root, args);
    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: problem(args.join(' ')),
    });
  });

  it.each(SCRIPTS)('%s says which Node it needs and how to get it, and exits 1 before loading anything', (script) => {
    const result = run(root, [script]);
    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: problem(script),
    });
  });
});

describe('the same folders with a range this Node is in', () => {
  let root: string;
  beforeAll(() => {
    root = stage(`>=${major}`);
  });

  // What the entries above would have met had they loaded anything before the check.
  it('the API gets past the check to its next import, which this folder does not hold', () => {
    const result = run(root, ['apps/api/dist/main.js']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Cannot find module 'reflect-metadata'");
  });

  it('a script gets past the check to its next import, which this folder does not hold', () => {
    const result = run(root, ['scripts/check-size-budgets.mjs']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('bench/lib/frontend-assets.ts');
  });
});
