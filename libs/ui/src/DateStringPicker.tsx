import { useMemo } from 'react';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** One date (not `multiple`): its onChange hands over a Dayjs or null. */
export type DateStringPickerProps = Omit<DatePickerProps<Dayjs, false>, 'value' | 'multiple'> & {
  /** The date as the form or state holds it: ISO, 'YYYY-MM-DD', … Empty means no date. */
  value: string | null | undefined;
  /** How to read `value` when it is not ISO 8601 (dayjs's parse format). */
  valueFormat?: string;
};

/**
 * antd's DatePicker for a date kept as text. The picker treats every new Dayjs object as a new value
 * and drops what the person has typed but not yet confirmed, so `value={dayjs(text)}` loses a typed
 * date whenever anything re-renders the screen (a query refetch, a remote loading). Here the Dayjs
 * only changes when the text does.
 */
export function DateStringPicker({ value, valueFormat, ...props }: DateStringPickerProps) {
  const date = useMemo(() => (value ? dayjs(value, valueFormat) : null), [value, valueFormat]);
  return <DatePicker {...props} value={date} />;
}
