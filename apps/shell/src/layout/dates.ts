import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { getLocale } from '@aide/i18n';

dayjs.extend(localizedFormat);

/**
 * Dates in the shell's tables and details: English keeps its '3 Mar 2026' and '3 Mar 2026, 14:05';
 * the other languages use their own order ('3 mar 2026', '2026年3月3日').
 */
export function formatDay(value: string | number | Date): string {
  return dayjs(value).format(getLocale() === 'en' ? 'D MMM YYYY' : 'll');
}

export function formatDayTime(value: string | number | Date, seconds = false): string {
  if (getLocale() === 'en') return dayjs(value).format(seconds ? 'D MMM YYYY, HH:mm:ss' : 'D MMM YYYY, HH:mm');
  return dayjs(value).format(seconds ? 'll LTS' : 'lll');
}
