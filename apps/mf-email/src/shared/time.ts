import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

// dayjs is a federation singleton; extending it again is a no-op.
dayjs.extend(relativeTime);

/** 'Monday, March 3, 2026 14:05': the full date, for tooltips and the detail dialog. */
export const fullDate = (iso: string) => dayjs(iso).format('dddd, MMMM D, YYYY HH:mm');

/** '3 hours ago'. */
export const fromNow = (iso: string) => dayjs(iso).fromNow();

export { dayjs };
