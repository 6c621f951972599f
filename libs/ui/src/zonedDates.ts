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

/**
 * `make` once per zone, then the same component for that zone: a new component type on a render would
 * remount the grid or the picker.
 */
function perZone<T>(make: (config: ReturnType<typeof dayjsConfigIn>) => T): (zone: string) => T {
  const made = new Map<string, T>();
  return (zone) => {
    let component = made.get(zone);
    if (!component) {
      component = make(dayjsConfigIn(zone));
      made.set(zone, component);
    }
    return component;
  };
}

/** antd's Calendar whose today is the day in `zone`. */
export const calendarIn = /* @__PURE__ */ perZone((config) => Calendar.generateCalendar<Dayjs>(config));

/** antd's DatePicker whose today, Today and Now are read on the clock of `zone` (DateStringPicker's `component`). */
export const datePickerIn = /* @__PURE__ */ perZone((config) => DatePicker.generatePicker<Dayjs>(config));
