import type { CalendarEvent, CalendarIntegration } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { type Radicale, startRadicale } from '../../test/radicale';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { EventsService } from '../events/events.service';
import { vtimezoneBlock } from './providers/ical-mapping';
import { CalendarSyncService } from './sync/calendar-sync.service';

/**
 * Repeating events synced with a real CalDAV server (Radicale): series made on the server come in
 * with their exceptions and moved occurrences, DST-correct in their TZID; series made here go out
 * as RRULE + EXDATE + RECURRENCE-ID and read back the same from the server by another account.
 */
const USER = 'ada';
const PASSWORD = 'radicale-secret-pw';
let radicale: Radicale;
let t: TestApp;

beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await radicale?.stop();
});

const auth = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const sync = (integration: CalendarIntegration) => t.app.get(CalendarSyncService).syncNow(integration.id);
const NOTHING = {
  imported: 0,
  updatedLocally: 0,
  deletedLocally: 0,
  exported: 0,
  updatedRemotely: 0,
  deletedRemotely: 0,
};
let calendars = 0;
/** A fresh calendar on the server for one test; answers its slug (the integration's calendarName). */
async function newCalendar(): Promise<{ slug: string; url: string }> {
  const slug = `series${++calendars}`;
  return { slug, url: await radicale.createCalendar(USER, PASSWORD, slug, slug) };
}

async function connect(agent: Agent, calendarName: string, syncDirection = 'two_way'): Promise<CalendarIntegration> {
  const response = await agent.post('/api/calendar-integrations/caldav').send({
    provider: 'caldav',
    serverUrl: radicale.url,
    username: USER,
    password: PASSWORD,
    calendarName,
    syncDirection,
  });
  expect(response.status).toBe(201);
  const created = response.body as CalendarIntegration;
  await waitFor(
    async () => {
      const list = (await agent.get('/api/calendar-integrations')).body as CalendarIntegration[];
      const row = list.find((i) => i.id === created.id);
      return row?.lastSyncAt !== null && !row?.syncing;
    },
    { timeoutMs: 20_000, what: 'the first sync' },
  );
  // No auto-sync beside the direct syncs below.
  await agent.patch(`/api/calendar-integrations/${created.id}`).send({ syncEnabled: false }).expect(200);
  return created;
}

const FROM = '2030-01-01T00:00:00Z';
const TO = '2032-01-01T00:00:00Z';
/** What a person sees in the calendar over the range: each occurrence's title and times. */
const occurrences = async (agent: Agent, from = FROM, to = TO) =>
  ((await agent.get(`/api/events?from=${from}&to=${to}`).expect(200)).body as CalendarEvent[]).map(
    (e) => `${e.startTime} ${e.endTime} ${e.title}`,
  );
/** The stored rows (a series once, with its rule; moved occurrences as their own rows). */
const rows = (userId: number) => t.app.get(EventsService).list(userId);

