#!/usr/bin/env node
// `npm run dev`: the API (rebuilt and restarted on change), the shell and every remote on their
// own dev servers with hot reload. Open http://localhost:4200 (the shell proxies /api to :3000).
import './supported-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DEV_PORTS = JSON.parse(fs.readFileSync(path.join(root, 'libs/module-kit/build/dev-ports.json'), 'utf8'));
const remotes = fs.readdirSync(path.join(root, 'apps')).filter((d) => d.startsWith('mf-') && DEV_PORTS[d.slice(3)]);

// The API runs compiled; its libs must exist first.
const prep = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', '@aide/contracts', '--outputStyle=stream'], {
  cwd: root,
  stdio: 'inherit',
});
if (prep.status) process.exit(prep.status);
spawnSync('npx', ['tsc', '-p', 'apps/api/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });

const remoteUrls = Object.fromEntries(
  remotes.map((dir) => {
    const id = dir.slice(3);
    return [`REMOTE_${id.toUpperCase()}_URL`, `http://localhost:${DEV_PORTS[id]}/mf-manifest.json`];
  }),
);

const colours = [36, 35, 33, 32, 34, 31, 96, 95, 93];
const children = [];
function start(name, command, args, env = {}) {
  const colour = colours[children.length % colours.length];
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, FORCE_COLOR: '1' } });
  const prefix = `\x1b[${colour}m[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code) => process.stdout.write(`${prefix}exited with ${code}\n`));
  children.push(child);
}

start('api:tsc', 'npx', ['tsc', '-p', 'apps/api/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
start('api', 'node', ['--watch-path=apps/api/dist', 'apps/api/dist/main.js'], {
  SERVE_FRONTENDS: 'false',
  ...remoteUrls,
});
start('shell', 'npx', ['rsbuild', 'dev', '--root', 'apps/shell']);
for (const dir of remotes) start(dir, 'npx', ['rsbuild', 'dev', '--root', `apps/${dir}`]);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 2000);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
