import { useMemo } from 'react';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { datePickerIn } from './zonedDates';

/** One date (not `multiple`): its onChange hands over a Dayjs or null. */
export type DateStringPickerProps = Omit<DatePickerProps<Dayjs, false>, 'value' | 'multiple'> & {
  /** The date as the form or state holds it: ISO, 'YYYY-MM-DD', … Empty means no date. */
  value: string | null | undefined;
  /** How to read `value` when it is not ISO 8601 (dayjs's parse format). */
  valueFormat?: string;
  /**
   * The zone `value` is a wall-clock date or time in (a profile's), whose clock the marked today and
   * the Today and Now buttons read. Without it, the browser's.
   */
  timezone?: string;
};

/**
 * antd's DatePicker for a date kept as text. The picker treats every new Dayjs object as a new value
 * and drops what the person has typed but not yet confirmed, so `value={dayjs(text)}` loses a typed
 * date whenever anything re-renders the screen (a query refetch, a remote loading). Here the Dayjs
 * only changes when the text does.
 */
export function DateStringPicker({ value, valueFormat, timezone, ...props }: DateStringPickerProps) {
  const date = useMemo(() => (value ? dayjs(value, valueFormat) : null), [value, valueFormat]);
  const Picker = timezone ? datePickerIn(timezone) : DatePicker;
  // datePickerIn gives the same component for the same zone, so nothing is remounted across renders.
  // eslint-disable-next-line react-hooks/static-components
  return <Picker {...props} value={date} />;
}
