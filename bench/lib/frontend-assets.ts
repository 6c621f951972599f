/**
 * The browser-free half of bench/frontend.bench.ts: which app a request belongs to, byte totals
 * per app, and the shared-singleton check against the apps' mf-manifest.json files. Pure functions
 * on plain data, so the check can be proven to fail on a synthetic case (singletonSelfTest).
 */

/** One request the page made, as recorded by bench/lib/frontend-browser.ts. */
export interface Fetched {
  /** Path of the URL, without query string, e.g. /remotes/organiser/static/js/async/1.js. */
  path: string;
  /** 'shell', a remote's id, 'api', or 'other' (another origin). */
  app: string;
  kind: 'js' | 'css' | 'other';
  status: number;
  /** Body bytes as the browser received them (still compressed), 0 until finished. */
  encodedBytes: number;
  /** Body bytes after decompression. */
  decodedBytes: number;
  /** zlib gzip level 6 of the decoded body (JS and CSS only; 0 for the rest). */
  gzipBytes: number;
  /** The response's content-encoding header ('' for none). */
  contentEncoding: string;
}

/** The app a same-origin path belongs to: the API, one remote (/remotes/<id>/…), or the shell. */
export function appOf(path: string): string {
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  const remote = /^\/remotes\/([^/]+)\//.exec(path);
  return remote ? remote[1] : 'shell';
}

export function kindOf(path: string, resourceType: string, contentType: string): Fetched['kind'] {
  if (/\.m?js$/.test(path) || contentType.includes('javascript')) return 'js';
  if (path.endsWith('.css') || contentType.includes('text/css') || resourceType === 'stylesheet') return 'css';
  return 'other';
}

export interface AppBytes {
  requests: number;
  jsFiles: number;
  jsEncoded: number;
  jsGzip: number;
  cssEncoded: number;
  cssGzip: number;
  /** Every body received (JS, CSS, HTML, JSON …), compressed as sent. */
  allEncoded: number;
}

const emptyBytes = (): AppBytes => ({
  requests: 0,
  jsFiles: 0,
  jsEncoded: 0,
  jsGzip: 0,
  cssEncoded: 0,
  cssGzip: 0,
  allEncoded: 0,
});

