import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The wall clock in `zone` at `instant`, as Intl reads it: "2026-03-29 03:00:00". */
function wallClock(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

// Zones a day apart, a quarter-hour offset, half-hour summer time, and both hemispheres' changes.
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Europe/Paris',
  'America/New_York',
  'America/Sao_Paulo',
  'UTC',
];
// Around Europe's and the US's spring and autumn changes of 2026, and Lord Howe's of April.
const INSTANTS = [
  '2026-03-08T06:59:59.250Z',
  '2026-03-08T07:00:00Z',
  '2026-03-29T00:59:59Z',
  '2026-03-29T01:00:00.999Z',
  '2026-04-04T14:45:00Z',
  '2026-10-25T00:30:00Z',
  '2026-10-25T01:30:00Z',
  '2026-11-01T05:30:00Z',
  '2026-11-01T06:30:00Z',
  '2026-11-26T23:15:42Z',
].map((iso) => new Date(iso));

describe("dayjs's tz() (patched: patches/dayjs+1.11.23.patch)", () => {
  it('shows the same instant on the wall clock of the zone, across changes to and from summer time', () => {
    for (const zone of ZONES) {
      for (const instant of INSTANTS) {
        const zoned = dayjs(instant).tz(zone);
        expect(`${zone} ${zoned.format('YYYY-MM-DD HH:mm:ss')}`).toBe(`${zone} ${wallClock(instant, zone)}`);
        expect(zoned.valueOf()).toBe(instant.getTime());
      }
    }
  });

  it('keeps the wall clock and changes the instant when asked to (keepLocalTime), as the event form does', () => {
    expect(dayjs('2026-11-26T09:30:00').tz('Asia/Tokyo', true).format('YYYY-MM-DD HH:mm Z')).toBe(
      '2026-11-26 09:30 +09:00',
    );
    expect(dayjs.tz('2026-03-29 03:30', 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('does not build a date formatter on every call (Date#toLocaleString with a zone does, at about 0.1 ms a call)', () => {
    const toLocaleString = jest.spyOn(Date.prototype, 'toLocaleString');
    try {
      for (const instant of INSTANTS) dayjs(instant).tz('Europe/Paris');
      expect(toLocaleString).not.toHaveBeenCalled();
    } finally {
      toLocaleString.mockRestore();
    }
  });
});
