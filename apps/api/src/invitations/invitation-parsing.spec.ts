import ICAL from 'ical.js';
import { parseInvitation } from './invitation-parsing';
import { buildReply } from './invitation-reply';

/** An iMIP calendar part as mail clients send it; `event` lines go inside the VEVENT. */
function calendar(method: string, event: string[], extra: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    `METHOD:${method}`,
    ...extra,
    'BEGIN:VEVENT',
    'UID:meeting-1@example.com',
    'DTSTAMP:20261120T080000Z',
    'ORGANIZER;CN=Olga Organiser:mailto:Olga@Example.com',
    'ATTENDEE;CN=Ada;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ada@example.com',
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:olga@example.com',
    'SUMMARY:Quarterly planning',
    ...event,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const WINDOWS_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

describe('parseInvitation', () => {
  it('reads a REQUEST in UTC with its organiser, attendees and their answers', () => {
    const invitation = parseInvitation(
      calendar('REQUEST', ['SEQUENCE:0', 'DTSTART:20261201T140000Z', 'DTEND:20261201T150000Z', 'LOCATION:Room 4']),
    );
    expect(invitation).toMatchObject({
      method: 'request',
      uid: 'meeting-1@example.com',
      sequence: 0,
      summary: 'Quarterly planning',
      organizer: { name: 'Olga Organiser', email: 'olga@example.com' },
      startTime: '2026-12-01T14:00:00.000Z',
      endTime: '2026-12-01T15:00:00.000Z',
      allDay: false,
      location: 'Room 4',
      recurrence: null,
      attendees: [
        { name: 'Ada', email: 'ada@example.com', response: 'needs-action' },
        { name: null, email: 'olga@example.com', response: 'accepted' },
      ],
    });
  });

  it('reads a TZID time in its zone, also a Windows zone name with its VTIMEZONE', () => {
    const berlin = parseInvitation(
      calendar('REQUEST', ['DTSTART;TZID=Europe/Berlin:20260701T090000', 'DTEND;TZID=Europe/Berlin:20260701T100000']),
    );
    expect(berlin).toMatchObject({ startTime: '2026-07-01T07:00:00.000Z', timezone: 'Europe/Berlin' });
    const outlook = parseInvitation(
      calendar(
        'REQUEST',
        ['DTSTART;TZID=W. Europe Standard Time:20261201T090000', 'DTEND;TZID=W. Europe Standard Time:20261201T093000'],
        WINDOWS_ZONE,
      ),
    );
    expect(outlook).toMatchObject({
      startTime: '2026-12-01T08:00:00.000Z',
      endTime: '2026-12-01T08:30:00.000Z',
      timezone: 'Europe/Berlin',
    });
  });

  it('reads an all-day invitation as whole days', () => {
    const invitation = parseInvitation(
      calendar('REQUEST', ['DTSTART;VALUE=DATE:20261224', 'DTEND;VALUE=DATE:20261226']),
    );
    expect(invitation).toMatchObject({
      allDay: true,
      timezone: null,
      startTime: '2026-12-24T00:00:00.000Z',
      endTime: '2026-12-26T00:00:00.000Z',
    });
  });

  it('keeps the rule of a repeating meeting with its zone', () => {
    const invitation = parseInvitation(
      calendar('REQUEST', [
        'DTSTART;TZID=America/New_York:20261202T100000',
        'DTEND;TZID=America/New_York:20261202T103000',
        'RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=10',
      ]),
    );
    expect(invitation).toMatchObject({
      recurrence: 'FREQ=WEEKLY;COUNT=10;BYDAY=WE',
      timezone: 'America/New_York',
      startTime: '2026-12-02T15:00:00.000Z',
    });
  });

  it('reads an update (a higher SEQUENCE) and a CANCEL', () => {
    expect(
      parseInvitation(calendar('REQUEST', ['SEQUENCE:2', 'DTSTART:20261201T160000Z', 'DTEND:20261201T170000Z'])),
    ).toMatchObject({ method: 'request', sequence: 2, startTime: '2026-12-01T16:00:00.000Z' });
    expect(
      parseInvitation(
        calendar('CANCEL', ['SEQUENCE:3', 'STATUS:CANCELLED', 'DTSTART:20261201T160000Z', 'DTEND:20261201T170000Z']),
      ),
    ).toMatchObject({ method: 'cancel', sequence: 3, uid: 'meeting-1@example.com' });
  });

  it('answers null, without throwing, for what is not an invitation', () => {
    const times = ['DTSTART:20261201T140000Z', 'DTEND:20261201T150000Z'];
    expect(parseInvitation('not iCalendar at all')).toBeNull();
    expect(parseInvitation('BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nDTSTART:garbage')).toBeNull();
    expect(parseInvitation(calendar('REPLY', times))).toBeNull();
    expect(parseInvitation(calendar('PUBLISH', times))).toBeNull();
    expect(parseInvitation(calendar('REQUEST', times).replace(/ORGANIZER[^\r]*\r\n/, ''))).toBeNull();
    expect(parseInvitation(calendar('REQUEST', ['DTSTART:not-a-date']))).toBeNull();
    expect(parseInvitation(calendar('REQUEST', ['LOCATION:no time at all']))).toBeNull();
    expect(parseInvitation('')).toBeNull();
  });
});

describe('buildReply', () => {
  it('is a METHOD:REPLY with the same UID and SEQUENCE, a DTSTAMP and the attendee’s PARTSTAT', () => {
    const ics = buildReply(
      {
        uid: 'meeting-1@example.com',
        sequence: 2,
        summary: 'Quarterly planning',
        organizerEmail: 'olga@example.com',
        organizerName: 'Olga Organiser',
        startTime: new Date('2026-12-01T14:00:00Z'),
        endTime: new Date('2026-12-01T15:00:00Z'),
        allDay: false,
      },
      { email: 'ada@example.com', name: 'Ada' },
      'tentative',
      new Date('2026-11-27T10:00:00Z'),
    );
    const component = new ICAL.Component(ICAL.parse(ics));
    expect(component.getFirstPropertyValue('method')).toBe('REPLY');
    const vevent = component.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe('meeting-1@example.com');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2026-11-27T10:00:00Z');
    expect(String(vevent.getFirstPropertyValue('organizer'))).toBe('mailto:olga@example.com');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees).toHaveLength(1);
    expect(attendees[0].getParameter('partstat')).toBe('TENTATIVE');
    expect(String(attendees[0].getFirstValue()).toLowerCase()).toBe('mailto:ada@example.com');
  });
});