/** The calendar's objects as the server holds them (a raw CalDAV calendar-query REPORT). */
async function serverObjects(url: string): Promise<string[]> {
  const response = await fetch(url, {
    method: 'REPORT',
    headers: { authorization: auth, depth: '1', 'content-type': 'application/xml' },
    body: `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
<D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>`,
  });
  expect(response.status).toBe(207);
  const xml = await response.text();
  return [...xml.matchAll(/<C:calendar-data[^>]*>([\s\S]*?)<\/C:calendar-data>/gi)].map((m) =>
    m[1].replace(/&#13;/g, '\r').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}

/** Unfolded content lines of an iCalendar text's events (VTIMEZONE left out). */
const lines = (ics: string) =>
  ics
    .replace(/\r?\n[ \t]/g, '')
    .replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r?\n/g, '')
    .split(/\r?\n/);

it('a series made on the server comes in with its removed and moved occurrences, DST-correct, and local changes go back', async () => {
  const { slug, url } = await newCalendar();
  // Mondays 09:00 Berlin, five times, across the end of summer time (27 Oct 2030): the 4 Nov one
  // removed (EXDATE), the 21 Oct one moved to Tuesday 14:00 (RECURRENCE-ID).
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Other client//EN',
    vtimezoneBlock('Europe/Berlin')!,
    'BEGIN:VEVENT',
    'UID:planning-1',
    'DTSTAMP:20300101T000000Z',
    'LAST-MODIFIED:20300101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20301014T090000',
    'DTEND;TZID=Europe/Berlin:20301014T100000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5',
    'EXDATE;TZID=Europe/Berlin:20301104T090000',
    'SUMMARY:Planning',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:planning-1',
    'DTSTAMP:20300101T000000Z',
    'RECURRENCE-ID;TZID=Europe/Berlin:20301021T090000',
    'DTSTART;TZID=Europe/Berlin:20301022T140000',
    'DTEND;TZID=Europe/Berlin:20301022T150000',
    'SUMMARY:Planning (Tuesday)',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const put = await fetch(`${url}planning.ics`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'text/calendar' },
    body: ics,
  });
  expect(put.status).toBe(201);

  const { agent, user } = await signUp(request.agent(t.http));
  const integration = await connect(agent, slug);
  const stored = await rows(user.id);
  expect(stored).toHaveLength(2);
  const series = stored.find((e) => e.recurringEventId === null)!;
  expect(series).toMatchObject({
    title: 'Planning',
    source: 'caldav',
    recurrence: 'FREQ=WEEKLY;COUNT=5;BYDAY=MO',
    timezone: 'Europe/Berlin',
    exceptions: ['2030-11-04T08:00:00.000Z'],
  });
  expect(stored.find((e) => e.recurringEventId === series.id)).toMatchObject({
    title: 'Planning (Tuesday)',
    occurrenceStart: '2030-10-21T07:00:00.000Z',
    startTime: '2030-10-22T12:00:00.000Z',
  });
  // 09:00 Berlin is 07:00Z in summer time and 08:00Z after it.
  expect(await occurrences(agent)).toEqual([
    '2030-10-14T07:00:00.000Z 2030-10-14T08:00:00.000Z Planning',
    '2030-10-22T12:00:00.000Z 2030-10-22T13:00:00.000Z Planning (Tuesday)',
    '2030-10-28T08:00:00.000Z 2030-10-28T09:00:00.000Z Planning',
    '2030-11-11T08:00:00.000Z 2030-11-11T09:00:00.000Z Planning',
  ]);
  expect(await sync(integration)).toMatchObject(NOTHING);

  // Here: one more occurrence removed; the server's object gets its EXDATE, and the moved one stays.
  await agent
    .delete(`/api/events/${series.id}?scope=this&occurrence=${encodeURIComponent('2030-10-28T08:00:00.000Z')}`)
    .expect(204);
  expect(await sync(integration)).toMatchObject({ ...NOTHING, updatedRemotely: 1 });
  const [object] = await serverObjects(url);
  const objectLines = lines(object);
  expect(objectLines).toEqual(
    expect.arrayContaining([
      'DTSTART;TZID=Europe/Berlin:20301014T090000',
      'EXDATE;TZID=Europe/Berlin:20301028T090000',
      'EXDATE;TZID=Europe/Berlin:20301104T090000',
      'RECURRENCE-ID;TZID=Europe/Berlin:20301021T090000',
      'DTSTART;TZID=Europe/Berlin:20301022T140000',
    ]),
  );
  expect(objectLines.filter((l) => l.startsWith('RRULE:'))).toHaveLength(1);
  expect(await sync(integration)).toMatchObject(NOTHING);
  expect(await occurrences(agent)).toHaveLength(3);

  // The server deletes the series: it goes here, with its moved occurrence.
  await fetch(`${url}planning.ics`, { method: 'DELETE', headers: { authorization: auth } });
  expect(await sync(integration)).toMatchObject({ ...NOTHING, deletedLocally: 1 });
  expect(await rows(user.id)).toEqual([]);
}, 90_000);

/** Each repeat shape the editor offers, with a start that makes it cross a DST change in its zone. */
const SHAPES = [
  {
    title: 'Daily, 10 times',
    startTime: '2030-03-28T07:30:00Z',
    timezone: 'Europe/Berlin',
    recurrence: 'FREQ=DAILY;COUNT=10',
  },
  {
    title: 'Mon and Wed until June',
    startTime: '2030-03-04T14:00:00Z',
    timezone: 'America/New_York',
    recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20300615',
  },
  {
    title: 'Every 2 weeks',
    startTime: '2030-03-05T09:00:00Z',
    timezone: 'Europe/London',
    recurrence: 'FREQ=WEEKLY;INTERVAL=2;COUNT=6',
  },
  {
    title: 'Monthly on the 31st',
    startTime: '2030-01-31T08:00:00Z',
    timezone: 'Europe/Berlin',
    recurrence: 'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=7',
  },
  {
    title: 'Second Tuesday',
    startTime: '2030-01-08T17:00:00Z',
    timezone: 'America/New_York',
    recurrence: 'FREQ=MONTHLY;BYDAY=2TU;UNTIL=20301231',
  },
  {
    title: 'Last Friday',
    startTime: '2030-01-25T16:00:00Z',
    timezone: 'Europe/Paris',
    recurrence: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12',
  },
  { title: 'Yearly', startTime: '2030-02-14T19:00:00Z', timezone: 'Asia/Tokyo', recurrence: 'FREQ=YEARLY;COUNT=2' },
];

