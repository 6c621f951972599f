// Rsbuild loader for a module's catalogs (src/i18n/<language>.json): every ICU message is compiled
// here, at build time, so the browser gets ready-to-format messages and Lingui's parser (≈7 kB gzip)
// never ships. Jest imports the JSON as it is; Lingui compiles it at run time outside production.
const { compileCatalog } = require('./compile-catalog.cjs');

/** @this {{ resourcePath: string }} */
module.exports = function catalogLoader(source) {
  const compiled = compileCatalog(JSON.parse(source), this.resourcePath);
  return `export default ${JSON.stringify(compiled)};`;
};
