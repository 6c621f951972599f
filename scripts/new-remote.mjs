#!/usr/bin/env node
// `npm run new-remote -- <id> "<Title>"`: scaffolds apps/mf-<id>, a federated remote that follows
// the module contract (libs/module-kit), and registers it in the API's module registry. The shell
// needs no change: it discovers remotes from GET /api/modules at runtime.
import fs from 'node:fs';
import path from 'node:path';
import { remoteFiles, writeRemote } from './remote-template.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [id, title] = process.argv.slice(2);
if (!id || !/^[a-z][a-z0-9]*$/.test(id) || !title) {
  console.error(
    'Usage: npm run new-remote -- <id> "<Title>"   (id: lower-case letters and digits, e.g. email "Email Manager")',
  );
  process.exit(1);
}
const dir = path.join(root, 'apps', `mf-${id}`);
if (fs.existsSync(dir)) {
  console.error(`apps/mf-${id} already exists.`);
  process.exit(1);
}

writeRemote(dir, remoteFiles({ id, title }));

// Register it with the API (one line in the registry list), and give it a dev port.
const registryFile = path.join(root, 'apps/api/src/module-registry/registered-modules.ts');
const registry = fs.readFileSync(registryFile, 'utf8');
const marker = '  // new-remote: entries are added above this line';
if (!registry.includes(marker)) throw new Error(`The marker line is missing from ${registryFile}`);
fs.writeFileSync(
  registryFile,
  registry.replace(marker, `  { id: '${id}', title: ${JSON.stringify(title)}, routes: ['/${id}'] },\n${marker}`),
);

const portsFile = path.join(root, 'libs/module-kit/build/dev-ports.json');
const ports = JSON.parse(fs.readFileSync(portsFile, 'utf8'));
if (!ports[id]) {
  ports[id] = Math.max(...Object.values(ports)) + 1;
  fs.writeFileSync(portsFile, JSON.stringify(ports, null, 2) + '\n');
}

console.log(`Created apps/mf-${id} and registered '${id}' in apps/api/src/module-registry/registered-modules.ts.
Next: npm install   (links the new workspace), then npm run dev — the shell shows '${title}' in the sidebar
and its card on the dashboard (src/dashboard/); src/module.tsx shows how to fill another module's slot.`);
