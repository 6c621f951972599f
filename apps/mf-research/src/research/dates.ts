/** A report's dates in the language shown. English keeps the screen's 'Mar 3, 2026' and its long tooltip. */
import { DATE_STYLES, formatDate, formatDateStyle } from '@aide/i18n';

/** The card's date: 'Mar 3, 2026' · '3 mar 2026' · '2026年3月3日'. */
export const reportDate = (iso: string) => formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric' });

/** The tooltip's: 'Tuesday, March 3, 2026 14:05' · 'martes, 3 de marzo de 2026, 14:05'. */
export const reportDateTime = (iso: string) => formatDateStyle(iso, DATE_STYLES.longDateTime);
