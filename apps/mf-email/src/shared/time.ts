import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { DATE_STYLES, formatDateStyle } from '@aide/i18n';

// dayjs is a federation singleton; extending it again is a no-op.
dayjs.extend(relativeTime);

/**
 * 'Monday, March 3, 2026 14:05': the full date, for tooltips and the detail dialog. Other languages
 * write it their own way ('lunes, 3 de marzo de 2026, 14:05', '2026年3月3日月曜日 14:05').
 */
export const fullDate = (iso: string) => formatDateStyle(iso, DATE_STYLES.longDateTime);

/** '3 hours ago' ('hace 3 horas', '3 時間前'): dayjs's locale follows the language. */
export const fromNow = (iso: string) => dayjs(iso).fromNow();

export { dayjs };
