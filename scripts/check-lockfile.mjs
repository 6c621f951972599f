#!/usr/bin/env node
/**
 * The lockfile installs the same tree on every platform: `node scripts/check-lockfile.mjs [lockfile]`.
 *
 * npm ci checks that package-lock.json agrees with the package.json files, but not that the lockfile
 * is complete: when a locked package's optionalDependencies (the per-platform binaries of nx, rspack,
 * swc …) are missing from it, npm ci installs nothing for them, without a word, and the tool then
 * fails on that platform (macOS, Windows, musl). npm drops such entries when it writes the lockfile
 * from a machine that had node_modules, and does not put them back for packages reached only through
 * a workspace. Checked here:
 *  - every dependency and optional dependency of every locked package resolves, the way Node does
 *    (node_modules folders upwards), to a locked entry whose version satisfies the range;
 *  - every workspace's package.json dependencies are recorded in its lockfile entry as written there
 *    (npm ci reports this too; here it comes with the rest, in plain words).
 * Before checking, it proves it can fail: the same checks run on a copy of the lockfile with one
 * platform package removed and one workspace range changed, and must report both.
 * Exits 1 on a finding, printing each with the command that fixes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));
/** semver is in the tree through npm's own dependencies (nx, jest …); no package of ours adds it. */
const semver = require('semver');

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/** The lock entry Node would load `name` from when `from` (a lock key) requires it, or null. */
function resolveFrom(packages, from, name) {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up < 0 ? '' : base.slice(0, up);
  }
}

/** A workspace link (node_modules/@aide/ui → libs/ui) stands for its target. */
function target(packages, key) {
  const entry = packages[key];
  return entry?.link ? packages[entry.resolved] : entry;
}

