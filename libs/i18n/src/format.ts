import { INTL_TAGS } from './locales';
import { getLocale } from './runtime';

/** Numbers, money, dates and sizes in the active language's conventions (1,234.5 · 1.234,5 · 1 234,5). */
function tag(): string {
  return INTL_TAGS[getLocale()] ?? INTL_TAGS.en;
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(tag(), options).format(value);
}

/** Money: the amount in `currency` (travel's is USD, spec §9), written the way the reader's language writes it. */
export function formatCurrency(amount: number, currency = 'USD', options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(tag(), { style: 'currency', currency, ...options }).format(amount);
}

export function formatPercent(fraction: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(tag(), { style: 'percent', maximumFractionDigits }).format(fraction);
}

export function formatDate(value: Date | string | number, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(tag(), options).format(new Date(value));
}

const SIZE_UNITS: Record<string, readonly string[]> = {
  en: ['Bytes', 'KB', 'MB', 'GB'],
  es: ['bytes', 'KB', 'MB', 'GB'],
  fr: ['octets', 'Ko', 'Mo', 'Go'],
  de: ['Byte', 'KB', 'MB', 'GB'],
  ja: ['バイト', 'KB', 'MB', 'GB'],
  zh: ['字节', 'KB', 'MB', 'GB'],
};

/**
 * Spec §9: Bytes, KB, MB, GB in steps of 1024. Whole bytes, and always one decimal above ('1.9 KB',
 * '1.1 KB', '25.0 MB'), so sizes in a list line up instead of mixing '1.9 KB' with '1.11 KB'.
 */
export function formatFileSize(bytes: number): string {
  const units = SIZE_UNITS[getLocale()] ?? SIZE_UNITS.en;
  if (!Number.isFinite(bytes) || bytes < 1024)
    return `${formatNumber(Math.max(0, Math.round(bytes || 0)))} ${units[0]}`;
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** power;
  return `${formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${units[power]}`;
}
