import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { translateMessage } from './index';
import { registerServerMessageCatalogs, SERVER_LANGUAGES, serverMessageCatalog } from './server';

registerServerMessageCatalogs();

const LANGUAGES = SERVER_LANGUAGES;
const SERVER_MESSAGE_CATALOGS = Object.fromEntries(
  LANGUAGES.map((language) => [language, serverMessageCatalog(language)!]),
) as Record<(typeof LANGUAGES)[number], NonNullable<ReturnType<typeof serverMessageCatalog>>>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server message catalogs', () => {
  const english = Object.keys(SERVER_MESSAGE_CATALOGS.es).sort();

  it.each(LANGUAGES)('%s has every message, each with the same placeholders', (language) => {
    const catalog = SERVER_MESSAGE_CATALOGS[language];
    expect(Object.keys(catalog).sort()).toEqual(english);
    for (const [key, translation] of Object.entries(catalog)) {
      expect({ key, placeholders: placeholders(translation) }).toEqual({ key, placeholders: placeholders(key) });
      expect({ key, empty: translation.trim() === '' }).toEqual({ key, empty: false });
    }
  });
});

/**
 * Every message the contracts' zod schemas can answer, read from the source: the arguments of zod's
 * checks (`.min(1, 'Title is required')`), `error:` / `message:` / `required:` options, and the
 * field labels of text() ('Title' in `text('Title', 200)`). A template literal stands for every value
 * of its `${…}` parts, tried with a sample number.
 */
function zodMessages(): string[] {
  const src = path.join(__dirname, '..');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.startsWith('i18n') && !f.startsWith('endpoint'))
    .map((f) => path.join(src, f));
  const CHECKS = new Set(['min', 'max', 'length', 'refine', 'regex', 'int', 'positive', 'gte', 'lte', 'email', 'url']);
  const found = new Set<string>();
  const add = (node: ts.Node | undefined) => {
    if (!node) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = node.head.text + node.templateSpans.map((span) => `7${span.literal.text}`).join('');
    if (text && /^[A-Z7]/.test(text) && /[a-z]/.test(text)) found.add(text);
  };
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        if (CHECKS.has(node.expression.name.text)) node.arguments.slice(-1).forEach(add);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'text')
        add(node.arguments[0]);
      if (ts.isPropertyAssignment(node) && ['error', 'message', 'required'].includes(node.name.getText()))
        add(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found].sort();
}

describe('every zod message of the contracts', () => {
  const messages = zodMessages();

  it('is found in the source (the scan works)', () => {
    expect(messages).toEqual(expect.arrayContaining(['Title is required', 'End time must be after start time']));
    expect(messages.length).toBeGreaterThan(100);
  });

  it.each(LANGUAGES)('is translated into %s', (language) => {
    // A label may read the same in a language ('Budget' in French and German): then it is a key.
    const known = (message: string) =>
      message in SERVER_MESSAGE_CATALOGS[language] || translateMessage(message, language) !== message;
    const untranslated = messages.filter((message) => !known(message));
    expect(untranslated).toEqual([]);
  });
});