/** Totals per app, plus 'total' over all of them. */
export function bytesPerApp(fetched: Fetched[]): Record<string, AppBytes> {
  const out: Record<string, AppBytes> = { total: emptyBytes() };
  for (const f of fetched) {
    for (const key of [f.app, 'total']) {
      const b = (out[key] ??= emptyBytes());
      b.requests++;
      b.allEncoded += f.encodedBytes;
      if (f.kind === 'js') {
        b.jsFiles++;
        b.jsEncoded += f.encodedBytes;
        b.jsGzip += f.gzipBytes;
      } else if (f.kind === 'css') {
        b.cssEncoded += f.encodedBytes;
        b.cssGzip += f.gzipBytes;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Shared singletons

/** The part of an mf-manifest.json (or mf-stats.json) the check reads. */
export interface ManifestShared {
  shared: {
    name: string;
    singleton?: boolean;
    assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } };
  }[];
}

/** An app's manifest and the URL path its assets are served under ('/' or '/remotes/<id>/'). */
export interface AppManifest {
  app: string;
  basePath: string;
  manifest: ManifestShared;
}

/** 'antd/es/button' → 'antd', '@tanstack/react-query' → itself, 'react/jsx-runtime' → 'react'. */
export function packageOf(sharedKey: string): string {
  const parts = sharedKey.split('/');
  return sharedKey.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Every app must declare each required package it bundles shared as a singleton: an app that does
 * not share one it uses bundles its own copy, in chunks its manifest does not list, where the
 * download check could not see it. `bundles` answers whether an app's build holds a package at all
 * (from its dist/chunk-contents.json); without it every package counts as bundled. (Every app shares the same list today, libs/module-kit/build/federation.ts.)
 */
export function declarationFailures(
  apps: AppManifest[],
  required: readonly string[],
  bundles: (app: string, pkg: string) => boolean = () => true,
): string[] {
  const failures: string[] = [];
  for (const { app, manifest } of apps) {
    for (const pkg of required) {
      const entries = (manifest.shared ?? []).filter((s) => packageOf(s.name) === pkg);
      // An app that does not use a package (a remote without React DOM code) needs no declaration.
      if (entries.length === 0 && bundles(app, pkg))
        failures.push(`${app}'s mf-manifest.json does not share ${pkg}: if it uses it, it ships its own copy`);
      else if (entries.some((s) => s.singleton === false))
        failures.push(`${app} shares ${pkg} without singleton: true`);
    }
  }
  return failures;
}

/** URL path → the app serving it and the shared packages whose code it holds. */
export type SharedIndex = Map<string, { app: string; packages: Set<string> }>;

export function sharedIndex(apps: AppManifest[]): SharedIndex {
  const index: SharedIndex = new Map();
  for (const { app, basePath, manifest } of apps) {
    for (const shared of manifest.shared ?? []) {
      const { js, css } = shared.assets;
      for (const asset of [...js.sync, ...js.async, ...css.sync, ...css.async]) {
        const path = `${basePath.replace(/\/?$/, '/')}${asset.replace(/^\//, '')}`;
        const entry = index.get(path) ?? { app, packages: new Set<string>() };
        entry.packages.add(packageOf(shared.name));
        index.set(path, entry);
      }
    }
  }
  return index;
}

/**
 * A second lens on the same question, for code the manifests do not list: Rsbuild writes the
 * license comments of each chunk to <chunk>.LICENSE.txt, and React's and React Router's name the
 * file they come from. So a chunk holding react-dom/client (the renderer, which sharing 'react-dom'
 * does not cover) shows up as react-dom here. jsx-runtime and scheduler are left out: stateless or
 * internal to the renderer.
 */
const LICENSE_BANNERS: [RegExp, string][] = [
  [/\breact\.production\.js\b/, 'react'],
  [/\breact-dom(-client)?\.production\.js\b/, 'react-dom'],
  // ' * react-router v7.18.5' and ' * react-router-dom v7.18.5': one package for the check.
  [/^\s*\*\s*react-router(-dom)?\s+v\d/m, 'react-router-dom'],
];

export function packagesInLicense(licenseText: string): string[] {
  return [...new Set(LICENSE_BANNERS.filter(([re]) => re.test(licenseText)).map(([, pkg]) => pkg))];
}

/** The banner index of the files fetched: `licenseOf(path)` answers a chunk's LICENSE.txt (or null). */
export function licenseIndex(
  fetched: Pick<Fetched, 'path' | 'app' | 'kind'>[],
  licenseOf: (path: string) => string | null,
): SharedIndex {
  const index: SharedIndex = new Map();
  for (const f of fetched) {
    if (f.kind !== 'js' || index.has(f.path)) continue;
    const text = licenseOf(f.path);
    const packages = text ? packagesInLicense(text) : [];
    if (packages.length) index.set(f.path, { app: f.app, packages: new Set(packages) });
  }
  return index;
}

/** Both lenses together: a file's packages are the union of what each says. */
export function mergeIndexes(...indexes: SharedIndex[]): SharedIndex {
  const merged: SharedIndex = new Map();
  for (const index of indexes) {
    for (const [path, { app, packages }] of index) {
      const entry = merged.get(path) ?? { app, packages: new Set<string>() };
      for (const pkg of packages) entry.packages.add(pkg);
      merged.set(path, entry);
    }
  }
  return merged;
}

export interface SingletonUse {
  package: string;
  /** The apps its code was downloaded from (must be exactly one). */
  apps: string[];
  /** Requests for files holding it; a file requested twice counts twice. */
  downloads: number;
  files: string[];
}

/**
 * Which app each shared package's code was downloaded from, and the failures: a package fetched
 * from two apps (a second copy of React, antd …), a file of it requested twice, or a `required`
 * package no downloaded file is listed for (then the check cannot see it, which must not pass).
 */
export function checkSingletons(
  index: SharedIndex,
  fetched: Pick<Fetched, 'path' | 'status'>[],
  required: readonly string[],
) {
  const uses = new Map<string, { apps: Set<string>; downloads: number; files: string[] }>();
  const perFile = new Map<string, number>();
  for (const f of fetched) {
    if (f.status >= 400) continue;
    const entry = index.get(f.path);
    if (!entry) continue;
    perFile.set(f.path, (perFile.get(f.path) ?? 0) + 1);
    for (const pkg of entry.packages) {
      const use = uses.get(pkg) ?? { apps: new Set<string>(), downloads: 0, files: [] };
      use.apps.add(entry.app);
      use.downloads++;
      if (!use.files.includes(f.path)) use.files.push(f.path);
      uses.set(pkg, use);
    }
  }
  const failures: string[] = [];
  const packages = [...new Set([...required, ...uses.keys()])].sort();
  const report: SingletonUse[] = packages.map((pkg) => {
    const use = uses.get(pkg);
    return {
      package: pkg,
      apps: use ? [...use.apps].sort() : [],
      downloads: use?.downloads ?? 0,
      files: use?.files ?? [],
    };
  });
  for (const use of report) {
    if (use.apps.length > 1)
      failures.push(
        `${use.package} was downloaded from ${use.apps.length} apps (${use.apps.join(', ')}): ${use.files.join(', ')}`,
      );
    const twice = use.files.filter((file) => (perFile.get(file) ?? 0) > 1);
    if (twice.length) failures.push(`${use.package}: ${twice.join(', ')} requested more than once`);
    if (use.apps.length === 0 && required.includes(use.package)) {
      failures.push(
        `${use.package}: no downloaded file is listed for it in any app's mf-manifest.json shared section, so the check cannot tell where it came from`,
      );
    }
  }
  return { report, failures };
}

/**
 * Proves the check can fail: a synthetic shell + remote manifest (antd shared per component in the
 * shell, whole in the remote, as during a migration) and request lists that must, and must not,
 * fail. Answers the problems found; an empty list means the check works.
 */
export function singletonSelfTest(): string[] {
  const assets = (...js: string[]) => ({ js: { sync: js, async: [] }, css: { sync: [], async: [] } });
  const index = sharedIndex([
    {
      app: 'shell',
      basePath: '/',
      manifest: {
        shared: [
          { name: 'react', assets: assets('static/js/react.js') },
          { name: 'antd/es/button', assets: assets('static/js/antd-button.js') },
          { name: 'antd/es/table', assets: assets('static/js/antd-table.js') },
        ],
      },
    },
    {
      app: 'organiser',
      basePath: '/remotes/organiser/',
      manifest: {
        shared: [
          { name: 'react', assets: assets('static/js/react.js') },
          { name: 'antd', assets: assets('static/js/antd.js') },
        ],
      },
    },
  ]);
  const ok = (path: string) => ({ path, status: 200 });
  const required = ['react', 'antd'];
  const cases: { name: string; fetched: { path: string; status: number }[]; expect: RegExp | null }[] = [
    {
      name: 'each package once from the shell',
      fetched: [
        ok('/static/js/react.js'),
        ok('/static/js/antd-button.js'),
        ok('/static/js/antd-table.js'),
        ok('/remotes/organiser/static/js/page.js'),
      ],
      expect: null,
    },
    {
      name: "the remote's own React",
      fetched: [
        ok('/static/js/react.js'),
        ok('/static/js/antd-button.js'),
        ok('/remotes/organiser/static/js/react.js'),
      ],
      expect: /^react was downloaded from 2 apps/,
    },
    {
      name: "the remote's whole antd beside the shell's per-component antd",
      fetched: [ok('/static/js/react.js'), ok('/static/js/antd-table.js'), ok('/remotes/organiser/static/js/antd.js')],
      expect: /^antd was downloaded from 2 apps/,
    },
    {
      name: 'one file fetched twice',
      fetched: [ok('/static/js/react.js'), ok('/static/js/react.js'), ok('/static/js/antd-button.js')],
      expect: /^react: .* requested more than once/,
    },
    {
      name: 'a required package never seen',
      fetched: [ok('/static/js/react.js')],
      expect: /^antd: no downloaded file is listed/,
    },
    {
      name: 'a failed request is no download',
      fetched: [
        ok('/static/js/react.js'),
        ok('/static/js/antd-button.js'),
        { path: '/remotes/organiser/static/js/react.js', status: 404 },
      ],
      expect: null,
    },
  ];
  const problems: string[] = [];
  // The license lens: a remote chunk holding react-dom/client, which no manifest lists.
  const licenses: Record<string, string> = {
    '/static/js/react-dom-client.js': '/**\n * @license React\n * react-dom-client.production.js\n */',
    '/remotes/organiser/static/js/5.js':
      '/**\n * @license React\n * react-dom-client.production.js\n *\n * @license React\n * scheduler.production.js\n */',
  };
  const renderers = [
    { path: '/static/js/react.js', app: 'shell', kind: 'js' as const },
    { path: '/static/js/antd-button.js', app: 'shell', kind: 'js' as const },
    { path: '/static/js/react-dom-client.js', app: 'shell', kind: 'js' as const },
    { path: '/remotes/organiser/static/js/5.js', app: 'organiser', kind: 'js' as const },
  ];
  const withLicenses = mergeIndexes(
    index,
    licenseIndex(renderers, (path) => licenses[path] ?? null),
  );
  if (
    !checkSingletons(
      withLicenses,
      renderers.map((r) => ok(r.path)),
      required,
    ).failures.some((f) => /^react-dom was downloaded from 2 apps/.test(f))
  ) {
    problems.push("the license lens does not see a remote's own react-dom/client");
  }
  const declared = declarationFailures(
    [
      {
        app: 'shell',
        basePath: '/',
        manifest: {
          shared: [
            { name: 'react', singleton: true, assets: assets() },
            { name: 'antd/es/button', singleton: true, assets: assets() },
          ],
        },
      },
      {
        app: 'organiser',
        basePath: '/remotes/organiser/',
        manifest: { shared: [{ name: 'react', singleton: false, assets: assets() }] },
      },
    ],
    required,
  );
  if (
    declared.length !== 2 ||
    !declared.some((f) => /organiser's .* does not share antd/.test(f)) ||
    !declared.some((f) => /organiser shares react without singleton/.test(f))
  ) {
    problems.push(
      `declarationFailures should flag the remote's missing antd and non-singleton react, got ${JSON.stringify(declared)}`,
    );
  }
  if (
    packagesInLicense('/**\n * react-router v7.18.5\n *\n * react-router-dom v7.18.5\n */').join() !==
    'react-router-dom'
  )
    problems.push('packagesInLicense misreads the React Router banner');
  for (const c of cases) {
    const { failures } = checkSingletons(index, c.fetched, required);
    if (c.expect === null && failures.length)
      problems.push(`${c.name}: expected no failure, got ${JSON.stringify(failures)}`);
    if (c.expect !== null && !failures.some((f) => c.expect!.test(f)))
      problems.push(`${c.name}: expected a failure matching ${c.expect}, got ${JSON.stringify(failures)}`);
  }
  if (
    packageOf('antd/es/button') !== 'antd' ||
    packageOf('@tanstack/react-query') !== '@tanstack/react-query' ||
    packageOf('@scope/pkg/sub') !== '@scope/pkg'
  ) {
    problems.push('packageOf does not map shared keys to package names');
  }
  return problems;
}