it('series made here go out as RRULE, EXDATE and RECURRENCE-ID and another account reads back the same occurrences, for each repeat shape', async () => {
  const { slug, url } = await newCalendar();
  const { agent: ada } = await signUp(request.agent(t.http));
  const made: CalendarEvent[] = [];
  for (const shape of SHAPES) {
    const end = new Date(Date.parse(shape.startTime) + 45 * 60_000).toISOString();
    const response = await ada.post('/api/events').send({ ...shape, endTime: end });
    expect(response.status).toBe(201);
    made.push(response.body as CalendarEvent);
  }
  const weekly = made[1];
  const integration = await connect(ada, slug);
  const objects = await serverObjects(url);
  expect(objects).toHaveLength(SHAPES.length);
  for (const object of objects) {
    const objectLines = lines(object);
    expect(objectLines.filter((l) => l.startsWith('RRULE:'))).toHaveLength(1);
    // Zoned, with the zone defined in the object; a date-only UNTIL goes out as UTC (RFC 5545).
    expect(objectLines.some((l) => /^DTSTART;TZID=[\w/]+:\d{8}T\d{6}$/.test(l))).toBe(true);
    expect(object).toContain('BEGIN:VTIMEZONE');
    expect(objectLines.filter((l) => /UNTIL=\d{8}(;|$)/.test(l))).toEqual([]);
  }

  // Another account on the same calendar, import-only: it sees what Ada sees.
  const { agent: reader } = await signUp(request.agent(t.http));
  const readerIntegration = await connect(reader, slug, 'import');
  const adaSees = await occurrences(ada);
  expect(adaSees.length).toBe(10 + 30 + 6 + 7 + 12 + 12 + 2);
  expect(await occurrences(reader)).toEqual(adaSees);

  // Ada moves one Wednesday and removes one Monday; the reader sees both after the next syncs.
  const wednesday = '2030-03-20T13:00:00.000Z'; // 09:00 New York, daylight time (from 10 March)
  const monday = '2030-03-25T13:00:00.000Z';
  await ada
    .patch(`/api/events/${weekly.id}?scope=this&occurrence=${encodeURIComponent(wednesday)}`)
    .send({ title: 'Moved to Thursday', startTime: '2030-03-21T20:00:00Z', endTime: '2030-03-21T20:45:00Z' })
    .expect(200);
  await ada.delete(`/api/events/${weekly.id}?scope=this&occurrence=${encodeURIComponent(monday)}`).expect(204);
  expect(await sync(integration)).toMatchObject({ ...NOTHING, updatedRemotely: 1 });
  expect(await sync(readerIntegration)).toMatchObject({ ...NOTHING, updatedLocally: 1 });
  const march = (agent: Agent) => occurrences(agent, '2030-03-18T00:00:00Z', '2030-03-27T00:00:00Z');
  expect((await march(reader)).filter((o) => / (Mon and Wed until June|Moved to Thursday)$/.test(o))).toEqual([
    '2030-03-18T13:00:00.000Z 2030-03-18T13:45:00.000Z Mon and Wed until June',
    '2030-03-21T20:00:00.000Z 2030-03-21T20:45:00.000Z Moved to Thursday',
  ]);
  expect(await occurrences(reader)).toEqual(await occurrences(ada));
  expect(await sync(integration)).toMatchObject(NOTHING);
  expect(await sync(readerIntegration)).toMatchObject(NOTHING);
}, 120_000);

it('"this and following" on a series from the server: the series ends there and its tail goes out as a new series', async () => {
  const { slug, url } = await newCalendar();
  const put = await fetch(`${url}retro.ics`, {
    method: 'PUT',
    headers: { authorization: auth, 'content-type': 'text/calendar' },
    body: [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other client//EN',
      'BEGIN:VEVENT',
      'UID:retro-1',
      'DTSTAMP:20300101T000000Z',
      'LAST-MODIFIED:20300101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20301014T160000',
      'DTEND;TZID=Europe/Berlin:20301014T170000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'SUMMARY:Retro',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  });
  expect(put.status).toBe(201);
  const { agent, user } = await signUp(request.agent(t.http));
  const integration = await connect(agent, slug);
  const [series] = await rows(user.id);
  await agent
    .patch(`/api/events/${series.id}?scope=following&occurrence=${encodeURIComponent('2030-11-04T15:00:00.000Z')}`)
    .send({ title: 'Retro (new room)', location: 'Room 7' })
    .expect(200);
  expect(await sync(integration)).toMatchObject({ ...NOTHING, exported: 1, updatedRemotely: 1 });
  const objects = (await serverObjects(url)).map(lines);
  expect(objects).toHaveLength(2);
  const original = objects.find((o) => o.includes('UID:retro-1'))!;
  expect(original.find((l) => l.startsWith('RRULE:'))).toMatch(/UNTIL=2030110\dT\d{6}Z/);
  const tail = objects.find((o) => !o.includes('UID:retro-1'))!;
  expect(tail).toEqual(
    expect.arrayContaining([
      'SUMMARY:Retro (new room)',
      'LOCATION:Room 7',
      'DTSTART;TZID=Europe/Berlin:20301104T160000',
    ]),
  );
  expect(await sync(integration)).toMatchObject(NOTHING);

  const { agent: reader } = await signUp(request.agent(t.http));
  await connect(reader, slug, 'import');
  const autumn = (who: Agent) => occurrences(who, '2030-10-01T00:00:00Z', '2030-12-01T00:00:00Z');
  expect(await autumn(reader)).toEqual(await autumn(agent));
  expect((await autumn(reader)).slice(2, 5)).toEqual([
    '2030-10-28T15:00:00.000Z 2030-10-28T16:00:00.000Z Retro',
    '2030-11-04T15:00:00.000Z 2030-11-04T16:00:00.000Z Retro (new room)',
    '2030-11-11T15:00:00.000Z 2030-11-11T16:00:00.000Z Retro (new room)',
  ]);
}, 90_000);
