import type { CalendarEvent, SearchResponse } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { buildRegistration, signUp, type Agent } from '../../test/factories';
import { baseUrlOf, SseTestClient, signUpOverHttp } from '../../test/sse-test-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EventsService } from './events.service';

let t: TestApp;
let ada: Agent;
let bob: Agent;
let adaId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({
    agent: ada,
    user: { id: adaId },
  } = await signUp(request.agent(t.http)));
  ({ agent: bob } = await signUp(request.agent(t.http)));
});
afterAll(() => t.close());

const at = (iso: string) => ({ startTime: iso, endTime: new Date(Date.parse(iso) + 3_600_000).toISOString() });
const createEvent = async (agent: Agent, body: object): Promise<CalendarEvent> =>
  (await agent.post('/api/events').send(body).expect(201)).body;

describe('events CRUD', () => {
  it('creates, lists, updates and deletes an event', async () => {
    const created = await createEvent(ada, {
      userId: 999,
      title: '  Design review ',
      description: 'Walk through the mockups',
      type: 'appointment',
      startTime: '2026-12-01T09:30:00+01:00',
      endTime: '2026-12-01T10:45:00+01:00',
      location: ' Room 4 ',
      attendees: ['bob@example.com', 'Carol'],
      metadata: { link: 'https://meet.example.com/x', agenda: { items: 3 } },
    });
    expect(created).toEqual({
      id: expect.any(Number),
      userId: adaId,
      title: 'Design review',
      description: 'Walk through the mockups',
      type: 'appointment',
      startTime: '2026-12-01T08:30:00.000Z',
      endTime: '2026-12-01T09:45:00.000Z',
      location: 'Room 4',
      attendees: ['bob@example.com', 'Carol'],
      metadata: { link: 'https://meet.example.com/x', agenda: { items: 3 } },
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
      sourceEmailId: null,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    expect((await ada.get('/api/events').expect(200)).body).toContainEqual(created);

    const updated = await ada
      .patch(`/api/events/${created.id}`)
      .send({ id: 1, title: 'Design review v2', location: null, metadata: null })
      .expect(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      title: 'Design review v2',
      location: null,
      metadata: null,
      type: 'appointment',
    });

    await ada.delete(`/api/events/${created.id}`).expect(204, '');
    expect((await ada.get('/api/events').expect(200)).body.map((e: CalendarEvent) => e.id)).not.toContain(created.id);
  });

  it('defaults the type to meeting and stores blank text as null and no attendees as []', async () => {
    const created = await createEvent(ada, {
      title: 'Lunch',
      description: '  ',
      location: '',
      ...at('2026-12-02T12:00:00Z'),
    });
    expect(created).toMatchObject({
      type: 'meeting',
      description: null,
      location: null,
      attendees: [],
      metadata: null,
    });
  });
});

describe('GET /api/events?from=&to=', () => {
  let carol: Agent;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ({ agent: carol } = await signUp(request.agent(t.http)));
    for (const [name, start, end] of [
      ['before', '2027-01-01T08:00:00Z', '2027-01-01T09:00:00Z'],
      ['overlapsStart', '2027-01-01T09:30:00Z', '2027-01-01T10:30:00Z'],
      ['inside', '2027-01-01T11:00:00Z', '2027-01-01T11:30:00Z'],
      ['overlapsEnd', '2027-01-01T11:45:00Z', '2027-01-01T13:00:00Z'],
      ['after', '2027-01-01T12:00:00Z', '2027-01-01T12:30:00Z'],
    ]) {
      ids[name] = (await createEvent(carol, { title: name, startTime: start, endTime: end })).id;
    }
  });
  const names = async (query: object) =>
    (await carol.get('/api/events').query(query).expect(200)).body.map((e: CalendarEvent) => e.title);

  it('lists every event by start time without a range', async () => {
    expect(await names({})).toEqual(['before', 'overlapsStart', 'inside', 'overlapsEnd', 'after']);
  });

  it('lists the events overlapping [from, to), in any zone notation', async () => {
    expect(await names({ from: '2027-01-01T10:00:00Z', to: '2027-01-01T12:00:00Z' })).toEqual([
      'overlapsStart',
      'inside',
      'overlapsEnd',
    ]);
    expect(await names({ from: '2027-01-01T11:00:00+01:00', to: '2027-01-01T13:00:00+01:00' })).toEqual([
      'overlapsStart',
      'inside',
      'overlapsEnd',
    ]);
    expect(await names({ from: '2027-01-01T11:50:00Z' })).toEqual(['overlapsEnd', 'after']);
    expect(await names({ to: '2027-01-01T09:00:00Z' })).toEqual(['before']);
  });

  it('answers 400 with a readable message for a bad range', async () => {
    expect((await carol.get('/api/events').query({ from: 'yesterday' }).expect(400)).body.message).toBe(
      'From must be a valid date and time (ISO 8601 with a zone)',
    );
    expect((await carol.get('/api/events?to=a&to=b').expect(400)).body.message).toBe(
      'To must be a valid date and time (ISO 8601 with a zone)',
    );
    expect(
      (await carol.get('/api/events').query({ from: '2027-01-02T00:00:00Z', to: '2027-01-01T00:00:00Z' }).expect(400))
        .body.message,
    ).toBe('To must not be before from');
  });
});

