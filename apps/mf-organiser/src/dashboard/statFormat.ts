import { formatNumber } from '@aide/i18n';
import { t } from '../i18n';

/** Whole hours as '1h', otherwise one decimal: '1.5h' (spec: an event's length on the schedule card). */
export const hours = (minutes: number) =>
  t('dashboard.schedule.hours', { hours: formatNumber(minutes / 60, { maximumFractionDigits: 1 }) });
