#!/usr/bin/env node
/**
 * Size budgets of the production build, in gzip bytes, without a browser or a clock:
 * `node scripts/check-size-budgets.mjs` after `npx nx run-many -t build`.
 *
 * What is measured (each file's bytes gzipped at zlib level 6, as bench/frontend.bench.ts does; a
 * file counted once per row):
 *  - the shell's first paint: the JS and CSS its index.html loads (antd's stylesheet, which the build
 *    writes, on a row of its own), the chunks of `import('./bootstrap')`
 *    (the async boundary in apps/shell/src/index.ts), and the shared modules those consume before they
 *    run, transitively (React, React DOM, the query client …). Lazy chunks (the antd frame) are not in it;
 *  - each remote's first screen: its remote entry, the exposed module's chunks, and the chunks of the
 *    screen its first route lazy-loads (src/module.tsx) — the remote's own files; the shared modules
 *    the screen consumes come from the shell and are budgeted there;
 *  - each shared singleton the shell provides (react, react-dom, …, antd's core chunk, the antd
 *    components of the first screen grouped in one chunk, and all antd components together).
 * And a check that does not depend on a budget: no remote bundles its own copy of a singleton (React,
 * React DOM or its renderer, React Router, react-query, dayjs, antd and its style engine, the
 * module kit, the api-client) in a chunk that its screens load; its shared fallbacks, which the shell's
 * copies stand in for, are allowed. A copy would be a second React or a second antd theme at run time.
 *
 * The chunk graph comes from dist/chunk-graph.json, which every production build writes
 * (libs/module-kit/build/federation.ts), and each app's mf-manifest.json.
 * Budgets live in size-budgets.json: the figure when it was set and the budget (that + headroom).
 * `--update` rewrites it from this build (after a deliberate change; say why in the commit).
 * Exits 1 when a figure is over its budget, a row has no budget, or a remote bundles a singleton.
 */
import './supported-node.mjs';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The front-end bench's second lens: React's and React Router's license banners name the file they
// come from, so a chunk holding react-dom/client shows up even if its modules were not reported.
// Imported after the Node check: a Node without type stripping cannot load a .ts file at all.
const { packagesInLicense } = await import('../bench/lib/frontend-assets.ts');
const { ANTD_STYLESHEET } = await import('../libs/module-kit/build/antd-styles/antd-styles.ts');

const root = path.resolve(import.meta.dirname, '..');
const BUDGETS_FILE = path.join(root, 'size-budgets.json');
const HEADROOM = 0.08;
const UPDATE = process.argv.includes('--update');

/** npm packages whose code in a remote's screen chunks is a second copy of a singleton (antd's style engine included). */
const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'dayjs',
  'react-router',
  'react-router-dom',
  'antd',
  '@ant-design/cssinjs',
  '@ant-design/cssinjs-utils',
];
/** Stateless parts of those packages that each app bundles by design. */
const ALLOWED_COPIES = [
  /^react\/(jsx-runtime|jsx-dev-runtime)\.js$/,
  /^react\/cjs\/react-jsx-(dev-)?runtime\./,
  /^dayjs\/(esm\/)?(plugin|locale)\//,
];
/** Workspace libs shared as singletons: their sources in a remote's screen chunks are a second instance. */
const SINGLETON_LIBS = ['libs/module-kit/src/', 'libs/api-client/src/'];

const packageOf = (modulePath) => {
  const parts = modulePath.split('/');
  return modulePath.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};
const format = (bytes) => bytes.toLocaleString('en-US');

class App {
  constructor(name, dir) {
    this.name = name;
    this.dir = dir;
    for (const file of ['mf-manifest.json', 'chunk-graph.json', 'index.html']) {
      if (!fs.existsSync(path.join(dir, file))) {
        throw new Error(
          `${path.relative(root, path.join(dir, file))} is missing: build first (npx nx run-many -t build)`,
        );
      }
    }
    this.manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
    this.chunks = JSON.parse(fs.readFileSync(path.join(dir, 'chunk-graph.json'), 'utf8'));
    this.gzipCache = new Map();
  }

