/**
 * The server's texts in the reader's language (issue 22). The English texts stay the source and the
 * keys: a catalog maps an English message (the spec's exact words) to its translation. A key may hold
 * placeholders, `{max}`, `{label}`, so a message with a number or a name in it ("Title must be at
 * most 200 characters") matches "{label} must be at most {max} characters" and translates too.
 *
 * Placeholders named `count`, `max`, `min`, `n`, `days`, `seconds`, `limit`, `size`, `mb`, `score`,
 * `code`, `ms` or `port` match a number only; the others any text. A captured `label`, `field`,
 * `job` or `what` is itself translated when the catalog knows it ("Title" → "Título"); other values
 * (a topic, a site's name, an address) stay as they are.
 */

/** One language's messages: the English text (with `{placeholders}`) → its translation. */
export type MessageCatalog = Readonly<Record<string, string>>;

/** The languages the server answers in (the profile's, spec §5); English is the source. */
export const MESSAGE_LOCALES = ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const;
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];

const NUMERIC = new Set([
  'count',
  'max',
  'min',
  'n',
  'days',
  'seconds',
  'limit',
  'size',
  'mb',
  'score',
  'code',
  'ms',
  'port',
]);
const NESTED = new Set(['label', 'field', 'job', 'what']);
const PLACEHOLDER = /\{(\w+)\}/g;

interface Template {
  names: string[];
  pattern: RegExp;
  translation: string;
  /** Literal characters: the more, the more specific, so it is tried first. */
  weight: number;
}

interface Compiled {
  exact: Map<string, string>;
  templates: Template[];
}

/** Each language's catalog, or what reads it: compiled on the first translation asked for. */
const sources = new Map<string, () => MessageCatalog>();
const catalogs = new Map<string, Compiled>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(messages: MessageCatalog): Compiled {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(messages)) {
    if (!english.includes('{')) {
      exact.set(english, translation);
      continue;
    }
    const names: string[] = [];
    let source = '';
    let last = 0;
    let literal = 0;
    for (const match of english.matchAll(PLACEHOLDER)) {
      const text = english.slice(last, match.index);
      source += escapeRegExp(text);
      literal += text.length;
      names.push(match[1]);
      source += NUMERIC.has(match[1]) ? '(-?[\\d.,]+)' : '([\\s\\S]+?)';
      last = match.index + match[0].length;
    }
    source += escapeRegExp(english.slice(last));
    literal += english.length - last;
    templates.push({ names, pattern: new RegExp(`^${source}$`), translation, weight: literal });
  }
  templates.sort((a, b) => b.weight - a.weight);
  return { exact, templates };
}

/**
 * Adds (or replaces) a language's catalog, or a function that reads it (the server's, read when a
 * reader of that language first needs it); a browser registers the active language's.
 */
export function registerMessageCatalog(locale: string, messages: MessageCatalog | (() => MessageCatalog)): void {
  catalogs.delete(locale);
  sources.set(locale, typeof messages === 'function' ? messages : () => messages);
}

/** Whether `locale`'s catalog is registered (English needs none). */
export function hasMessageCatalog(locale: string): boolean {
  return locale === 'en' || sources.has(locale);
}

function compiledCatalog(locale: string): Compiled | undefined {
  let catalog = catalogs.get(locale);
  if (catalog) return catalog;
  const source = sources.get(locale);
  if (!source) return undefined;
  catalog = compile(source());
  catalogs.set(locale, catalog);
  return catalog;
}

function fill(translation: string, values: Record<string, string>): string {
  return translation.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

function translateOne(message: string, catalog: Compiled, depth: number): string | undefined {
  const exact = catalog.exact.get(message);
  if (exact !== undefined) return exact;
  for (const template of catalog.templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, i) => {
      const value = match[i + 1];
      values[name] = NESTED.has(name) && depth < 2 ? (translateOne(value, catalog, depth + 1) ?? value) : value;
    });
    return fill(template.translation, values);
  }
  return undefined;
}

/**
 * `message` in `locale` ('es', or a tag such as 'es-MX'): its translation when the catalog knows it,
 * else the message unchanged (English, an unknown text, a language without a catalog). A validation
 * answer joins several messages with '; ' (toApiErrorBody): each is translated on its own.
 */
export function translateMessage(message: string, locale: string): string {
  const catalog = compiledCatalog(locale.toLowerCase().split('-')[0]);
  if (!catalog || !message) return message;
  const whole = translateOne(message, catalog, 0);
  if (whole !== undefined) return whole;
  if (!message.includes('; ')) return message;
  return message
    .split('; ')
    .map((part) => translateOne(part, catalog, 0) ?? part)
    .join('; ');
}

/**
 * The language an Accept-Language header asks for: its first tag we speak, by quality ('de-AT,de;q=0.9'
 * → 'de', 'pt, fr;q=0.5' → 'fr'), else English.
 */
export function messageLocaleFrom(acceptLanguage: string | readonly string[] | undefined | null): MessageLocale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const tags = (header as string)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((t) => t.base && t.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const found = tags.find((t) => (MESSAGE_LOCALES as readonly string[]).includes(t.base));
  return (found?.base as MessageLocale | undefined) ?? 'en';
}
