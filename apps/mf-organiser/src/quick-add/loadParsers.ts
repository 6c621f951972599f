import type { QuickAddLocale, QuickAddParsers } from './parseQuickAdd';

/**
 * chrono-node's parsers, loaded when the quick add is first used (not with the organiser's first
 * chunk): English always (the fallback), plus the active language's. One chunk per language.
 */
const LOADERS: Record<QuickAddLocale, () => Promise<{ casual: QuickAddParsers['en'] }>> = {
  en: () => import('chrono-node/en'),
  es: () => import('chrono-node/es'),
  fr: () => import('chrono-node/fr'),
  de: () => import('chrono-node/de'),
  ja: () => import('chrono-node/ja'),
  zh: () => import('chrono-node/zh'),
};

const cache = new Map<QuickAddLocale, Promise<QuickAddParsers['en']>>();
const load = (locale: QuickAddLocale) => {
  let loading = cache.get(locale);
  if (!loading) {
    loading = LOADERS[locale]().then((m) => m.casual);
    cache.set(locale, loading);
  }
  return loading;
};

/** UI languages chrono-node has a parser for; anything else reads as English. */
export const toQuickAddLocale = (language: string): QuickAddLocale =>
  (Object.keys(LOADERS) as QuickAddLocale[]).find((l) => language.toLowerCase().startsWith(l)) ?? 'en';

export async function loadQuickAddParsers(locale: QuickAddLocale): Promise<QuickAddParsers> {
  const [local, en] = await Promise.all([load(locale), load('en')]);
  return { local, en };
}