describe('validation', () => {
  it('answers 400 with the spec messages for missing title, start and end', async () => {
    const response = await ada.post('/api/events').send({ title: ' ' }).expect(400);
    expect(response.body).toEqual({
      message: 'Title is required; Start time is required; End time is required',
      errors: [
        { path: 'title', message: 'Title is required' },
        { path: 'startTime', message: 'Start time is required' },
        { path: 'endTime', message: 'End time is required' },
      ],
    });
  });

  it('refuses an end before the start on POST, and on a PATCH that moves only one side', async () => {
    const post = await ada
      .post('/api/events')
      .send({ title: 'x', startTime: '2026-12-03T10:00:00Z', endTime: '2026-12-03T09:00:00Z' })
      .expect(400);
    expect(post.body).toEqual({
      message: 'End time must be after start time',
      errors: [{ path: 'endTime', message: 'End time must be after start time' }],
    });
    const event = await createEvent(ada, { title: 'x', ...at('2026-12-03T10:00:00Z') });
    const patch = await ada.patch(`/api/events/${event.id}`).send({ startTime: '2026-12-03T12:00:00Z' }).expect(400);
    expect(patch.body.message).toBe('End time must be after start time');
    expect(
      (await ada.patch(`/api/events/${event.id}`).send({ startTime: '2026-12-03T10:30:00Z' }).expect(200)).body
        .startTime,
    ).toBe('2026-12-03T10:30:00.000Z');
  });

  it('never answers 500 on odd input', async () => {
    const odd = [
      { title: 'x', ...at('2026-12-03T10:00:00Z'), type: 'party' },
      { title: 'x', ...at('2026-12-03T10:00:00Z'), attendees: 'bob' },
      { title: 'x', ...at('2026-12-03T10:00:00Z'), attendees: ['a\u0000'] },
      { title: 'x', ...at('2026-12-03T10:00:00Z'), metadata: { a: 'b\u0000' } },
      { title: 'x\u0000', ...at('2026-12-03T10:00:00Z') },
      { title: 'x', startTime: 12, endTime: true },
      { title: 'x'.repeat(201), ...at('2026-12-03T10:00:00Z') },
    ];
    for (const body of odd) expect((await ada.post('/api/events').send(body)).status).toBe(400);
    expect((await ada.post('/api/events').send([1, 2])).status).toBe(400);
    expect((await ada.patch('/api/events/abc').send({ title: 'x' })).status).toBe(400);
    expect((await ada.patch('/api/events/99999999999').send({ title: 'x' })).status).toBe(400);
  });
});

describe('ownership', () => {
  it("answers 404 for another user's event on PATCH and DELETE and leaves it alone", async () => {
    const bobs = await createEvent(bob, { title: "Bob's", ...at('2026-12-04T10:00:00Z') });
    expect((await ada.patch(`/api/events/${bobs.id}`).send({ title: 'Hijacked' }).expect(404)).body).toEqual({
      message: 'Event not found',
    });
    expect((await ada.delete(`/api/events/${bobs.id}`).expect(404)).body).toEqual({ message: 'Event not found' });
    expect((await bob.get('/api/events').expect(200)).body).toContainEqual(bobs);
    expect((await ada.get('/api/events').expect(200)).body.map((e: CalendarEvent) => e.id)).not.toContain(bobs.id);
    expect((await ada.delete('/api/events/2147483647').expect(404)).body).toEqual({ message: 'Event not found' });
  });

  it.each([
    ['GET', '/api/events'],
    ['POST', '/api/events'],
    ['PATCH', '/api/events/1'],
    ['DELETE', '/api/events/1'],
  ])('%s %s answers 401 when signed out', async (method, path) => {
    const response = await request(t.http)[method.toLowerCase() as 'get'](path).send({ title: 'x' });
    expect(response.status).toBe(401);
  });
});

