// @ts-check
/**
 * Rspack's federation entry ends every container's entry with the same ≈4.5 kB of code (its
 * "default runtime", @rspack/core/dist/moduleFederationDefaultRuntime.js: the function that fills
 * in `__webpack_require__.federation` from the container's share, consume and expose tables),
 * inlined after a few constants of that container's own (its name, share strategy …). That is
 * ≈1.2 kB gzip of each remote entry, and the shell loads seven.
 *
 * This loader makes it one function the shell defines once and every container calls with its own
 * constants:
 *  - mode 'define' turns default-runtime.js (a stub) into that function, from Rspack's installed file;
 *  - mode 'import' (the shell's entry) and mode 'global' (a remote's) replace the inlined body with a
 *    call: the shell imports the function, a remote takes the one the shell hands over
 *    (provide-bundler-runtime-plugin.ts), as it takes the bundler runtime.
 *
 * Rspack builds the inlined module as text (`<constants>;<function body>`); the loader checks that the
 * body it replaces is exactly the installed file's, so an Rspack release that changes either fails
 * the build instead of running something else.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

/** The constants Rspack declares before the body, in the order the function takes them. */
const CONSTANTS = [
  '__module_federation_bundler_runtime__',
  '__module_federation_runtime_plugins__',
  '__module_federation_remote_infos__',
  '__module_federation_container_name__',
  '__module_federation_share_strategy__',
  '__module_federation_share_fallbacks__',
  '__module_federation_library_type__',
];
const REQUIRE_PLACEHOLDER = '__module_federation_runtime_require__';
/** The global the shell's bundler runtime is handed over in (bundler-runtime-global.ts). */
const BUNDLER_RUNTIME_GLOBAL = '__AIDE_FEDERATION_BUNDLER_RUNTIME__';

let installed;
/** The body of Rspack's default runtime function, as Rspack inlines it (before the require is filled in); read once. */
function installedBody() {
  if (installed !== undefined) return installed;
  const file = path.join(path.dirname(require.resolve('@rspack/core')), 'moduleFederationDefaultRuntime.js');
  const source = readFileSync(file, 'utf8').trim();
  const start = 'export default function(){';
  const at = source.indexOf(start);
  if (at < 0 || !source.endsWith('}')) throw new Error(`${file} is not the one function this loader knows`);
  installed = source.slice(at + start.length, -1);
  return installed;
}

/**
 * The inlined module split into what is the container's own (imports and constants) and the body,
 * with the expression the body takes as its require.
 */
function splitEntryRuntime(source) {
  const last = `const ${CONSTANTS.at(-1)} = `;
  const at = source.indexOf(last);
  const end = at < 0 ? -1 : source.indexOf(';', at + last.length);
  if (end < 0) throw new Error(`Rspack's federation entry has no ${CONSTANTS.at(-1)}`);
  const own = source.slice(0, end + 1);
  const inlined = source.slice(end + 1);
  const [before, after] = installedBody().split(REQUIRE_PLACEHOLDER);
  if (after === undefined || !inlined.startsWith(before) || !inlined.endsWith(after))
    throw new Error("Rspack's federation entry no longer inlines the default runtime this loader replaces");
  const runtimeRequire = inlined.slice(before.length, inlined.length - after.length);
  return { own, runtimeRequire };
}

/** @type {(this: { getOptions(): { mode: 'define' | 'import' | 'global', define?: string } }, source: string) => string} */
function defaultRuntimeLoader(source) {
  const { mode, define } = this.getOptions();
  if (mode === 'define') {
    const body = installedBody().replace(REQUIRE_PLACEHOLDER, '__aide_runtime_require__');
    return `export default function federationDefaultRuntime(__aide_runtime_require__, ${CONSTANTS.join(', ')}) {${body}}\n`;
  }
  const { own, runtimeRequire } = splitEntryRuntime(source);
  const run = (fn) => `${fn}(${runtimeRequire}, ${CONSTANTS.join(', ')});`;
  if (mode === 'import') {
    if (!define) throw new Error("mode 'import' needs the path of the module mode 'define' makes");
    return `${own}import __aide_federation_default_runtime__ from ${JSON.stringify(define)};${run('__aide_federation_default_runtime__')}`;
  }
  return `${own}${run(`globalThis[${JSON.stringify(BUNDLER_RUNTIME_GLOBAL)}].defaultRuntime`)}`;
}

module.exports = defaultRuntimeLoader;
module.exports.installedBody = installedBody;
