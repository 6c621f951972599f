/**
 * The parts of a written message that are plain functions: the signature block below the body
 * (swapped when From changes), and the quick times of Schedule send.
 */
import dayjs, { type Dayjs } from 'dayjs';

/** The paragraph that opens a signature (the usenet "-- " delimiter, its trailing space dropped by the editor). */
const DELIMITER = '<p>--</p>';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain-text signature as editor HTML, below its delimiter; '' for none. */
export function signatureHtml(signature: string | null | undefined): string {
  if (!signature?.trim()) return '';
  return (
    DELIMITER +
    signature
      .split('\n')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')
  );
}

/** The body with its signature (whatever follows the last delimiter) replaced by `signature`. */
export function withSignature(html: string, signature: string | null | undefined): string {
  const at = html.lastIndexOf(DELIMITER);
  const body = at >= 0 ? html.slice(0, at) : html;
  return (body || '<p></p>') + signatureHtml(signature);
}

/** 8:00 tomorrow. */
export const tomorrowMorning = (now: Dayjs = dayjs()): Dayjs =>
  now.add(1, 'day').hour(8).minute(0).second(0).millisecond(0);

/** 8:00 next Monday (a week on when today is Monday). */
export function nextMondayMorning(now: Dayjs = dayjs()): Dayjs {
  const days = (8 - now.day()) % 7 || 7;
  return now.add(days, 'day').hour(8).minute(0).second(0).millisecond(0);
}
