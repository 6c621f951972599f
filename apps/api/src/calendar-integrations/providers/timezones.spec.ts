import ICAL from 'ical.js';
import { toIanaZone, vtimezoneLines } from './timezones';

describe('time zones', () => {
  it('names IANA zones for IANA, Windows and path-prefixed names', () => {
    expect(toIanaZone('America/New_York')).toBe('America/New_York');
    expect(toIanaZone('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(toIanaZone('/mozilla.org/20050126_1/Europe/Paris')).toBe('Europe/Paris');
    expect(toIanaZone('Mars/Olympus')).toBeNull();
    expect(toIanaZone(null)).toBeNull();
  });

  it('writes a VTIMEZONE whose rules ical.js reads as the IANA rules', () => {
    for (const [zone, winter, summer] of [
      ['Europe/Berlin', '+01:00', '+02:00'],
      ['America/New_York', '-05:00', '-04:00'],
      ['Australia/Sydney', '+11:00', '+10:00'],
    ] as const) {
      const component = new ICAL.Component(ICAL.parse(vtimezoneLines(zone, 2026).join('\r\n')));
      const tz = new ICAL.Timezone(component);
      const offset = (iso: string) => {
        const time = ICAL.Time.fromDateTimeString(iso);
        time.zone = tz;
        const seconds = tz.utcOffset(time);
        const sign = seconds < 0 ? '-' : '+';
        const abs = Math.abs(seconds);
        return `${sign}${String(Math.floor(abs / 3600)).padStart(2, '0')}:${String((abs % 3600) / 60).padStart(2, '0')}`;
      };
      expect([offset('2027-01-15T12:00:00'), offset('2027-07-15T12:00:00')]).toEqual([winter, summer]);
    }
    expect(vtimezoneLines('Asia/Tokyo', 2026)).toContain('TZOFFSETTO:+0900');
  });
});
