export { INTL_TAGS, LOCALES, SOURCE_LOCALE, initialLocale, isLocale, localeFromBrowser, type Locale } from './locales';
export {
  defineNamespace,
  getLocale,
  i18n,
  registerLocaleResource,
  setLocale,
  useLocale,
  type MessageValues,
  type Translate,
} from './runtime';
export {
  DATE_STYLES,
  formatCurrency,
  formatDate,
  formatDateStyle,
  formatFileSize,
  formatNumber,
  formatPercent,
  type DateStyle,
} from './format';
export { RichText } from './RichText';
