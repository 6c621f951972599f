// Checks what a newcomer reads first: every local link and image in the top-level docs leads to a
// file in the repository, and README.md names every sidebar entry of the built-in modules as the
// sidebar labels it (read from each remote's module.meta.ts and its English catalog), so the
// README's account of what Aide does cannot fall behind a new module. Exits 1 with what is wrong.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'DEPLOYMENT.md', 'BENCHMARKS.md'];
const problems = [];

for (const doc of DOCS.filter((name) => existsSync(path.join(root, name)))) {
  const text = readFileSync(path.join(root, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
  // [text](target) and ![alt](target); external links and in-page anchors are not files.
  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^(?:[a-z]+:|#)/i.test(target)) continue;
    const file = decodeURIComponent(target.split('#')[0]);
    if (!existsSync(path.join(root, file))) problems.push(`${doc}: the link to ${target} leads to no file`);
  }
}

/** The sidebar labels of one remote: module.meta.ts's labelKeys looked up in its English catalog. */
function sidebarLabels(app) {
  const metaFile = path.join(root, 'apps', app, 'src/module.meta.ts');
  if (!existsSync(metaFile)) return [];
  const meta = readFileSync(metaFile, 'utf8');
  const catalog = /catalog:\s*'([^']+)'/.exec(meta)?.[1];
  const english = JSON.parse(readFileSync(path.join(root, 'apps', app, 'src', catalog, 'en.json'), 'utf8'));
  return [...meta.matchAll(/labelKey:\s*'([^']+)'/g)].map(([, key]) => english[key] ?? key);
}

// Markdown reads a line break inside a paragraph as a space.
const readme = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
const remotes = readdirSync(path.join(root, 'apps')).filter((app) => app.startsWith('mf-'));
for (const label of remotes.flatMap(sidebarLabels)) {
  if (!readme.includes(label)) problems.push(`README.md does not name the sidebar's "${label}"`);
}

if (problems.length > 0) {
  console.error(`Docs check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Docs check: the links of ${DOCS.length} docs lead to files; README names every module in the sidebar.`);
