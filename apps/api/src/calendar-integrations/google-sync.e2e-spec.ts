import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CalendarEvent, type CalendarIntegration, PLAN_QUOTAS, planQuotaMessage } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { EventsService } from '../events/events.service';
import { isOccurrence } from '../events/recurrence/occurrences';
import { CalendarIntegrationsService } from './calendar-integrations.service';
import { CalendarSyncService } from './sync/calendar-sync.service';

/**
 * A loopback stand-in for Google's token endpoint and Calendar API v3, following the documented
 * shapes, repeating events included: a master carries `recurrence` (RRULE/EXDATE lines) and an
 * iCalUID; an exception is its own event with `recurringEventId` and `originalStartTime`, a
 * cancelled one has status 'cancelled'. events.list (singleEvents false) lists masters and their
 * exceptions, cancelled instances included; `iCalUID` filters to one series; events.instances with
 * `originalStart` answers the instance there (id `<master>_<UTC start>`), which PATCH turns into an
 * exception and DELETE cancels. Times come back as RFC 3339 with an offset plus the event's zone.
 */
interface GoogleTime {
  dateTime: string;
  timeZone?: string;
}
interface FakeEvent {
  id: string;
  etag: string;
  status: string;
  summary: string;
  description?: string;
  location?: string;
  start: GoogleTime;
  end: GoogleTime;
  updated: string;
  seq: number;
  iCalUID?: string;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleTime;
}
/** Google's RFC 3339 with the offset the zone has then (e.g. 2030-10-22T10:00:00+02:00). */
const rfc3339 = (time: GoogleTime): GoogleTime => {
  const hasOffset = /(Z|[+-]\d\d:\d\d)$/.test(time.dateTime);
  if (!time.timeZone) return { dateTime: new Date(time.dateTime).toISOString().replace('.000', '') };
  const local = hasOffset ? dayjs(time.dateTime).tz(time.timeZone) : dayjs.tz(time.dateTime, time.timeZone);
  return { dateTime: local.format('YYYY-MM-DDTHH:mm:ssZ'), timeZone: time.timeZone };
};
const instanceId = (masterId: string, originalStart: string) =>
  `${masterId}_${new Date(originalStart).toISOString().replace(/[-:]|\.\d{3}/g, '')}`;
