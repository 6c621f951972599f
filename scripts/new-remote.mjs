#!/usr/bin/env node
// `npm run new-remote -- <id> "<Title>"`: scaffolds apps/mf-<id>, a federated remote that follows
// the module contract (libs/module-kit), and registers it in the API's module registry. The shell
// needs no change: it discovers remotes from GET /api/modules at runtime.
import fs from 'node:fs';
import path from 'node:path';

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

const organiser = JSON.parse(fs.readFileSync(path.join(root, 'apps/mf-organiser/package.json'), 'utf8'));
const pascal = id.charAt(0).toUpperCase() + id.slice(1);
const route = `/${id}`;

const files = {
  'package.json':
    JSON.stringify({ ...organiser, name: `@aide/mf-${id}`, description: `Remote: ${title}` }, null, 2) + '\n',
  'tsconfig.json': fs.readFileSync(path.join(root, 'apps/mf-organiser/tsconfig.json'), 'utf8'),
  'rsbuild.config.ts': `import { defineRemoteConfig } from '../../libs/module-kit/build/federation';\n\nexport default defineRemoteConfig(import.meta.dirname, { id: '${id}' });\n`,
  'src/index.ts': `// Async boundary: shared singletons are negotiated with the host before any app code runs.\nimport('./bootstrap');\n`,
  'src/bootstrap.tsx': fs
    .readFileSync(path.join(root, 'apps/mf-organiser/src/bootstrap.tsx'), 'utf8')
    .replaceAll('organiser', id),
  'src/module.tsx': `/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const ${pascal}Page = lazy(() => import('./${id}/${pascal}Page'));

export default defineModule({
  id: '${id}',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '${route}', Component: ${pascal}Page }],
  nav: [{ path: '${route}', label: ${JSON.stringify(title)}, icon: <AppstoreOutlined />, order: 50 }],
});
`,
  [`src/${id}/${pascal}Page.tsx`]: `import { PageHeader } from '@aide/ui';

export default function ${pascal}Page() {
  return <PageHeader title={${JSON.stringify(title)}} subtitle="Coming soon" />;
}
`,
};

for (const [file, content] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
}

// Register it with the API (one line in the registry list), and give it a dev port.
const registryFile = path.join(root, 'apps/api/src/module-registry/registered-modules.ts');
const registry = fs.readFileSync(registryFile, 'utf8');
const marker = '  // new-remote: entries are added above this line';
if (!registry.includes(marker)) throw new Error(`The marker line is missing from ${registryFile}`);
fs.writeFileSync(
  registryFile,
  registry.replace(marker, `  { id: '${id}', title: ${JSON.stringify(title)}, routes: ['${route}'] },\n${marker}`),
);

const portsFile = path.join(root, 'libs/module-kit/build/dev-ports.json');
const ports = JSON.parse(fs.readFileSync(portsFile, 'utf8'));
if (!ports[id]) {
  ports[id] = Math.max(...Object.values(ports)) + 1;
  fs.writeFileSync(portsFile, JSON.stringify(ports, null, 2) + '\n');
}

console.log(`Created apps/mf-${id} and registered '${id}' in apps/api/src/module-registry/registered-modules.ts.
Next: npm install   (links the new workspace), then npm run dev — the shell shows '${title}' in the sidebar.`);
