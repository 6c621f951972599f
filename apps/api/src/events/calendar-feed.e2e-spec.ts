import type { CalendarEvent, CalendarFeedInfo } from '@aide/contracts';
import ICAL from 'ical.js';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let ada: Agent;
let bob: Agent;

beforeAll(async () => {
  t = await createTestApp();
  ({ agent: ada } = await signUp(request.agent(t.http)));
  ({ agent: bob } = await signUp(request.agent(t.http)));
});
afterAll(() => t.close());

const feedUrl = async (agent: Agent): Promise<string> =>
  ((await agent.get('/api/calendar/feed').expect(200)).body as CalendarFeedInfo).url;
/** The path of an absolute feed URL, to fetch it with a cookie-less request. */
const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => request(t.http).get(pathOf(url));
const createEvent = async (agent: Agent, body: object): Promise<CalendarEvent> =>
  (await agent.post('/api/events').send(body).expect(201)).body;
const inDays = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

describe('GET /api/calendar/feed', () => {
  it('creates a secret URL on first use and answers the same one afterwards', async () => {
    // supertest listens on a new port per request, so only the path is compared between calls.
    const url = await feedUrl(ada);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(pathOf(await feedUrl(ada))).toBe(pathOf(url));
    expect(pathOf(await feedUrl(bob))).not.toBe(pathOf(url));
  });

  it('answers 401 when signed out', async () => {
    await request(t.http).get('/api/calendar/feed').expect(401);
    await request(t.http).post('/api/calendar/feed/regenerate').expect(401);
  });

  it('regenerates a new URL; the old one stops working at once', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const old = await feedUrl(agent);
    await fetchFeed(old).expect(200);
    const fresh = ((await agent.post('/api/calendar/feed/regenerate').expect(200)).body as CalendarFeedInfo).url;
    expect(pathOf(fresh)).not.toBe(pathOf(old));
    expect(pathOf(await feedUrl(agent))).toBe(pathOf(fresh));
    expect((await fetchFeed(old).expect(404)).body).toEqual({ message: 'Calendar feed not found' });
    await fetchFeed(fresh).expect(200);
  });
});

