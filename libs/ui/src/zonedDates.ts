import { Calendar, DatePicker } from 'antd';
import dayjsConfig from '@rc-component/picker/generate/dayjs';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// dayjs is a federation singleton; extending it again is a no-op.
dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * antd's date library configuration (the one its own pickers use), with "now" read on the clock of
 * `zone`. antd takes today (the marked cell) and what the Today and Now buttons pick from it, and by
 * default that is the browser's clock: 21:00 on the 28th in New York is already 11:00 on the 29th in
 * Tokyo, where a person whose profile is in Tokyo plans their day.
 */
export const dayjsConfigIn = (zone: string) => ({ ...dayjsConfig, getNow: () => dayjs().tz(zone) });

export type ZonedCalendar = ReturnType<typeof Calendar.generateCalendar<Dayjs>>;
export type ZonedDatePicker = ReturnType<typeof DatePicker.generatePicker<Dayjs>>;

// One component per zone, not per render: a new component type would remount the grid or the picker.
const calendars = new Map<string, ZonedCalendar>();
const datePickers = new Map<string, ZonedDatePicker>();

/** antd's Calendar whose today is the day in `zone`. */
export function calendarIn(zone: string): ZonedCalendar {
  let calendar = calendars.get(zone);
  if (!calendar) {
    calendar = Calendar.generateCalendar<Dayjs>(dayjsConfigIn(zone));
    calendars.set(zone, calendar);
  }
  return calendar;
}

/** antd's DatePicker whose today, Today and Now are read on the clock of `zone` (DateStringPicker's `component`). */
export function datePickerIn(zone: string): ZonedDatePicker {
  let picker = datePickers.get(zone);
  if (!picker) {
    picker = DatePicker.generatePicker<Dayjs>(dayjsConfigIn(zone));
    datePickers.set(zone, picker);
  }
  return picker;
}