  gzip(file) {
    if (!this.gzipCache.has(file))
      this.gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(this.dir, file)), { level: 6 }).length);
    return this.gzipCache.get(file);
  }

  /** Gzip bytes of a set of files (JS and CSS; source maps and reports are not downloaded). */
  bytes(files) {
    return [...new Set(files)].filter((f) => /\.(m?js|css)$/.test(f)).reduce((sum, f) => sum + this.gzip(f), 0);
  }

  /** The chunks loaded for one origin: an import() of `request` in `module`, or a shared module. */
  group(test) {
    return this.chunks.filter((c) => c.origins.some(test));
  }

  /** The shared modules `chunks` consume, and everything those load and consume in turn. */
  withConsumed(chunks) {
    const seen = new Set(chunks);
    const keys = new Set();
    const queue = [...chunks];
    while (queue.length) {
      for (const key of queue.shift().consumes) {
        if (keys.has(key)) continue;
        keys.add(key);
        for (const c of this.group((o) => o.shared === key)) {
          if (seen.has(c)) continue;
          seen.add(c);
          queue.push(c);
        }
      }
    }
    return { chunks: [...seen], shared: [...keys].sort() };
  }

  /** The files the HTML page loads (script src, stylesheet href), relative to dist. */
  htmlFiles() {
    const html = fs.readFileSync(path.join(this.dir, 'index.html'), 'utf8');
    const refs = [
      ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
      ...html.matchAll(/<link[^>]*\shref="([^"]+\.css)"/g),
    ].map((m) => m[1]);
    return refs.filter((ref) => !/^[a-z]+:\/\//.test(ref)).map((ref) => ref.replace(/^\//, ''));
  }
}

const filesOf = (chunks) => chunks.flatMap((c) => c.files);

function shellRows(shell) {
  const html = shell.htmlFiles();
  const initial = shell.chunks.filter((c) => c.files.some((f) => html.includes(f)));
  const bootstrap = shell.group((o) => o.module === 'src/index.ts' && o.request === './bootstrap');
  if (!bootstrap.length)
    throw new Error(
      "apps/shell: no chunk is loaded by src/index.ts's import('./bootstrap'); the first-paint figure would be wrong",
    );
  const firstPaint = shell.withConsumed([...initial, ...bootstrap]);
  // antd's stylesheet, written by the build (libs/module-kit/build/antd-styles/): budgeted on its own
  // row, so that neither it nor the scripts can grow behind the other's figure.
  const antdStyles = html.filter((file) => ANTD_STYLESHEET.test(file));
  const rows = [
    {
      name: 'shell: first paint',
      bytes: shell.bytes([...html.filter((file) => !antdStyles.includes(file)), ...filesOf(firstPaint.chunks)]),
      what: `index.html's files, the bootstrap chunks and the shared modules they consume (${firstPaint.shared.join(', ')})`,
    },
  ];
  if (antdStyles.length)
    rows.push({
      name: 'shell: antd stylesheet',
      bytes: shell.bytes(antdStyles),
      what: "the first screen's antd CSS, written at build time and linked by index.html (it blocks the first paint too)",
    });
  // The singletons as the shell's build shares them (libs/module-kit/build/federation.ts), antd's
  // per-component entries apart (budgeted below as its core and its components).
  const singletons = shell.manifest.shared
    .filter((s) => s.singleton && !s.name.startsWith('antd/es/'))
    .map((s) => s.name);
  // Those the shell groups into one chunk (shared-libs, see federation.ts) are budgeted as that chunk.
  const sharedLibsFiles = new Set(filesOf(shell.chunks.filter((c) => c.names.includes('shared-libs'))));
  const inSharedLibs = [];
  for (const key of singletons) {
    const provided = shell.withConsumed(shell.group((o) => o.shared === key));
    const own = shell.group((o) => o.shared === key);
    if (!own.length)
      throw new Error(
        `apps/shell provides no ${key}: its federation config (libs/module-kit/build/federation.ts) shares it`,
      );
    const files = filesOf(own);
    if (files.some((f) => sharedLibsFiles.has(f))) inSharedLibs.push(key);
    const ownFiles = files.filter((f) => !sharedLibsFiles.has(f));
    if (!ownFiles.length) continue;
    rows.push({
      name: `shared: ${key}`,
      bytes: shell.bytes(ownFiles),
      what: `provided by the shell${provided.shared.length ? `; consumes ${provided.shared.join(', ')}` : ''}${inSharedLibs.includes(key) ? ' (besides shared-libs)' : ''}`,
    });
  }
  if (sharedLibsFiles.size)
    rows.push({
      name: 'shared: shared-libs',
      bytes: shell.bytes([...sharedLibsFiles]),
      what: `the shared libraries every screen runs on, in one chunk: ${inSharedLibs.join(', ')}`,
    });
  const antdCore = shell.chunks.filter((c) => c.names.includes('antd-core'));
  if (!antdCore.length)
    throw new Error(
      "apps/shell has no chunk named 'antd-core' (performance.chunkSplit.forceSplitting in libs/module-kit/build/federation.ts)",
    );
  const coreFiles = new Set(filesOf(antdCore));
  const components = shell.group((o) => o.shared?.startsWith('antd/es/'));
  rows.push({
    name: 'shared: antd core',
    bytes: shell.bytes([...coreFiles]),
    what: 'theme, cssinjs, config, motion, popups: one chunk every antd component needs',
  });
  const firstScreen = shell.chunks.filter((c) => c.names.includes('antd-first-screen'));
  if (!firstScreen.length)
    throw new Error(
      "apps/shell has no chunk named 'antd-first-screen' (ANTD_FIRST_SCREEN in libs/module-kit/build/federation.ts)",
    );
  rows.push({
    name: 'shared: antd first screen',
    bytes: shell.bytes(filesOf(firstScreen)),
    what: 'the antd components of the frame and the dashboard in one chunk (ANTD_FIRST_SCREEN), preloaded by index.html',
  });
  rows.push({
    name: 'shared: antd components (all)',
    bytes: shell.bytes(filesOf(components).filter((f) => !coreFiles.has(f))),
    what: `every antd/es/<component> the shell provides (${new Set(components.flatMap((c) => c.origins.filter((o) => o.shared?.startsWith('antd/es/')).map((o) => o.shared))).size}), each a lazy chunk: a page downloads those it renders`,
  });
  return rows;
}

