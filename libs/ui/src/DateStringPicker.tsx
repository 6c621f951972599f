import { useMemo } from 'react';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ZonedDatePicker } from './zonedDates';

/** One date (not `multiple`): its onChange hands over a Dayjs or null. */
export type DateStringPickerProps = Omit<DatePickerProps<Dayjs, false>, 'value' | 'multiple'> & {
  /** The date as the form or state holds it: ISO, 'YYYY-MM-DD', … Empty means no date. */
  value: string | null | undefined;
  /** How to read `value` when it is not ISO 8601 (dayjs's parse format). */
  valueFormat?: string;
  /**
   * The picker component drawn: antd's DatePicker (the browser's today), or `datePickerIn(zone)` for
   * a value that is a wall-clock date or time in a profile's zone, whose clock its today and its Today
   * and Now buttons then read. A component, not a zone, so a remote without zones bundles no zone support.
   */
  component?: ZonedDatePicker;
};

/**
 * antd's DatePicker for a date kept as text. The picker treats every new Dayjs object as a new value
 * and drops what the person has typed but not yet confirmed, so `value={dayjs(text)}` loses a typed
 * date whenever anything re-renders the screen (a query refetch, a remote loading). Here the Dayjs
 * only changes when the text does.
 */
export function DateStringPicker({
  value,
  valueFormat,
  component: Picker = DatePicker,
  ...props
}: DateStringPickerProps) {
  const date = useMemo(() => (value ? dayjs(value, valueFormat) : null), [value, valueFormat]);
  return <Picker {...props} value={date} />;
}
