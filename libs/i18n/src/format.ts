import dayjs from 'dayjs';
import { INTL_TAGS } from './locales';
import { getLocale } from './runtime';

/** Numbers, money, dates and sizes in the active language's conventions (1,234.5 · 1.234,5 · 1 234,5). */
function tag(): string {
  return INTL_TAGS[getLocale()] ?? INTL_TAGS.en;
}

/**
 * Intl's formatters are slow to make and quick to use: Chromium takes about 0.4 ms to make a
 * DateTimeFormat and 0.05 ms a NumberFormat, then microseconds a value. Lists format a value a row,
 * so each formatter is made once per language and options, and kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function kept<Options, Format>(
  formats: Map<string, Format>,
  options: Options,
  make: (language: string, options: Options) => Format,
): Format {
  const key = `${tag()} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make(tag(), options);
    formats.set(key, format);
  }
  return format;
}

const numberFormat = (options?: Intl.NumberFormatOptions) =>
  kept(numberFormats, options, (language, o) => new Intl.NumberFormat(language, o));
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  kept(dateFormats, options, (language, o) => new Intl.DateTimeFormat(language, o));

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** Money: the amount in `currency` (travel's is USD, spec §9), written the way the reader's language writes it. */
export function formatCurrency(amount: number, currency = 'USD', options?: Intl.NumberFormatOptions): string {
  return numberFormat({ style: 'currency', currency, ...options }).format(amount);
}

export function formatPercent(fraction: number, maximumFractionDigits = 0): string {
  return numberFormat({ style: 'percent', maximumFractionDigits }).format(fraction);
}

export function formatDate(value: Date | string | number, options: Intl.DateTimeFormatOptions): string {
  return dateFormat(options).format(new Date(value));
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

/**
 * How a screen writes a date: English keeps the exact dayjs pattern the spec's screens show
 * ('Monday, March 3, 2026 14:05'), the other languages write it their own way from the Intl options
 * ('lunes, 3 de marzo de 2026, 14:05', '2026年3月3日月曜日 14:05').
 */
export interface DateStyle {
  english: string;
  intl: Intl.DateTimeFormatOptions;
}

const TIME_24H: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
export const DATE_STYLES = {
  /** 'Monday, March 3, 2026 14:05' */
  longDateTime: {
    english: 'dddd, MMMM D, YYYY HH:mm',
    intl: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', ...TIME_24H },
  },
  /** 'Mar 3, 2026 14:05' */
  mediumDateTime: {
    english: 'MMM D, YYYY HH:mm',
    intl: { year: 'numeric', month: 'short', day: 'numeric', ...TIME_24H },
  },
  /** 'Tuesday, March 3' */
  weekdayMonthDay: { english: 'dddd, MMMM D', intl: { weekday: 'long', month: 'long', day: 'numeric' } },
} satisfies Record<string, DateStyle>;

/** `value` in the browser's zone, written in `style` (see DATE_STYLES) for the active language. */
export function formatDateStyle(value: Date | string | number, style: DateStyle): string {
  return getLocale() === 'en' ? dayjs(value).format(style.english) : formatDate(value, style.intl);
}
