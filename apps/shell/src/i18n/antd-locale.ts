import type { Locale as AntdLocale } from 'antd/es/locale';
import { registerLocaleResource, useLocale, type Locale } from '@aide/i18n';

/** antd's own texts (pagination, date pickers, empty states, Modal's OK/Cancel) per language; English is built in. */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: AntdLocale }>> = {
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
  de: () => import('antd/es/locale/de_DE'),
  ja: () => import('antd/es/locale/ja_JP'),
  zh: () => import('antd/es/locale/zh_CN'),
};
const loaded: Partial<Record<Locale, AntdLocale>> = {};

// setLocale waits for this too, so antd switches in the same render as our own texts.
registerLocaleResource(async (locale) => {
  if (locale === 'en' || loaded[locale]) return;
  loaded[locale] = (await loaders[locale]()).default;
});

/** The antd locale for the ConfigProvider: undefined is antd's English. */
export function useAntdLocale(): AntdLocale | undefined {
  return loaded[useLocale()];
}
