// The Node version check every entry point runs before anything else (issue 30): under a Node
// outside package.json's "engines" range the API used to die silently (argon2's native addon
// crashes Node 20 with SIGSEGV, exit 139), and ESM scripts fail on imports an older Node cannot load.
//
// Plain CommonJS in syntax every Node since 12 parses, with node: built-ins only, so that an old
// Node gets far enough to say what is wrong. The API's entries load it through supported-node.ts,
// the scripts (scripts/*.mjs, bench/run.mjs) through scripts/supported-node.mjs. The range lives
// once, in the repository's package.json ("engines": {"node": …}); the runtime image has that file
// at /app/package.json.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * "24", "24.9", "24.9.1", "24.x" → [24, 9, 1] with null for each missing or wildcard part.
 * @param {string} text
 * @returns {(number | null)[] | undefined}
 */
function parsePartial(text) {
  const match = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(text);
  if (!match) return undefined;
  const parts = [match[1], match[2], match[3]].map((part) =>
    part === undefined || /^[xX*]$/.test(part) ? null : Number(part),
  );
  // "24.x.3" is not a version range.
  const firstMissing = parts.indexOf(null);
  if (firstMissing !== -1 && parts.slice(firstMissing).some((part) => part !== null)) return undefined;
  return parts;
}

/** @param {number[]} a @param {number[]} b */
function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/**
 * The version just past every one a partial version covers: 24.9 → 24.10.0, 24 → 25.0.0.
 * @param {(number | null)[]} parts
 */
function pastPartial(parts) {
  const given = parts.indexOf(null);
  const next = parts.map((part) => part || 0);
  next[given - 1] += 1;
  for (let i = given; i < 3; i += 1) next[i] = 0;
  return next;
}

/**
 * One comparator ("<25", ">=24.9", "24.x") as a test on [major, minor, patch]; throws on anything else.
 * @param {string} text
 * @returns {(version: number[]) => boolean}
 */
function comparator(text) {
  const match = /^(>=|<=|>|<|=)?\s*(.+)$/.exec(text);
  const parts = match && parsePartial(match[2]);
  if (!parts) throw new Error(`"${text}" is not a comparator this check reads (>=, >, <=, <, = and x-ranges)`);
  const op = match[1] || '=';
  if (parts[0] === null) return () => op === '=' || op === '>=' || op === '<=';
  const low = parts.map((part) => part || 0);
  const partial = parts[2] === null;
  const high = partial ? pastPartial(parts) : low;
  switch (op) {
    case '>=':
      return (v) => compare(v, low) >= 0;
    case '<':
      return (v) => compare(v, low) < 0;
    case '>':
      return partial ? (v) => compare(v, high) >= 0 : (v) => compare(v, low) > 0;
    case '<=':
      return partial ? (v) => compare(v, high) < 0 : (v) => compare(v, low) <= 0;
    default:
      return partial ? (v) => compare(v, low) >= 0 && compare(v, high) < 0 : (v) => compare(v, low) === 0;
  }
}

/**
 * Whether `version` (process.versions.node, e.g. "24.9.0") is in `range`, an npm "engines" range
 * made of comparators (">=24.9 <25"), alternatives joined by "||". Throws on syntax it does not
 * read (^, ~, hyphen ranges), so a change to package.json's range fails its unit test rather than
 * letting every Node through.
 * @param {string} version
 * @param {string} range
 * @returns {boolean}
 */
function satisfies(version, range) {
  const parts = parsePartial(String(version).split(/[-+]/)[0]);
  if (!parts || parts.includes(null)) throw new Error(`"${version}" is not a Node version`);
  const alternatives = range.split('||').map((alternative) => {
    // ">= 24.9" and ">=24.9" are the same comparator.
    const words = alternative
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return words.length === 0 ? [() => true] : words.map(comparator);
  });
  return alternatives.some((tests) => tests.every((test) => test(parts)));
}

/**
 * The nearest package.json above `fromDir` that has engines.node: the repository's, or /app's in the image.
 * @param {string} fromDir
 * @returns {{ range: string, root: string } | undefined}
 */
function requiredNode(fromDir) {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (manifest.engines && typeof manifest.engines.node === 'string')
        return { range: manifest.engines.node, root: dir };
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * What to print when `version` is outside the range, or null when it is in it. `entry` is the
 * file being run (process.argv[1]), `args` its arguments and `cwd` where it was started from, for
 * the command to copy.
 * @param {{ version: string, execPath: string, range: string, root: string, entry: string | undefined, args: string[], cwd: string }} facts
 * @returns {string | null}
 */
function nodeVersionProblem({ version, execPath, range, root, entry, args, cwd }) {
  if (satisfies(version, range)) return null;
  const pinned = path.join(root, 'node_modules', '.bin', 'node');
  const lines = [`Aide needs Node ${range} (package.json "engines"), but this is Node ${version} (${execPath}).`];
  if (fs.existsSync(pinned)) {
    /** @param {string} file */
    const shortest = (file) => {
      const relative = path.relative(cwd, file);
      return relative.length < file.length ? relative : file;
    };
    const command = [shortest(pinned), ...(entry ? [shortest(entry)] : []), ...args];
    lines.push(
      'Run it through npm, which uses the Node that npm install put in node_modules/.bin: npm start, npm test, npm run <script>.',
      `Or run this file with that Node: ${command.join(' ')}`,
    );
  } else {
    lines.push(
      `Install a Node in that range (nodejs.org, or nvm install ${range.match(/\d+/)[0]}), or run npm install in the ` +
        'repository: it puts the pinned Node in node_modules/.bin, which npm start and npm test use.',
    );
  }
  return lines.join('\n');
}

/**
 * Prints the problem and exits with code 1 when this Node is outside package.json's range.
 * @param {string} fromDir where to look for package.json from (the entry's folder)
 * @returns {void}
 */
function exitUnlessSupportedNode(fromDir) {
  const required = requiredNode(fromDir);
  // A copy of the code without the repository's package.json cannot know the range: let it run.
  if (!required) return;
  const problem = nodeVersionProblem({
    version: process.versions.node,
    execPath: process.execPath,
    range: required.range,
    root: required.root,
    entry: process.argv[1],
    args: process.argv.slice(2),
    cwd: process.cwd(),
  });
  if (problem === null) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

module.exports = { satisfies, requiredNode, nodeVersionProblem, exitUnlessSupportedNode };