describe('EventsService (for the calendar sync)', () => {
  it("records an import origin, finds by ids only the user's, and filters by a Date range", async () => {
    const events = t.app.get(EventsService);
    const bobs = await createEvent(bob, { title: 'B', ...at('2026-12-05T10:00:00Z') });
    const imported = await events.create(
      adaId,
      { title: 'Synced', type: 'meeting', ...at('2026-12-05T10:00:00Z') },
      { source: 'google', integrationId: 42 },
    );
    expect(imported).toMatchObject({ source: 'google', integrationId: 42, userId: adaId });
    expect((await events.findByIds(adaId, [imported.id, bobs.id, 123456])).map((e) => e.id)).toEqual([imported.id]);
    expect(await events.findByIds(adaId, [])).toEqual([]);
    const day = await events.list(adaId, {
      from: new Date('2026-12-05T00:00:00Z'),
      to: new Date('2026-12-06T00:00:00Z'),
    });
    expect(day.map((e) => e.title)).toEqual(['Synced']);
    expect((await events.update(adaId, imported.id, { title: 'Synced 2' })).source).toBe('google');
    await expect(events.update(adaId, bobs.id, { title: 'x' })).rejects.toThrow('Event not found');
    await expect(events.remove(adaId, bobs.id)).rejects.toThrow('Event not found');
    await events.remove(adaId, imported.id);
  });

  it('removes the events with their user', async () => {
    const { agent: dave, user } = await signUp(request.agent(t.http));
    await createEvent(dave, { title: 'Gone soon', ...at('2026-12-06T10:00:00Z') });
    const db = t.app.get(DataSource);
    await db.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await db.query('SELECT count(*)::int AS n FROM events WHERE "userId" = $1', [user.id])).toEqual([{ n: 0 }]);
  });
});

describe('search and live updates', () => {
  it('finds events in the header search, linking to the calendar', async () => {
    const event = await createEvent(ada, {
      title: 'Zeppelin tour',
      description: 'Meet at the hangar gate',
      location: 'Friedrichshafen',
      ...at('2026-12-07T10:00:00Z'),
    });
    await createEvent(bob, { title: 'Zeppelin for Bob', ...at('2026-12-07T10:00:00Z') });
    const response: SearchResponse = (await ada.get('/api/search').query({ q: 'zepp' }).expect(200)).body;
    expect(response.results).toEqual([
      {
        module: 'organiser',
        type: 'event',
        id: event.id,
        title: 'Zeppelin tour',
        snippet: 'Meet at the hangar gate',
        link: '/calendar',
      },
    ]);
    const byLocation: SearchResponse = (await ada.get('/api/search').query({ q: 'friedrich' }).expect(200)).body;
    expect(byLocation.results.map((r) => r.id)).toEqual([event.id]);
  });

  it("publishes entity.changed to the owner's stream on create, update and delete", async () => {
    await t.app.listen(0, '127.0.0.1');
    const base = baseUrlOf(t.app);
    const { cookie } = await signUpOverHttp(base, buildRegistration());
    const client = await SseTestClient.open(`${base}/api/stream`, cookie);
    try {
      const call = (method: string, path: string, body?: object) =>
        fetch(`${base}${path}`, {
          method,
          headers: { cookie, 'content-type': 'application/json' },
          body: body && JSON.stringify(body),
        });
      const created = (await (
        await call('POST', '/api/events', { title: 'Live', ...at('2026-12-08T10:00:00Z') })
      ).json()) as CalendarEvent;
      expect((await call('PATCH', `/api/events/${created.id}`, { title: 'Live 2' })).status).toBe(200);
      expect((await call('DELETE', `/api/events/${created.id}`)).status).toBe(204);
      const changed = {
        type: 'entity.changed',
        entity: { type: 'event', id: created.id },
        invalidate: ['/api/events', '/api/dashboard'],
      };
      expect(await client.waitForEvents(3)).toEqual([changed, changed, changed]);
    } finally {
      client.close();
    }
  });
});