/** A package's name from its lock key: node_modules/a/node_modules/@s/b → @s/b. */
const nameOf = (key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Whether `version` satisfies a range; specs that are not ranges (file:, git, npm: aliases, tags) pass. */
function satisfies(version, spec) {
  if (!semver.validRange(spec)) return true;
  return semver.satisfies(version, spec, { includePrerelease: true });
}

/**
 * The findings for a parsed lockfile and the workspaces' package.json files ({ lockKey: manifest }).
 * Each finding: { kind: 'missing' | 'version' | 'workspace', message, parent? }.
 */
export function lockfileFindings(lock, manifests) {
  const findings = [];
  const packages = lock.packages;
  if (!packages || lock.lockfileVersion < 2) {
    return [
      {
        kind: 'format',
        message: `lockfileVersion ${lock.lockfileVersion} has no "packages" section: run npm install with npm 7 or later`,
      },
    ];
  }
  for (const [key, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    const isWorkspace = key !== '' && !key.includes('node_modules/');
    for (const field of ['dependencies', 'optionalDependencies']) {
      for (const [name, spec] of Object.entries(entry[field] ?? {})) {
        const found = resolveFrom(packages, key, name);
        const label = key === '' ? 'the root package.json' : isWorkspace ? key : `${nameOf(key)}@${entry.version}`;
        if (!found) {
          // A required dependency of an optional package may be absent where the optional one is.
          if (field === 'dependencies' && entry.optional) continue;
          findings.push({
            kind: 'missing',
            parent: key,
            message: `${label} ${field === 'optionalDependencies' ? 'optionally ' : ''}depends on ${name}@${spec}, which the lockfile does not hold: npm ci ${
              field === 'optionalDependencies'
                ? 'on the platform it is for installs nothing in its place'
                : 'cannot install it'
            }`,
          });
          continue;
        }
        const resolved = target(packages, found);
        if (resolved?.version && !satisfies(resolved.version, spec)) {
          findings.push({
            kind: 'version',
            parent: key,
            message: `${label} depends on ${name}@${spec}, but the lockfile holds ${name}@${resolved.version} (${found})`,
          });
        }
      }
    }
  }
  for (const [key, manifest] of Object.entries(manifests)) {
    const entry = packages[key];
    if (!entry) {
      findings.push({
        kind: 'workspace',
        message: `${key || 'the root package'} is not in the lockfile: run npm install`,
      });
      continue;
    }
    for (const field of DEPENDENCY_FIELDS) {
      const want = manifest[field] ?? {};
      const have = entry[field] ?? {};
      for (const name of new Set([...Object.keys(want), ...Object.keys(have)])) {
        if (want[name] === have[name]) continue;
        const where = `${key || '.'}/package.json`;
        findings.push({
          kind: 'workspace',
          message:
            want[name] === undefined
              ? `the lockfile still lists ${name}@${have[name]} in ${where}'s ${field}, which no longer has it: run npm install`
              : `${where} has ${field} ${name}@${want[name]}, the lockfile ${have[name] === undefined ? 'does not list it' : `records ${have[name]}`}: run npm install`,
        });
      }
    }
  }
  return findings;
}

/** How to put missing entries back: npm walks from the root's own dependencies, not through workspace links. */
function fixFor(lock, findings) {
  const rootDeps = new Set(DEPENDENCY_FIELDS.flatMap((field) => Object.keys(lock.packages[''][field] ?? {})));
  const parents = [
    ...new Set(findings.filter((f) => f.kind === 'missing' || f.kind === 'version').map((f) => f.parent)),
  ];
  const lines = [];
  for (const key of parents) {
    if (key === '' || !key.includes('node_modules/')) {
      lines.push('npm install --package-lock-only');
      continue;
    }
    const name = nameOf(key);
    const { version } = lock.packages[key];
    if (rootDeps.has(name))
      lines.push('npm install --package-lock-only'); // npm looks into the root's own dependencies
    else if (key.indexOf('node_modules/') !== key.lastIndexOf('node_modules/'))
      lines.push(
        `# ${key} is nested: npm update ${nameOf(key.slice(0, key.lastIndexOf('/node_modules/')))} --package-lock-only, or regenerate the lockfile`,
      );
    else {
      // Made a root devDependency for a moment, the package is one npm looks into: it adds the
      // missing entries; uninstalling it leaves the lockfile and package.json as they were otherwise.
      lines.push(
        `npm install --package-lock-only --save-dev ${name}@${version} && npm uninstall --package-lock-only ${name}`,
      );
    }
  }
  return [...new Set(lines)];
}

function workspaceManifests(lock, dir) {
  const manifests = {};
  for (const key of Object.keys(lock.packages)) {
    if (key.includes('node_modules/')) continue;
    const file = path.join(dir, key, 'package.json');
    if (fs.existsSync(file)) manifests[key] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  return manifests;
}

/** The check must see a platform package removed and a workspace range changed; answers what it missed. */
function selfTest(lock, manifests) {
  const problems = [];
  const platformParent = Object.keys(lock.packages).find((key) =>
    Object.keys(lock.packages[key].optionalDependencies ?? {}).some((name) => resolveFrom(lock.packages, key, name)),
  );
  if (platformParent) {
    const broken = structuredClone(lock);
    const victim = Object.keys(broken.packages[platformParent].optionalDependencies)
      .map((name) => resolveFrom(broken.packages, platformParent, name))
      .find(Boolean);
    delete broken.packages[victim];
    if (!lockfileFindings(broken, manifests).some((f) => f.kind === 'missing' && f.message.includes(nameOf(victim))))
      problems.push(`removing ${victim} went unnoticed`);
  } else problems.push('no locked package has an optional dependency to remove');
  const workspace = Object.keys(manifests).find((key) => key && Object.keys(manifests[key].dependencies ?? {}).length);
  if (workspace) {
    const changed = structuredClone(manifests);
    const [name] = Object.keys(changed[workspace].dependencies);
    changed[workspace].dependencies[name] = '^0.0.0-changed';
    if (!lockfileFindings(lock, changed).some((f) => f.kind === 'workspace' && f.message.includes(name)))
      problems.push(`a changed range of ${name} in ${workspace}/package.json went unnoticed`);
  }
  return problems;
}

function main() {
  const lockPath = path.resolve(process.argv[2] ?? path.join(root, 'package-lock.json'));
  const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
  // The package.json files are read from the repository the script is in (a copy of the lockfile
  // elsewhere is checked against them).
  const manifests = workspaceManifests(lock, root);
  const selfProblems = selfTest(lock, manifests);
  if (selfProblems.length) {
    console.error(
      `check-lockfile: the check failed its self-test, so its verdict cannot be trusted:\n  ${selfProblems.join('\n  ')}`,
    );
    process.exit(1);
  }
  const findings = lockfileFindings(lock, manifests);
  const entries = Object.keys(lock.packages).length;
  const optional = Object.values(lock.packages).reduce(
    (n, e) => n + Object.keys(e.optionalDependencies ?? {}).length,
    0,
  );
  const where = path.relative(process.cwd(), lockPath) || lockPath;
  if (!findings.length) {
    console.log(
      `check-lockfile: ${where} is complete: ${entries} entries, ${optional} optional (platform) dependencies all locked, ${Object.keys(manifests).length} package.json files in agreement.`,
    );
    return;
  }
  console.error(`check-lockfile: ${where} has ${findings.length} problem${findings.length === 1 ? '' : 's'}:`);
  for (const f of findings.slice(0, 50)) console.error(`  - ${f.message}`);
  if (findings.length > 50) console.error(`  … and ${findings.length - 50} more`);
  const fixes = fixFor(lock, findings);
  if (fixes.length)
    console.error(
      `\nTo fix, from the repository root, then commit package-lock.json and run this check again:\n  ${fixes.join('\n  ')}`,
    );
  process.exit(1);
}

main();