describe('GET /api/calendar/feed/<token>.ics', () => {
  it("serves the owner's events as iCalendar that a real parser reads back exactly", async () => {
    const { agent } = await signUp(request.agent(t.http));
    const standup = await createEvent(agent, {
      title: 'Standup; daily, short',
      description: 'Line one\nLine two, with a comma',
      location: 'Room 1',
      startTime: '2026-12-01T09:30:00+01:00',
      endTime: '2026-12-01T09:45:00+01:00',
    });
    const dentist = await createEvent(agent, {
      title: 'Dentist',
      type: 'appointment',
      startTime: inDays(3, 14),
      endTime: inDays(3, 15),
    });
    await createEvent(bob, { title: "Bob's private", startTime: inDays(1), endTime: inDays(1, 11) });

    const response = await fetchFeed(await feedUrl(agent)).expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('private, no-cache');

    const calendar = new ICAL.Component(ICAL.parse(response.text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Aide');
    const parsed = calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        location: event.location,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        startZone: event.startDate.zone?.tzid,
        lastModified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString(),
      };
    });
    const expected = (event: CalendarEvent) => ({
      uid: `event-${event.id}@aide`,
      summary: event.title,
      description: event.description,
      location: event.location,
      start: event.startTime,
      end: event.endTime,
      startZone: 'UTC',
      lastModified: event.updatedAt.replace(/\.\d{3}Z$/, '.000Z'),
    });
    // By start time: the dentist (in three days) comes before the standup (1 December 2026).
    expect(parsed).toEqual([dentist, standup].sort((x, y) => x.startTime.localeCompare(y.startTime)).map(expected));
    expect(response.text).toContain('DTSTART:20261201T083000Z');
  });

  it('answers an unchanged feed’s poll with 304 and a changed one with the new feed', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const url = await feedUrl(agent);
    await createEvent(agent, { title: 'Lunch', startTime: inDays(1, 12), endTime: inDays(1, 13) });
    const first = await fetchFeed(url).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const unchanged = await fetchFeed(url).set('If-None-Match', etag).expect(304);
    expect(unchanged.text).toBe('');
    await createEvent(agent, { title: 'Dinner', startTime: inDays(1, 19), endTime: inDays(1, 20) });
    const changed = await fetchFeed(url).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.text).toContain('SUMMARY:Dinner');
  });

  it('keeps UIDs stable across edits and drops deleted events and those over a year old', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const url = await feedUrl(agent);
    await createEvent(agent, { title: 'Long ago', startTime: inDays(-400), endTime: inDays(-400, 11) });
    const a = await createEvent(agent, { title: 'A', startTime: inDays(1), endTime: inDays(1, 11) });
    const b = await createEvent(agent, { title: 'B', startTime: inDays(2), endTime: inDays(2, 11) });
    await agent
      .patch(`/api/events/${a.id}`)
      .send({ title: 'A moved', startTime: inDays(5), endTime: inDays(5, 11) })
      .expect(200);
    await agent.delete(`/api/events/${b.id}`).expect(204);
    const events = new ICAL.Component(ICAL.parse((await fetchFeed(url).expect(200)).text))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.summary])).toEqual([[`event-${a.id}@aide`, 'A moved']]);
  });

  it('carries a repeating event that began over a year ago with its rule, removed and moved occurrences', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const url = await feedUrl(agent);
    const series = await createEvent(agent, {
      title: 'Book club',
      startTime: '2025-01-07T19:00:00Z',
      endTime: '2025-01-07T20:00:00Z',
      recurrence: 'FREQ=MONTHLY;BYDAY=1TU',
      timezone: 'Europe/London',
    });
    await agent
      .delete(`/api/events/${series.id}`)
      .query({ scope: 'this', occurrence: '2025-02-04T19:00:00Z' })
      .expect(204);
    await agent
      .patch(`/api/events/${series.id}`)
      .query({ scope: 'this', occurrence: '2025-03-04T19:00:00Z' })
      .send({ title: 'Book club (moved)', startTime: '2025-03-05T19:00:00Z', endTime: '2025-03-05T20:00:00Z' })
      .expect(200);
    const text = (await fetchFeed(url).expect(200)).text.replace(/\r\n[ \t]/g, '');
    expect(text).toContain('RRULE:FREQ=MONTHLY;BYDAY=1TU');
    expect(text).toContain('EXDATE;TZID=Europe/London:20250204T190000');
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/London:20250304T190000');
    const uids = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((v) => v.getFirstPropertyValue('uid'));
    expect(uids).toEqual([`event-${series.id}@aide`, `event-${series.id}@aide`]);
  });

  it('answers 404 for unknown, malformed or suffix-less tokens', async () => {
    const url = await feedUrl(ada);
    const token = pathOf(url).split('/').pop()!.replace('.ics', '');
    for (const path of [
      `/api/calendar/feed/${'A'.repeat(43)}.ics`,
      '/api/calendar/feed/nope.ics',
      `/api/calendar/feed/${token}`,
      `/api/calendar/feed/${token}.ICS`,
      "/api/calendar/feed/'%3B--.ics",
    ]) {
      expect((await request(t.http).get(path).expect(404)).body).toEqual({ message: 'Calendar feed not found' });
    }
  });

  it("answers 404 while the owner's organiser module is locked, and serves again once unlocked", async () => {
    const { agent } = await signUp(request.agent(t.http));
    const url = await feedUrl(agent);
    const db = t.app.get(DataSource);
    await db.query(`UPDATE feature_toggles SET "planRequired" = 'premium' WHERE name = 'module.organiser'`);
    try {
      expect((await fetchFeed(url).expect(404)).body).toEqual({ message: 'Calendar feed not found' });
      await agent.get('/api/calendar/feed').expect(403);
    } finally {
      await db.query(`UPDATE feature_toggles SET "planRequired" = 'free' WHERE name = 'module.organiser'`);
    }
    await fetchFeed(url).expect(200);
  });

  it('builds the URL from PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://aide.example.com/' } });
    try {
      const { agent } = await signUp(request.agent(other.http));
      const url = ((await agent.get('/api/calendar/feed').expect(200)).body as CalendarFeedInfo).url;
      expect(url).toMatch(/^https:\/\/aide\.example\.com\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
      await request(other.http).get(new URL(url).pathname).expect(200);
    } finally {
      await other.close();
    }
  });
});