/** The route path and lazily imported module of the first route in src/module.tsx. */
function firstScreen(appDir) {
  const source = fs.readFileSync(path.join(appDir, 'src/module.tsx'), 'utf8');
  // moduleFromMeta's screens by path (`routes: { '/tasks': TasksPage, … }`), or a plain route list.
  const route =
    /routes:\s*\{\s*'([^']*)':\s*(\w+)/.exec(source) ??
    /routes:\s*\[\s*\{\s*path:\s*'([^']*)',\s*Component:\s*(\w+)/.exec(source);
  if (!route)
    throw new Error(
      `${path.relative(root, appDir)}/src/module.tsx: cannot read its first route ({ '<path>': Screen } or { path, Component })`,
    );
  // lazy(() => import('…')) or lazyScreen(() => …), whose factory may start other imports first;
  // the import may name its chunk (import(/* webpackChunkName: "…" */ '…')).
  const lazy = new RegExp(
    `const ${route[2]} = (?:lazy|lazyScreen)\\(\\(\\) =>[\\s\\S]*?\\bimport\\((?:/\\*[^*]*\\*/\\s*)?'([^']+)'\\)`,
  ).exec(source);
  if (!lazy)
    throw new Error(
      `${path.relative(root, appDir)}/src/module.tsx: ${route[2]} is not a lazyScreen(() => import('…')) screen`,
    );
  return { path: route[1], request: lazy[1] };
}

function remoteRow(remote, appDir) {
  const screen = firstScreen(appDir);
  const entry = remote.manifest.metaData.remoteEntry.name;
  const exposed = remote.manifest.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.css.sync]);
  const containerChunks = remote.group((o) => o.containerEntry);
  const screenChunks = remote.group((o) => o.module === 'src/module.tsx' && o.request === screen.request);
  if (!screenChunks.length)
    throw new Error(`${remote.name}: no chunk is loaded by src/module.tsx's import('${screen.request}')`);
  return {
    name: `remote ${remote.name}: first screen`,
    bytes: remote.bytes([entry, ...exposed, ...filesOf(containerChunks), ...filesOf(screenChunks)]),
    what: `remote entry, exposed module, ${screen.path} (${screen.request})`,
  };
}

/** Chunks a remote's screens can load: all but those loaded only as a shared module's fallback. */
function singletonCopies(remote) {
  const fallbackOnly = (c) => c.origins.length > 0 && c.origins.every((o) => o.shared);
  const failures = [];
  for (const chunk of remote.chunks.filter((c) => c.files.length && !fallbackOnly(c))) {
    const copies = [
      ...chunk.npmModules.filter(
        (m) => SINGLETON_PACKAGES.includes(packageOf(m)) && !ALLOWED_COPIES.some((re) => re.test(m)),
      ),
      ...chunk.libModules.filter((m) => SINGLETON_LIBS.some((lib) => m.replace(/^(\.\.\/)+/, '').startsWith(lib))),
    ];
    for (const file of chunk.files.filter((f) => fs.existsSync(path.join(remote.dir, `${f}.LICENSE.txt`)))) {
      for (const pkg of packagesInLicense(fs.readFileSync(path.join(remote.dir, `${file}.LICENSE.txt`), 'utf8'))) {
        if (
          !copies.some((m) => packageOf(m) === pkg || (pkg === 'react-router-dom' && packageOf(m) === 'react-router'))
        )
          copies.push(`${pkg}: the license banner of ${file}`);
      }
    }
    if (copies.length) {
      failures.push(
        `${remote.name} bundles its own copy of ${[...new Set(copies.map((m) => (m.startsWith('..') ? m.replace(/^(\.\.\/)+/, '').split('/src/')[0] : packageOf(m.split(':')[0]))))].join(', ')} in ${chunk.files.join(', ')} ` +
          `(${copies.slice(0, 3).join(', ')}${copies.length > 3 ? ' …' : ''}): import it as the shared module (the package itself, not a deep path), or share it in libs/module-kit/build/federation.ts`,
      );
    }
  }
  return failures;
}

