import type { ProfileLanguage } from '@aide/contracts';

/**
 * The six languages of the profile (spec §5). English is the source: the spec's texts, unchanged.
 * Spelled out rather than read from @aide/contracts, whose import would bring zod into the shell's
 * first paint; the types below keep the two lists the same.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const localesMatchProfile: Same<Locale, ProfileLanguage> = true;
void localesMatchProfile;
export const SOURCE_LOCALE: Locale = 'en';

/** The BCP 47 tag each language formats numbers, money and dates with (and <html lang> carries). */
export const INTL_TAGS: Record<Locale, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ja: 'ja-JP',
  zh: 'zh-CN',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages we speak ('de-AT' → 'de', 'zh-Hant-TW' → 'zh'), else English. */
export function localeFromBrowser(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return SOURCE_LOCALE;
}

export const LOCALE_STORAGE_KEY = 'aide-language';

/**
 * The language of the first paint: this browser's last one (a signed-in user's profile language is
 * remembered when applied), else the browser's. No Lingui here: the shell's first paint imports this
 * file alone (`@aide/i18n/locales`), before any catalog.
 */
export function initialLocale(): Locale {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // No storage (private mode): the browser's language.
  }
  return isLocale(remembered) ? remembered : localeFromBrowser(navigator.languages);
}
