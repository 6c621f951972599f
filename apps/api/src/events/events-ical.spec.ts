import type { CalendarEvent } from '@aide/contracts';
import ICAL from 'ical.js';
import { toICalendar } from './events-ical';

const event = (
  fields: Partial<CalendarEvent> & Pick<CalendarEvent, 'id' | 'startTime' | 'endTime'>,
): CalendarEvent => ({
  userId: 1,
  title: 'Standup',
  description: null,
  type: 'meeting',
  location: null,
  attendees: [],
  metadata: null,
  source: 'local',
  integrationId: null,
  recurrence: null,
  timezone: null,
  exceptions: [],
  recurringEventId: null,
  occurrenceStart: null,
  reminders: null,
  taskId: null,
  taskStatus: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  ...fields,
});

/** Unfolded content lines, without the VTIMEZONE blocks' own lines. */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('toICalendar', () => {
  const series = event({
    id: 5,
    startTime: '2026-10-12T07:00:00.000Z', // 09:00 in Berlin
    endTime: '2026-10-12T07:15:00.000Z',
    attendees: ['bob@example.com', 'Carol'],
    recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    timezone: 'Europe/Berlin',
    exceptions: ['2026-11-02T08:00:00.000Z'], // 09:00 CET
  });
  const moved = event({
    id: 6,
    title: 'Standup (moved)',
    startTime: '2026-10-20T07:00:00.000Z',
    endTime: '2026-10-20T07:15:00.000Z',
    timezone: 'Europe/Berlin',
    recurringEventId: 5,
    occurrenceStart: '2026-10-19T07:00:00.000Z',
  });
  const single = event({
    id: 7,
    title: 'Dentist',
    type: 'appointment',
    startTime: '2026-10-21T13:00:00.000Z',
    endTime: '2026-10-21T14:00:00.000Z',
  });
  const ics = toICalendar([series, moved, single]);

  it('writes a series in its zone with its RRULE, EXDATE, type and addressable attendees', () => {
    const all = lines(ics);
    expect(all).toEqual(
      expect.arrayContaining([
        'DTSTART;TZID=Europe/Berlin:20261012T090000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'EXDATE;TZID=Europe/Berlin:20261102T090000',
        'CATEGORIES:MEETING',
        'ATTENDEE;ROLE=REQ-PARTICIPANT:MAILTO:bob@example.com',
        'CATEGORIES:APPOINTMENT',
        'DTSTART:20261021T130000Z',
      ]),
    );
    expect(all.filter((l) => l === 'BEGIN:VTIMEZONE')).toHaveLength(1);
    expect(ics).not.toContain('Carol');
  });

  it('is read back by ical.js as the same occurrences, the moved one in its new place', () => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    }
    const [master, override] = calendar
      .getAllSubcomponents('vevent')
      .filter((v) => v.getFirstPropertyValue('uid') === 'event-5@aide')
      .map((v) => new ICAL.Event(v));
    master.relateException(override);
    const iterator = master.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next && starts.length < 5; next = iterator.next()) {
      starts.push(master.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
    }
    expect(starts).toEqual([
      '2026-10-12T07:00:00.000Z',
      '2026-10-20T07:00:00.000Z', // moved from Monday 19th to Tuesday
      '2026-10-26T08:00:00.000Z', // 09:00 after the clocks went back
      '2026-11-09T08:00:00.000Z', // 2 November was removed
      '2026-11-16T08:00:00.000Z',
    ]);
  });
});
