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
