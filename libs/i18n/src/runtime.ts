import { useMemo, useSyncExternalStore } from 'react';
import { i18n as lingui, type Messages } from '@lingui/core';
import dayjs from 'dayjs';
import { INTL_TAGS, LOCALE_STORAGE_KEY, SOURCE_LOCALE, type Locale } from './locales';

/**
 * One Lingui instance for the whole app: @aide/i18n is a federation singleton, so the shell and every
 * remote read and switch the same locale. Catalogs are compiled at build time (build/catalog-loader.cjs),
 * so the runtime carries no message parser.
 */
export const i18n = lingui;
i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

/** Values a message interpolates: `{count, plural, one {# email} other {# emails}}`, `{name}`. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

type CatalogModule = { default: Messages } | Messages;
type CatalogLoaders = Record<Exclude<Locale, 'en'>, () => Promise<CatalogModule>>;

interface Namespace {
  name: string;
  source: Messages;
  loaders: CatalogLoaders;
  loading: Map<Locale, Promise<void>>;
  loaded: Set<Locale>;
  /** A download that failed since a screen last asked, shown to that screen once (its error boundary offers a retry). */
  failures: Map<Locale, unknown>;
}

// A Set, not a map by name: a lib bundled into several apps (libs/ui) defines its namespace once per
// copy, and each copy's loaders must run (they may register more than messages, e.g. contracts' catalogs).
const namespaces = new Set<Namespace>();

function prefixed(name: string, messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${name}.${key}`, message]));
}

/**
 * Loads one namespace's catalog for one language, once; a key the catalog lacks falls back to
 * English. Answers the same promise for as long as it is loading or loaded.
 */
function loadNamespace(ns: Namespace, locale: Locale): Promise<void> {
  if (ns.loaded.has(locale)) return Promise.resolve();
  let loading = ns.loading.get(locale);
  if (!loading) {
    loading = ns.loaders[locale as Exclude<Locale, 'en'>]()
      .then((module) => {
        const messages = ('default' in module ? module.default : module) as Messages;
        i18n.load(locale, prefixed(ns.name, { ...ns.source, ...messages }));
        ns.loaded.add(locale);
        ns.failures.delete(locale);
      })
      .catch((error: unknown) => {
        // A failed download (offline, a redeploy) is tried again when next asked, not cached.
        ns.loading.delete(locale);
        ns.failures.set(locale, error);
        throw error;
      });
    ns.loading.set(locale, loading);
  }
  return loading;
}

function subscribe(onChange: () => void) {
  return i18n.on('change', onChange);
}
const currentLocale = () => i18n.locale as Locale;

/** The language shown now; a component that reads it renders again when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

export function getLocale(): Locale {
  return currentLocale();
}

/**
 * A module's texts. `source` is its English catalog (en.json, bundled: English never waits for a
 * download); the other five load lazily, only the one in use. Keys are typed from the English file,
 * so a typo or a removed text is a type error; scripts/check-translations.mjs checks that the other
 * languages have every key with the same placeholders.
 */
export function defineNamespace<Source extends Record<string, unknown>>(
  name: string,
  source: Source,
  loaders: CatalogLoaders,
) {
  type Key = Extract<keyof Source, string>;
  const ns: Namespace = {
    name,
    source: source as unknown as Messages,
    loaders,
    loading: new Map(),
    loaded: new Set([SOURCE_LOCALE]),
    failures: new Map(),
  };
  namespaces.add(ns);
  i18n.load(SOURCE_LOCALE, prefixed(name, ns.source));

  /** Outside React (a toast in a callback, a helper): the text in the language active now. */
  const t: Translate<Key> = (key, values) => i18n._(`${name}.${key}`, values);

  /** In a component: suspends while its catalog downloads, renders again when the language changes. */
  function useT(): Translate<Key> {
    const locale = useLocale();
    // A new function per language, so memoised values that depend on `t` are recomputed (the lookup
    // itself reads the active locale, hence the dependency the rule cannot see).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    const translate = useMemo<Translate<Key>>(() => (key, values) => i18n._(`${name}.${key}`, values), [locale]);
    // Thrown, not `use`d: React replays a component that suspended in `use` with the hooks it
    // recorded, and when the catalog had arrived by then the skipped `use` left the next hook
    // (another namespace's, the screen's own) "more hooks than before", React error 467, which crashed
    // a screen reading two namespaces that loaded at once. A thrown promise makes React render the
    // component afresh when it settles. (A `use` on every render, loaded or not, makes React's test
    // `act` stop short of finishing synchronous renders.)
    if (!ns.loaded.has(locale)) {
      const failure = ns.failures.get(locale);
      if (failure !== undefined) {
        // Thrown to the screen's error boundary, whose retry downloads again. Forgotten only after
        // this task: React renders once more at once before it gives up on a render that threw, and
        // that render must meet the same error, not start another download.
        setTimeout(() => ns.failures.delete(locale), 0);
        throw failure;
      }
      throw loadNamespace(ns, locale);
    }
    return translate;
  }

  return { t, useT, namespace: name };
}

const DAYJS_LOCALES: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
  ja: () => import('dayjs/locale/ja'),
  zh: () => import('dayjs/locale/zh-cn'),
};
const DAYJS_NAMES: Record<Locale, string> = { en: 'en', es: 'es', fr: 'fr', de: 'de', ja: 'ja', zh: 'zh-cn' };

/** What else must be ready before a language shows (the shell's antd locale): loaded with the catalogs. */
const resources: Array<(locale: Locale) => Promise<unknown>> = [];
export function registerLocaleResource(load: (locale: Locale) => Promise<unknown>): void {
  resources.push(load);
}

let requested: Locale = SOURCE_LOCALE;

/**
 * Switches the whole app to `locale` without a reload: downloads every loaded module's catalog and
 * dayjs's month and weekday names first, then activates them together, so no screen shows a mix.
 * Sets <html lang> and remembers the choice for the next visit's first paint.
 */
export async function setLocale(locale: Locale): Promise<void> {
  requested = locale;
  await Promise.all([
    ...[...namespaces.values()].map((ns) => loadNamespace(ns, locale)),
    locale === SOURCE_LOCALE ? undefined : DAYJS_LOCALES[locale as Exclude<Locale, 'en'>](),
    ...resources.map((load) => load(locale)),
  ]);
  // A later call (the user changed their mind mid-download) wins.
  if (requested !== locale) return;
  dayjs.locale(DAYJS_NAMES[locale]);
  document.documentElement.lang = locale;
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage may be unavailable (private mode); the profile still holds the language.
  }
  i18n.activate(locale, [INTL_TAGS[locale]]);
}