const fake = {
  events: new Map<string, FakeEvent>(),
  seq: 0,
  token: 'access-1',
  refreshes: 0,
  expireSyncTokens: false,
  pageSize: 1,
  tokenRequests: [] as URLSearchParams[],
  listQueries: [] as URLSearchParams[],
  writes: [] as { method: string; id: string; body: unknown }[],
};
const touch = (e: Omit<FakeEvent, 'etag' | 'seq' | 'updated'>) => {
  const seq = ++fake.seq;
  fake.events.set(e.id, {
    ...e,
    start: rfc3339(e.start),
    end: rfc3339(e.end),
    ...(e.originalStartTime && { originalStartTime: rfc3339(e.originalStartTime) }),
    ...(e.recurrence && { iCalUID: e.iCalUID ?? `${e.id}@google.com` }),
    seq,
    etag: `"${seq}"`,
    updated: new Date(Date.now() + seq).toISOString(),
  });
  return fake.events.get(e.id)!;
};
/** The instance of a master at `originalStart`: its exception if it has one, else the occurrence as the rule makes it. */
function instanceAt(master: FakeEvent, originalStart: string): FakeEvent | null {
  const exception = [...fake.events.values()].find(
    (e) => e.recurringEventId === master.id && Date.parse(e.originalStartTime!.dateTime) === Date.parse(originalStart),
  );
  if (exception) return exception;
  const rule = master.recurrence?.find((l) => l.startsWith('RRULE:'))?.slice(6);
  const start = new Date(master.start.dateTime);
  const duration = Date.parse(master.end.dateTime) - start.getTime();
  const at = new Date(originalStart);
  if (
    !rule ||
    !isOccurrence({ startTime: start, endTime: start, recurrence: rule, timezone: master.start.timeZone! }, at)
  )
    return null;
  const original = rfc3339({ dateTime: at.toISOString(), timeZone: master.start.timeZone });
  const { recurrence: _r, iCalUID: _u, ...fields } = master;
  return {
    ...fields,
    id: instanceId(master.id, originalStart),
    recurringEventId: master.id,
    originalStartTime: original,
    start: original,
    end: rfc3339({ dateTime: new Date(at.getTime() + duration).toISOString(), timeZone: master.start.timeZone }),
  };
}
const body = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
};
dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);
let server: Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  // A failure in the fake answers 500 (the test sees it), never an unhandled rejection.
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, 'http://x');
    const send = (status: number, json?: unknown) => (
      res.writeHead(status, { 'content-type': 'application/json' }),
      res.end(json === undefined ? '' : JSON.stringify(json))
    );
    if (url.pathname === '/token') {
      const params = new URLSearchParams(await body(req));
      fake.tokenRequests.push(params);
      if (params.get('grant_type') === 'refresh_token') fake.token = `access-${++fake.refreshes + 1}`;
      return send(200, {
        access_token: fake.token,
        refresh_token: params.get('grant_type') === 'authorization_code' ? 'refresh-1' : undefined,
        expires_in: 3600,
        token_type: 'Bearer',
      });
    }
    if (req.headers.authorization !== `Bearer ${fake.token}`)
      return send(401, { error: { code: 401, message: 'Invalid Credentials' } });
    if (url.pathname === '/calendar/v3/calendars/primary')
      return send(200, { id: 'ada@example.com', summary: 'Ada Lovelace' });
    const match = /^\/calendar\/v3\/calendars\/primary\/events(?:\/([^/]+))?(\/instances)?$/.exec(url.pathname);
    if (!match) return send(404, { error: { message: 'Not Found' } });
    const id = match[1] && decodeURIComponent(match[1]);
    if (match[2] && req.method === 'GET') {
      const master = id ? fake.events.get(id) : undefined;
      if (!master?.recurrence) return send(404, { error: { message: 'Not Found' } });
      const originalStart = url.searchParams.get('originalStart');
      const instance = originalStart ? instanceAt(master, originalStart) : null;
      return send(200, { kind: 'calendar#events', items: instance ? [instance] : [] });
    }
    if (req.method === 'GET' && id) {
      const found = fake.events.get(id);
      return found ? send(200, found) : send(404, { error: { message: 'Not Found' } });
    }
    if (req.method === 'GET') {
      const syncToken = url.searchParams.get('syncToken');
      if (syncToken && fake.expireSyncTokens)
        return send(410, { error: { code: 410, message: 'Sync token is no longer valid, a full sync is required.' } });
      fake.listQueries.push(url.searchParams);
      const since = syncToken ? Number(syncToken) : 0;
      const iCalUID = url.searchParams.get('iCalUID');
      const showDeleted = url.searchParams.get('showDeleted') === 'true';
      // Cancelled instances of a series are listed even without showDeleted (singleEvents is false).
      const all = [...fake.events.values()].filter(
        (e) =>
          e.seq > since &&
          (syncToken || showDeleted || e.status !== 'cancelled' || e.recurringEventId) &&
          (!iCalUID ||
            e.iCalUID === iCalUID ||
            (e.recurringEventId && fake.events.get(e.recurringEventId)?.iCalUID === iCalUID)),
      );
      const offset = Number(url.searchParams.get('pageToken') ?? 0);
      const page = all.slice(offset, offset + fake.pageSize);
      const last = offset + fake.pageSize >= all.length;
      return send(200, {
        kind: 'calendar#events',
        items: page,
        ...(last ? { nextSyncToken: String(fake.seq) } : { nextPageToken: String(offset + fake.pageSize) }),
      });
    }
    if (req.method === 'POST') {
      const input = JSON.parse(await body(req));
      fake.writes.push({ method: 'POST', id: '', body: input });
      if (input.recurrence && (!input.start?.timeZone || !input.end?.timeZone))
        return send(400, { error: { code: 400, message: 'Missing time zone definition for start time.' } });
      return send(
        200,
        touch({
          id: `g${fake.seq + 1}`,
          status: 'confirmed',
          summary: input.summary,
          description: input.description,
          location: input.location,
          start: input.start,
          end: input.end,
          ...(input.recurrence && { recurrence: input.recurrence }),
        }),
      );
    }
    // An instance not yet an exception: PATCH or DELETE makes it one.
    const instanceMatch = id && !fake.events.has(id) ? /^(.+)_(\d{8}T\d{6}Z)$/.exec(id) : null;
    if (instanceMatch && fake.events.get(instanceMatch[1])?.recurrence) {
      const stamp = instanceMatch[2];
      const at = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`;
      const instance = instanceAt(fake.events.get(instanceMatch[1])!, at);
      if (instance) touch(instance);
    }
    const existing = id ? fake.events.get(id) : undefined;
    if (!existing || existing.status === 'cancelled')
      return send(existing ? 410 : 404, { error: { message: 'Not Found' } });
    if (req.method === 'PATCH') {
      const input = JSON.parse(await body(req));
      fake.writes.push({ method: 'PATCH', id: id!, body: input });
      return send(200, touch({ ...existing, ...input }));
    }
    if (req.method === 'DELETE') {
      fake.writes.push({ method: 'DELETE', id: id!, body: undefined });
      return (touch({ ...existing, status: 'cancelled' }), send(204));
    }
    send(405);
  };
  server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) =>
      res.headersSent ? res.destroy() : res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      ...FAST_JOBS_ENV,
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
      GOOGLE_CALENDAR_API_URL: `${base}/calendar/v3`,
      GOOGLE_OAUTH_URL: `${base}/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const events = async (agent: Agent) => (await agent.get('/api/events')).body as CalendarEvent[];

async function connectGoogle(agent: Agent): Promise<CalendarIntegration> {
  const start = await agent.get('/api/auth/google/calendar').expect(200);
  const authUrl = new URL(start.body.authUrl);
  expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${base}/auth`);
  expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
    client_id: 'client-id',
    response_type: 'code',
    scope: 'https://www.googleapis.com/auth/calendar',
    access_type: 'offline',
    prompt: 'consent',
    code_challenge_method: 'S256',
    state: expect.stringMatching(/^[\w-]{43}$/),
    code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    redirect_uri: expect.stringMatching(/\/api\/auth\/google\/calendar\/callback$/),
  });
  const state = authUrl.searchParams.get('state')!;
  // A forged state is refused; the real one connects.
  await agent
    .get('/api/auth/google/calendar/callback?code=c&state=forged')
    .expect(302)
    .expect('location', '/calendar?tab=integrations&error=google');
  await agent
    .get('/api/auth/google/calendar')
    .expect(200)
    .then((r) => new URL(r.body.authUrl).searchParams.get('state'))
    .then(async (fresh) => {
      await agent
        .get(`/api/auth/google/calendar/callback?code=the-code&state=${fresh}`)
        .expect(302)
        .expect('location', '/calendar?tab=integrations');
    });
  expect(state).not.toBe('');
  const exchange = fake.tokenRequests.find((p) => p.get('grant_type') === 'authorization_code')!;
  expect(exchange.get('code')).toBe('the-code');
  expect(exchange.get('code_verifier')).toMatch(/^[\w-]{43}$/);
  const [integration] = (await agent.get('/api/calendar-integrations')).body as CalendarIntegration[];
  expect(integration).toMatchObject({ provider: 'google', calendarName: 'Ada Lovelace', syncDirection: 'two_way' });
  await waitFor(
    async () => ((await agent.get('/api/calendar-integrations')).body as CalendarIntegration[])[0].lastSyncAt !== null,
    { timeoutMs: 20_000, what: 'the first sync' },
  );
  return integration;
}

it('connects over OAuth2 with PKCE, then syncs incrementally both ways, refreshing tokens and recovering from 410 Gone', async () => {
  touch({
    id: 'r1',
    status: 'confirmed',
    summary: 'Remote one',
    start: { dateTime: '2030-03-01T09:00:00Z' },
    end: { dateTime: '2030-03-01T10:00:00Z' },
  });
  touch({
    id: 'r2',
    status: 'confirmed',
    summary: 'Remote two',
    start: { dateTime: '2030-03-02T09:00:00Z' },
    end: { dateTime: '2030-03-02T10:00:00Z' },
  });
  const { agent } = await signUp(request.agent(t.http));
  const local = (
    await agent
      .post('/api/events')
      .send({ title: 'Local', startTime: '2030-03-03T09:00:00Z', endTime: '2030-03-03T10:00:00Z' })
  ).body as CalendarEvent;
  const integration = await connectGoogle(agent);
  const sync = () => t.app.get(CalendarSyncService).syncNow(integration.id);

  expect((await events(agent)).map((e) => [e.title, e.source])).toEqual([
    ['Remote one', 'google'],
    ['Remote two', 'google'],
    ['Local', 'local'],
  ]);
  expect([...fake.events.values()].map((e) => e.summary)).toContain('Local');
  expect(await sync()).toMatchObject({ imported: 0, exported: 0, updatedLocally: 0, updatedRemotely: 0 });

  // Remote change and deletion arrive through the sync token; local change and deletion go out.
  touch({ ...fake.events.get('r1')!, summary: 'Remote one (renamed)' });
  touch({ ...fake.events.get('r2')!, status: 'cancelled' });
  await agent.patch(`/api/events/${local.id}`).send({ title: 'Local (renamed)' }).expect(200);
  fake.token = 'rotated'; // the stored access token no longer works: 401, refresh, retry
  expect(await sync()).toMatchObject({ updatedLocally: 1, deletedLocally: 1, updatedRemotely: 1 });
  expect(fake.tokenRequests.at(-1)?.get('grant_type')).toBe('refresh_token');
  expect((await events(agent)).map((e) => e.title)).toEqual(['Remote one (renamed)', 'Local (renamed)']);
  expect(
    [...fake.events.values()]
      .filter((e) => e.status !== 'cancelled')
      .map((e) => e.summary)
      .sort(),
  ).toEqual(['Local (renamed)', 'Remote one (renamed)']);

  // An expired sync token (410): a full listing, and still no duplicates.
  fake.expireSyncTokens = true;
  expect(await sync()).toMatchObject({ imported: 0, exported: 0, deletedLocally: 0 });
  fake.expireSyncTokens = false;
  await agent.delete(`/api/events/${local.id}`).expect(204);
  expect(await sync()).toMatchObject({ deletedRemotely: 1 });
  expect((await events(agent)).map((e) => e.title)).toEqual(['Remote one (renamed)']);

  // The stored credentials are ciphertext.
  const [row] = await t.app
    .get(CalendarSyncService)
    ['integrations'].query(`SELECT credentials FROM calendar_integrations WHERE id = $1`, [integration.id]);
  expect(row.credentials).toMatch(/^v1:/);
  expect(row.credentials).not.toMatch(/refresh-1|access-|rotated/);
}, 60_000);

it('routes: validation 400s, 404 for others, 503 when a provider is not configured', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const { agent: other } = await signUp(request.agent(t.http));
  await agent.get('/api/calendar-integrations').expect(200, []);
  const bad = await agent
    .post('/api/calendar-integrations/caldav')
    .send({ provider: 'exchange', serverUrl: 'ftp://x', username: '', password: '' });
  expect(bad.status).toBe(400);
  await agent.patch('/api/calendar-integrations/abc').send({ syncEnabled: false }).expect(400);
  await agent.post('/api/calendar-integrations/0/sync').expect(400);
  await agent
    .get('/api/auth/outlook/calendar')
    .expect(503)
    .expect((r) => expect(r.body.message).toBe('Outlook is not configured'));
  await agent.get('/api/auth/yahoo/calendar').expect(404);
  await request(t.http).get('/api/calendar-integrations').expect(401);

  const [theirs] = await (async () => {
    await connectGoogle(other);
    return (await other.get('/api/calendar-integrations')).body as CalendarIntegration[];
  })();
  await agent.patch(`/api/calendar-integrations/${theirs.id}`).send({ syncEnabled: false }).expect(404);
  await agent.post(`/api/calendar-integrations/${theirs.id}/sync`).expect(404);
  await agent.delete(`/api/calendar-integrations/${theirs.id}`).expect(404);
  await other.patch(`/api/calendar-integrations/${theirs.id}`).send({ unknown: 1 }).expect(400);
  const toggled = await other.patch(`/api/calendar-integrations/${theirs.id}`).send({ syncEnabled: false }).expect(200);
  expect(toggled.body).toMatchObject({ syncEnabled: false });
  const queued = await other.post(`/api/calendar-integrations/${theirs.id}/sync`).expect(202);
  expect(queued.body).toMatchObject({ id: theirs.id, syncing: true });
  expect(JSON.stringify(queued.body)).not.toMatch(/credentials|refresh/);
}, 60_000);

describe("past the plan's calendar quota", () => {
  /** Gives the user `count` more CalDAV calendars that never sync (they would only reach a closed port). */
  async function addCalendars(userId: number, count: number): Promise<void> {
    const integrations = t.app.get(CalendarIntegrationsService);
    for (let i = 0; i < count; i++) {
      const { id } = await integrations.create(
        userId,
        'caldav',
        `Held ${i}`,
        'two_way',
        { username: 'me', password: 'x' },
        { serverUrl: 'http://127.0.0.1:9/', calendarUrl: 'http://127.0.0.1:9/cal/', ctag: null },
      );
      await integrations.update(userId, id, { syncEnabled: false });
    }
  }

  it('refuses the start with the quota message before sending anyone to Google', async () => {
    const { agent, user } = await signUp(request.agent(t.http));
    await addCalendars(user.id, PLAN_QUOTAS.free.calendarIntegrations);
    const requestsBefore = fake.tokenRequests.length;
    const response = await agent.get('/api/auth/google/calendar').expect(403);
    expect(response.body).toEqual({ message: planQuotaMessage('free', 'calendarIntegrations') });
    expect(fake.tokenRequests).toHaveLength(requestsBefore);
  });

  it('goes back with &error=google&reason=quota when the quota filled up during the consent', async () => {
    const { agent, user } = await signUp(request.agent(t.http));
    await addCalendars(user.id, PLAN_QUOTAS.free.calendarIntegrations - 1);
    const state = new URL((await agent.get('/api/auth/google/calendar').expect(200)).body.authUrl).searchParams.get(
      'state',
    );
    await addCalendars(user.id, 1);
    await agent
      .get(`/api/auth/google/calendar/callback?code=the-code&state=${state}`)
      .expect(302)
      .expect('location', '/calendar?tab=integrations&error=google&reason=quota');
    expect((await agent.get('/api/calendar-integrations').expect(200)).body).toHaveLength(
      PLAN_QUOTAS.free.calendarIntegrations,
    );
  });
});

describe('repeating events', () => {
  /** What the calendar shows of this test's series over a range (the fake also holds the earlier tests' events). */
  const occurrences = async (agent: Agent, from: string, to: string) =>
    ((await agent.get(`/api/events?from=${from}&to=${to}`).expect(200)).body as CalendarEvent[])
      .filter((e) => /^(Weekly sync|Team lunch)/.test(e.title))
      .map((e) => `${e.startTime} ${e.title}`);
  const NOTHING = {
    imported: 0,
    updatedLocally: 0,
    deletedLocally: 0,
    exported: 0,
    updatedRemotely: 0,
    deletedRemotely: 0,
  };

  it('a weekly series from Google comes in with its moved and cancelled instances; changes to one instance follow incrementally', async () => {
    // Tuesdays 10:00 Berlin, six times, across the end of summer time (27 Oct 2030).
    const master = touch({
      id: 'weekly1',
      status: 'confirmed',
      summary: 'Weekly sync',
      start: { dateTime: '2030-10-15T10:00:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-10-15T11:00:00', timeZone: 'Europe/Berlin' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6', 'EXDATE;TZID=Europe/Berlin:20301112T100000'],
    });
    touch({
      id: instanceId('weekly1', '2030-10-22T08:00:00Z'),
      status: 'confirmed',
      summary: 'Weekly sync (Wednesday)',
      recurringEventId: master.id,
      originalStartTime: { dateTime: '2030-10-22T10:00:00', timeZone: 'Europe/Berlin' },
      start: { dateTime: '2030-10-23T15:00:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-10-23T16:00:00', timeZone: 'Europe/Berlin' },
    });
    touch({
      id: instanceId('weekly1', '2030-10-29T09:00:00Z'),
      status: 'cancelled',
      summary: 'Weekly sync',
      recurringEventId: master.id,
      originalStartTime: { dateTime: '2030-10-29T10:00:00', timeZone: 'Europe/Berlin' },
      start: { dateTime: '2030-10-29T10:00:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2030-10-29T11:00:00', timeZone: 'Europe/Berlin' },
    });
    const { agent, user } = await signUp(request.agent(t.http));
    const integration = await connectGoogle(agent);
    await agent.patch(`/api/calendar-integrations/${integration.id}`).send({ syncEnabled: false }).expect(200);
    const sync = () => t.app.get(CalendarSyncService).syncNow(integration.id);

    // The stored series row (the fake's calendar also holds the earlier tests' events).
    const series = (await t.app.get(EventsService).list(user.id)).find((e) => e.title === 'Weekly sync')!;
    expect(series).toMatchObject({
      source: 'google',
      recurrence: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6',
      timezone: 'Europe/Berlin',
      exceptions: ['2030-10-29T09:00:00.000Z', '2030-11-12T09:00:00.000Z'],
    });
    const range = ['2030-10-01T00:00:00Z', '2030-12-01T00:00:00Z'] as const;
    expect(await occurrences(agent, ...range)).toEqual([
      '2030-10-15T08:00:00.000Z Weekly sync',
      '2030-10-23T13:00:00.000Z Weekly sync (Wednesday)',
      '2030-11-05T09:00:00.000Z Weekly sync',
      '2030-11-19T09:00:00.000Z Weekly sync',
    ]);
    expect(await sync()).toMatchObject(NOTHING);

    // Someone cancels one more instance in Google: the sync token brings only that instance; the series is read whole.
    touch({ ...instanceAt(fake.events.get('weekly1')!, '2030-11-05T09:00:00Z')!, status: 'cancelled' });
    expect(await sync()).toMatchObject({ ...NOTHING, updatedLocally: 1 });
    expect(fake.listQueries.at(-1)?.get('iCalUID')).toBe('weekly1@google.com');
    expect(await occurrences(agent, ...range)).toEqual([
      '2030-10-15T08:00:00.000Z Weekly sync',
      '2030-10-23T13:00:00.000Z Weekly sync (Wednesday)',
      '2030-11-19T09:00:00.000Z Weekly sync',
    ]);

    // Cancelling the master removes the series here, with its moved occurrence.
    touch({ ...fake.events.get('weekly1')!, status: 'cancelled' });
    expect(await sync()).toMatchObject({ ...NOTHING, deletedLocally: 1 });
    expect(await occurrences(agent, ...range)).toEqual([]);
  }, 60_000);

  it('a weekly series made here goes to Google as recurrence, a PATCHed instance and a cancelled one', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const made = (
      await agent
        .post('/api/events')
        .send({
          title: 'Team lunch',
          startTime: '2030-03-06T17:00:00Z', // 12:00 New York (EST)
          endTime: '2030-03-06T18:00:00Z',
          recurrence: 'FREQ=WEEKLY;BYDAY=WE;UNTIL=20300327',
          timezone: 'America/New_York',
        })
        .expect(201)
    ).body as CalendarEvent;
    // 13 March is daylight time: 12:00 New York is 16:00Z.
    await agent
      .patch(`/api/events/${made.id}?scope=this&occurrence=${encodeURIComponent('2030-03-13T16:00:00.000Z')}`)
      .send({ title: 'Team lunch (Thursday)', startTime: '2030-03-14T16:00:00Z', endTime: '2030-03-14T17:00:00Z' })
      .expect(200);
    await agent
      .delete(`/api/events/${made.id}?scope=this&occurrence=${encodeURIComponent('2030-03-20T16:00:00.000Z')}`)
      .expect(204);
    const integration = await connectGoogle(agent);
    await agent.patch(`/api/calendar-integrations/${integration.id}`).send({ syncEnabled: false }).expect(200);

    const master = [...fake.events.values()].find((e) => e.summary === 'Team lunch' && e.recurrence)!;
    expect(master).toMatchObject({
      start: { dateTime: '2030-03-06T12:00:00-05:00', timeZone: 'America/New_York' },
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20300328T035959Z'],
    });
    const exceptions = [...fake.events.values()]
      .filter((e) => e.recurringEventId === master.id)
      .map((e) => [e.originalStartTime?.dateTime, e.status, e.summary, e.start.dateTime]);
    expect(exceptions).toEqual([
      ['2030-03-13T12:00:00-04:00', 'confirmed', 'Team lunch (Thursday)', '2030-03-14T12:00:00-04:00'],
      ['2030-03-20T12:00:00-04:00', 'cancelled', 'Team lunch', '2030-03-20T12:00:00-04:00'],
    ]);
    const sync = () => t.app.get(CalendarSyncService).syncNow(integration.id);
    expect(await sync()).toMatchObject(NOTHING);
    expect(await occurrences(agent, '2030-03-01T00:00:00Z', '2030-04-01T00:00:00Z')).toEqual([
      '2030-03-06T17:00:00.000Z Team lunch',
      '2030-03-14T16:00:00.000Z Team lunch (Thursday)',
      '2030-03-27T16:00:00.000Z Team lunch',
    ]);
  }, 60_000);
});
