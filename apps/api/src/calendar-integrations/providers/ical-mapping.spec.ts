import { buildVCalendar, parseVEvent } from './ical-mapping';

describe('iCalendar mapping', () => {
  it('round-trips an exported event', () => {
    const ics = buildVCalendar(
      {
        localId: 7,
        title: 'Review, Q3; budget',
        description: 'Line one\nLine two',
        location: 'Room 4',
        startTime: '2026-03-02T09:30:00.000Z',
        endTime: '2026-03-02T10:00:00.000Z',
      },
      'aide-7-x',
    );
    expect(ics).toContain('UID:aide-7-x');
    const parsed = parseVEvent(ics, '/cal/aide-7-x.ics', '"e1"');
    expect(parsed).toMatchObject({
      remoteId: '/cal/aide-7-x.ics',
      etag: '"e1"',
      title: 'Review, Q3; budget',
      description: 'Line one\nLine two',
      location: 'Room 4',
      startTime: '2026-03-02T09:30:00.000Z',
      endTime: '2026-03-02T10:00:00.000Z',
    });
    expect(parsed?.updatedAt).toEqual(expect.any(String));
  });

  it('reads zoned times, all-day dates and attendees from another client', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other//EN',
      'BEGIN:VEVENT',
      'UID:1',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260105T120000Z',
      'DTEND:20260105T130000Z',
      'SUMMARY:Lunch',
      'ATTENDEE;CN=Ada:mailto:ada@example.com',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(parseVEvent(ics, 'x', null)).toMatchObject({
      title: 'Lunch',
      startTime: '2026-01-05T12:00:00.000Z',
      attendees: ['ada@example.com'],
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const allDay = ics
      .replace('DTSTART:20260105T120000Z', 'DTSTART;VALUE=DATE:20260105')
      .replace('DTEND:20260105T130000Z', 'DTEND;VALUE=DATE:20260106');
    const parsed = parseVEvent(allDay, 'x', null);
    expect(parsed?.endTime && parsed.startTime && Date.parse(parsed.endTime) - Date.parse(parsed.startTime)).toBe(
      24 * 3600 * 1000,
    );
  });

  it('answers null for an object without a VEVENT', () => {
    expect(
      parseVEvent('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:1\r\nEND:VTODO\r\nEND:VCALENDAR', 'x', null),
    ).toBeNull();
  });
});

describe('iCalendar mapping of repeating events', () => {
  const series = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Other//EN',
    'BEGIN:VEVENT',
    'UID:weekly-1',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20261012T090000',
    'DTEND;TZID=Europe/Berlin:20261012T100000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6',
    'EXDATE;TZID=Europe/Berlin:20261019T090000',
    'EXDATE;VALUE=DATE:20261109',
    'SUMMARY:Planning',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:weekly-1',
    'DTSTAMP:20260101T000000Z',
    'RECURRENCE-ID;TZID=Europe/Berlin:20261026T090000',
    'DTSTART;TZID=Europe/Berlin:20261027T140000',
    'DTEND;TZID=Europe/Berlin:20261027T150000',
    'SUMMARY:Planning (moved)',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:weekly-1',
    'DTSTAMP:20260101T000000Z',
    'RECURRENCE-ID:20261102T080000Z',
    'DTSTART:20261102T080000Z',
    'STATUS:CANCELLED',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

  it('reads RRULE, EXDATEs (zoned and date-only), a moved occurrence and a cancelled one, DST-correct', () => {
    const parsed = parseVEvent(series, '/cal/weekly.ics', '"e"');
    expect(parsed).toMatchObject({
      title: 'Planning',
      startTime: '2026-10-12T07:00:00.000Z',
      endTime: '2026-10-12T08:00:00.000Z',
      recurrence: {
        rule: 'FREQ=WEEKLY;COUNT=6;BYDAY=MO',
        timezone: 'Europe/Berlin',
        // 19 Oct is summer time (07:00Z); 2 and 9 Nov are winter time (08:00Z).
        exceptions: ['2026-10-19T07:00:00.000Z', '2026-11-02T08:00:00.000Z', '2026-11-09T08:00:00.000Z'],
        overrides: [
          {
            originalStartTime: '2026-10-26T08:00:00.000Z',
            title: 'Planning (moved)',
            startTime: '2026-10-27T13:00:00.000Z',
            endTime: '2026-10-27T14:00:00.000Z',
          },
        ],
      },
    });
  });

  it('maps Windows and path-prefixed TZIDs to IANA zones', () => {
    const windows = series.replaceAll('TZID=Europe/Berlin', 'TZID="W. Europe Standard Time"');
    expect(parseVEvent(windows, 'x', null)?.recurrence?.timezone).toBe('Europe/Berlin');
    const prefixed = series.replaceAll(
      'TZID=Europe/Berlin',
      'TZID=/freeassociation.sourceforge.net/Tzfile/Europe/Berlin',
    );
    expect(parseVEvent(prefixed, 'x', null)).toMatchObject({
      startTime: '2026-10-12T07:00:00.000Z',
      recurrence: { timezone: 'Europe/Berlin' },
    });
  });

  it('leaves a rule it cannot repeat by as the first occurrence', () => {
    const hourly = series.replace('RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6', 'RRULE:FREQ=HOURLY;COUNT=3');
    expect(parseVEvent(hourly, 'x', null)).toMatchObject({ title: 'Planning', recurrence: null });
  });

  it('writes a series in its zone with a VTIMEZONE, a UTC UNTIL, EXDATEs and RECURRENCE-ID overrides, and reads it back', () => {
    const ics = buildVCalendar(
      {
        localId: 9,
        title: 'Standup',
        description: null,
        location: null,
        startTime: '2026-03-23T08:00:00.000Z',
        endTime: '2026-03-23T08:15:00.000Z',
        recurrence: {
          rule: 'FREQ=DAILY;UNTIL=20260405',
          timezone: 'Europe/Berlin',
          exceptions: ['2026-03-30T07:00:00.000Z'],
          overrides: [
            {
              originalStartTime: '2026-03-31T07:00:00.000Z',
              title: 'Standup (late)',
              description: null,
              location: 'Room 2',
              startTime: '2026-03-31T09:00:00.000Z',
              endTime: '2026-03-31T09:15:00.000Z',
            },
          ],
        },
      },
      'aide-9-x',
    );
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain('TZID:Europe/Berlin');
    expect(ics).toContain('RRULE:FOO'.replace('FOO', 'FREQ=DAILY;UNTIL=20260405T215959Z'));
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20260323T090000');
    expect(ics).toContain('EXDATE;TZID=Europe/Berlin:20260330T090000');
    expect(ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260331T090000');
    expect(parseVEvent(ics, 'x', null)).toMatchObject({
      startTime: '2026-03-23T08:00:00.000Z',
      recurrence: {
        rule: 'FREQ=DAILY;UNTIL=20260405T215959Z',
        timezone: 'Europe/Berlin',
        exceptions: ['2026-03-30T07:00:00.000Z'],
        overrides: [
          {
            originalStartTime: '2026-03-31T07:00:00.000Z',
            title: 'Standup (late)',
            location: 'Room 2',
            startTime: '2026-03-31T09:00:00.000Z',
          },
        ],
      },
    });
  });
});