function main() {
  const shell = new App('shell', path.join(root, 'apps/shell/dist'));
  const remoteDirs = fs
    .readdirSync(path.join(root, 'apps'))
    .filter((d) => d.startsWith('mf-') && fs.existsSync(path.join(root, 'apps', d, 'package.json')))
    .sort();
  const rows = shellRows(shell);
  const failures = [];
  for (const dir of remoteDirs) {
    const remote = new App(dir.slice(3), path.join(root, 'apps', dir, 'dist'));
    rows.push(remoteRow(remote, path.join(root, 'apps', dir)));
    failures.push(...singletonCopies(remote));
  }

  const saved = fs.existsSync(BUDGETS_FILE) ? JSON.parse(fs.readFileSync(BUDGETS_FILE, 'utf8')) : { budgets: {} };
  if (UPDATE) {
    const budgets = Object.fromEntries(
      rows.map((r) => [r.name, { setAt: r.bytes, budget: Math.ceil((r.bytes * (1 + HEADROOM)) / 100) * 100 }]),
    );
    const note = `Gzip bytes (zlib level 6) of the production build, checked by scripts/check-size-budgets.mjs. budget = setAt + ${HEADROOM * 100} % headroom, rounded up to 100 bytes. Rewrite with --update after a deliberate change, and say why in the commit.`;
    fs.writeFileSync(BUDGETS_FILE, `${JSON.stringify({ note, budgets }, null, 2)}\n`);
    saved.budgets = budgets;
    console.log(`Wrote ${path.relative(process.cwd(), BUDGETS_FILE)}.`);
  }

  const table = [['', 'gzip bytes', 'budget', 'headroom left', '']];
  for (const row of rows) {
    const b = saved.budgets[row.name];
    if (!b) {
      failures.push(
        `${row.name}: ${format(row.bytes)} B gzip has no budget in size-budgets.json: run npm run check:size -- --update and commit it`,
      );
      table.push([row.name, format(row.bytes), '—', '—', 'NO BUDGET']);
      continue;
    }
    const left = b.budget - row.bytes;
    table.push([
      row.name,
      format(row.bytes),
      format(b.budget),
      `${format(left)} (${((left / b.budget) * 100).toFixed(1)} %)`,
      left < 0 ? 'OVER' : '',
    ]);
    if (left < 0) {
      const growth = row.bytes - b.setAt;
      failures.push(
        `${row.name} is ${format(row.bytes)} B gzip, ${format(-left)} B over its budget of ${format(b.budget)} B: it grew by ${format(growth)} B (${((growth / b.setAt) * 100).toFixed(1)} %) since the budget was set at ${format(b.setAt)} B [${row.what}]`,
      );
    }
  }
  for (const name of Object.keys(saved.budgets)) {
    if (!rows.some((r) => r.name === name))
      failures.push(
        `size-budgets.json has a budget for "${name}", which this build no longer has: run --update and commit it`,
      );
  }

  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table)
    console.log(
      r
        .map((cell, j) => (j === 0 ? cell.padEnd(widths[j]) : cell.padStart(widths[j])))
        .join('  ')
        .trimEnd(),
    );
  if (process.argv.includes('--verbose')) for (const row of rows) console.log(`  ${row.name}: ${row.what}`);
  if (failures.length) {
    console.error(
      `\nSize budgets: ${failures.length} failure${failures.length === 1 ? '' : 's'}:\n${failures.map((f) => `  - ${f}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`\nSize budgets: ${rows.length} figures within budget; no remote bundles a shared singleton of its own.`);
}

try {
  main();
} catch (error) {
  console.error(`Size budgets: ${error.message}`);
  process.exit(1);
}
