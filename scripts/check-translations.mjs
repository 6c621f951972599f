// Every text in every language (issue 22): for each app's or lib's src/i18n/en.json, the five other
// catalogs beside it must have exactly its keys, each a valid ICU message with the same placeholders
// ({name}, {count, plural, …}) and the same <tags>. English is the source; run by `npm run lint`.
// Texts written straight into JSX are caught by ESLint (eslint.config.mjs, "untranslated text").
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { parse } = require('@messageformat/parser');

const root = path.resolve(import.meta.dirname, '..');
const LANGUAGES = ['es', 'fr', 'de', 'ja', 'zh'];

/** The argument names and the rich-text tags of a message, as a sorted list: what a translation must keep. */
function shape(message) {
  const names = new Set();
  const visit = (tokens) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(`{${token.arg}}`);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(`{${token.arg}}`);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message));
  for (const [, tag] of message.matchAll(/<(\w+)>/g)) names.add(`<${tag}>`);
  return [...names].sort().join(' ');
}

/** Every folder holding an en.json under an `i18n` folder of an app's or lib's src (src/i18n, src/i18n/<part>). */
function catalogFolders(src, dir = src) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist') continue;
    const sub = path.join(dir, entry.name);
    if (path.relative(src, sub).split(path.sep).includes('i18n') && existsSync(path.join(sub, 'en.json')))
      found.push(sub);
    found.push(...catalogFolders(src, sub));
  }
  return found;
}
const catalogDirs = ['apps', 'libs'].flatMap((top) =>
  readdirSync(path.join(root, top))
    .map((dir) => path.join(root, top, dir, 'src'))
    .filter((src) => existsSync(src))
    .flatMap((src) => catalogFolders(src)),
);

const problems = [];
let messages = 0;
for (const dir of catalogDirs) {
  const where = path.relative(root, dir);
  const read = (language) => JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8'));
  const source = read('en');
  const shapes = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      shapes[key] = shape(message);
    } catch (error) {
      problems.push(`${where}/en.json "${key}": not a valid ICU message (${error.message})`);
    }
  }
  messages += Object.keys(source).length;
  for (const language of LANGUAGES) {
    const file = path.join(dir, `${language}.json`);
    if (!existsSync(file)) {
      problems.push(`${where}/${language}.json is missing`);
      continue;
    }
    const catalog = read(language);
    for (const key of Object.keys(source)) {
      if (!(key in catalog)) problems.push(`${where}/${language}.json lacks "${key}"`);
      else if (typeof catalog[key] !== 'string' || !catalog[key].trim())
        problems.push(`${where}/${language}.json "${key}" is empty`);
      else {
        let translated;
        try {
          translated = shape(catalog[key]);
        } catch (error) {
          problems.push(`${where}/${language}.json "${key}": not a valid ICU message (${error.message})`);
          continue;
        }
        if (shapes[key] !== undefined && translated !== shapes[key])
          problems.push(
            `${where}/${language}.json "${key}" has ${translated || 'no placeholders'}, English has ${shapes[key] || 'none'}`,
          );
      }
    }
    for (const key of Object.keys(catalog))
      if (!(key in source)) problems.push(`${where}/${language}.json has "${key}", which en.json does not`);
  }
}

if (problems.length) {
  console.error(`Translations: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Translations: ${catalogDirs.length} catalogs × ${LANGUAGES.length + 1} languages, ${messages} English messages, all present.`,
);
