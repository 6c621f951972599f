import { createHash } from 'node:crypto';
import type { CalendarEvent, CalendarIntegration } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { type FakeGraph, type FakeGraphEvent, startFakeGraph } from '../../test/fake-graph-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { EventsService } from '../events/events.service';
import type { OAuthTokens } from '../common/oauth/oauth-tokens';
import { CalendarSyncService } from './sync/calendar-sync.service';

/**
 * Outlook (Microsoft Graph) end to end: the app against a loopback fake of the Microsoft identity
 * platform and Graph (test/fake-graph-server.ts), connecting over OAuth2 + PKCE, then syncing the
 * default calendar's calendarView delta both ways.
 */
let fake: FakeGraph;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeGraph();
  t = await createTestApp({
    env: {
      ...FAST_JOBS_ENV,
      MICROSOFT_CLIENT_ID: fake.clientId,
      MICROSOFT_CLIENT_SECRET: fake.clientSecret,
      MICROSOFT_AUTHORITY: fake.authority,
      GRAPH_API_URL: fake.apiUrl,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
// One remote mailbox: each test starts it empty, with fresh tokens.
beforeEach(() => fake.reset());

/** Whole hours `days` from today (UTC), inside the synced window of a year back and two ahead. */
const inDays = (days: number, hour: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour)).toISOString();
};
const remote = (subject: string, days: number, extra: Partial<FakeGraphEvent> = {}) =>
  fake.put({ subject, start: inDays(days, 9), end: inDays(days, 10), ...extra });

const events = async (agent: Agent) => (await agent.get('/api/events').expect(200)).body as CalendarEvent[];
const titles = async (agent: Agent) => (await events(agent)).map((e) => e.title).sort();
const sync = (integration: CalendarIntegration) => t.app.get(CalendarSyncService).syncNow(integration.id);
const deltaRequests = () => fake.requests.filter((r) => r.path === '/me/calendarView/delta');
const storedCredentials = async (integration: CalendarIntegration): Promise<string> => {
  const [row] = await t.app
    .get<DataSource>(getDataSourceToken())
    .query(`SELECT credentials FROM calendar_integrations WHERE id = $1`, [integration.id]);
  return row.credentials as string;
};
const storedProviderState = async (integration: CalendarIntegration) => {
  const [row] = await t.app
    .get<DataSource>(getDataSourceToken())
    .query(`SELECT "providerState" FROM calendar_integrations WHERE id = $1`, [integration.id]);
  return row.providerState as { deltaLink?: string | null };
};
const NOTHING = {
  imported: 0,
  updatedLocally: 0,
  deletedLocally: 0,
  exported: 0,
  updatedRemotely: 0,
  deletedRemotely: 0,
};

/** The browser's part: follow the authUrl to the fake /authorize, which redirects back with code and state. */
async function authorize(authUrl: string): Promise<URL> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}
const startOutlook = async (agent: Agent) =>
  new URL((await agent.get('/api/auth/outlook/calendar').expect(200)).body.authUrl as string);

async function connectOutlook(agent: Agent): Promise<CalendarIntegration> {
  const start = await agent.get('/api/auth/outlook/calendar').expect(200).expect('cache-control', 'no-store');
  const authUrl = new URL(start.body.authUrl);
  expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${fake.authority}/authorize`);
  const params = Object.fromEntries(authUrl.searchParams);
  expect(params).toMatchObject({
    client_id: fake.clientId,
    response_type: 'code',
    response_mode: 'query',
    code_challenge_method: 'S256',
    state: expect.stringMatching(/^[\w-]{43}$/),
    code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    redirect_uri: expect.stringMatching(/^http:\/\/.+\/api\/auth\/outlook\/calendar\/callback$/),
  });
  expect(params.scope.split(' ')).toEqual(expect.arrayContaining(['offline_access', 'Calendars.ReadWrite']));

  // A forged state is refused before any code exchange (and uses up the pending connection).
  const forged = await authorize(authUrl.href);
  forged.searchParams.set('state', 'forged');
  await agent
    .get(`${forged.pathname}${forged.search}`)
    .expect(302)
    .expect('location', '/calendar?tab=integrations&error=outlook');
  // The user declining consent comes back as ?error=access_denied.
  const declined = (await startOutlook(agent)).searchParams.get('state')!;
  await agent
    .get(
      `/api/auth/outlook/calendar/callback?error=access_denied&error_description=The+user+declined&state=${declined}`,
    )
    .expect(302)
    .expect('location', '/calendar?tab=integrations&error=outlook');
  expect(fake.tokenRequests).toEqual([]);

  // The right state: the code is exchanged with the PKCE verifier, once.
  const fresh = await startOutlook(agent);
  const back = await authorize(fresh.href);
  expect(back.searchParams.get('state')).toBe(fresh.searchParams.get('state'));
  await agent.get(`${back.pathname}${back.search}`).expect(302).expect('location', '/calendar?tab=integrations');
  await agent
    .get(`${back.pathname}${back.search}`)
    .expect(302)
    .expect('location', '/calendar?tab=integrations&error=outlook');
  expect(fake.tokenRequests).toHaveLength(1);
  const exchange = fake.tokenRequests[0];
  expect(Object.fromEntries(exchange)).toMatchObject({
    grant_type: 'authorization_code',
    code: back.searchParams.get('code'),
    redirect_uri: fresh.searchParams.get('redirect_uri'),
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
    code_verifier: expect.stringMatching(/^[\w-]{43}$/),
  });
  expect(createHash('sha256').update(exchange.get('code_verifier')!).digest('base64url')).toBe(
    fresh.searchParams.get('code_challenge'),
  );

  const [integration] = (await agent.get('/api/calendar-integrations').expect(200)).body as CalendarIntegration[];
  // Named after the default calendar (GET /me/calendar).
  expect(integration).toMatchObject({ provider: 'outlook', calendarName: 'Calendar', syncDirection: 'two_way' });
  const synced = await waitFor(
    async () => {
      const [row] = (await agent.get('/api/calendar-integrations')).body as CalendarIntegration[];
      return row.lastSyncAt !== null && !row.syncing && row;
    },
    { timeoutMs: 20_000, what: 'the first sync' },
  );
  expect(synced.lastSyncError).toBeNull();
  // Auto-sync off, so the 15-minute schedule cannot run a sync alongside the direct ones below.
  await agent.patch(`/api/calendar-integrations/${integration.id}`).send({ syncEnabled: false }).expect(200);
  return integration;
}

it('connects over OAuth2 with PKCE, stores the tokens encrypted, imports through a paged delta and then only asks for changes', async () => {
  const one = remote('Remote one', 1, { body: 'Agenda', location: 'Room 1', attendees: ['grace@contoso.com'] });
  remote('Remote two', 2);
  remote('Remote three', 3);
  remote('Far ahead', 3 * 365); // outside the synced window
  const { agent } = await signUp(request.agent(t.http));
  const integration = await connectOutlook(agent);

  // The first sync: a calendarView delta over the window, in UTC, three events over two pages.
  const [first, second] = deltaRequests();
  expect(first.query.get('startDateTime')).toBeTruthy();
  expect(Date.parse(first.query.get('endDateTime')!) - Date.parse(first.query.get('startDateTime')!)).toBe(
    3 * 365 * 86_400_000,
  );
  expect(first.prefer).toContain('outlook.timezone="UTC"');
  expect(second.query.get('$skiptoken')).toBeTruthy();
  expect(deltaRequests()).toHaveLength(2);
  const imported = await events(agent);
  expect(imported.map((e) => [e.title, e.source]).sort()).toEqual([
    ['Remote one', 'outlook'],
    ['Remote three', 'outlook'],
    ['Remote two', 'outlook'],
  ]);
  expect(imported.find((e) => e.title === 'Remote one')).toMatchObject({
    description: 'Agenda',
    location: 'Room 1',
    startTime: one.start,
    endTime: one.end,
    attendees: ['grace@contoso.com'],
    integrationId: integration.id,
  });
  const { deltaLink } = await storedProviderState(integration);
  expect(deltaLink).toMatch(new RegExp(`^${fake.apiUrl}/me/calendarView/delta\\?\\$deltatoken=`));

  // Tokens are stored as ciphertext that decrypts to what the token endpoint issued.
  const credentials = await storedCredentials(integration);
  expect(credentials).toMatch(/^v1:/);
  expect(credentials).not.toContain(fake.accessToken);
  expect(credentials).not.toContain(fake.refreshToken);
  expect(t.app.get(CredentialsCipher).decrypt<OAuthTokens>(credentials)).toMatchObject({
    accessToken: fake.accessToken,
    refreshToken: fake.refreshToken,
    expiresAt: expect.any(Number),
  });

  // Again: the delta link, nothing new, no duplicates.
  expect(await sync(integration)).toMatchObject(NOTHING);
  expect(deltaRequests().at(-1)!.query.get('$deltatoken')).toBe(new URL(deltaLink!).searchParams.get('$deltatoken'));
  expect(deltaRequests().at(-1)!.query.get('startDateTime')).toBeNull();
  expect(await titles(agent)).toEqual(['Remote one', 'Remote three', 'Remote two']);
}, 60_000);

it('two-way: remote changes and @removed come in; local events are POSTed, PATCHed and DELETEd', async () => {
  const one = remote('Remote one', 1);
  const two = remote('Remote two', 2);
  const { agent } = await signUp(request.agent(t.http));
  const integration = await connectOutlook(agent);

  // A local event goes out as POST /me/events, in Graph's dateTimeTimeZone (the fake refuses other shapes).
  const local = (
    await agent
      .post('/api/events')
      .send({
        title: 'Local',
        description: 'Notes',
        location: 'Home',
        startTime: inDays(4, 14),
        endTime: inDays(4, 15),
      })
      .expect(201)
  ).body as CalendarEvent;
  expect(await sync(integration)).toMatchObject({ ...NOTHING, exported: 1 });
  const posted = fake.requests.find((r) => r.method === 'POST' && r.path === '/me/events')!;
  expect(posted.body).toMatchObject({ subject: 'Local', start: { timeZone: 'UTC' }, end: { timeZone: 'UTC' } });
  const [created] = fake.live().filter((e) => e.subject === 'Local');
  expect(created).toMatchObject({ body: 'Notes', location: 'Home', start: local.startTime, end: local.endTime });
  // It comes back through the delta unchanged: not imported a second time.
  expect(await sync(integration)).toMatchObject(NOTHING);
  expect(await titles(agent)).toEqual(['Local', 'Remote one', 'Remote two']);

  // A remote change updates the local copy; a remote deletion (@removed) deletes it.
  fake.put({ id: one.id, subject: 'Remote one (moved)', start: inDays(5, 8), end: inDays(5, 9) });
  fake.remove(two.id);
  expect(await sync(integration)).toMatchObject({ ...NOTHING, updatedLocally: 1, deletedLocally: 1 });
  expect(await titles(agent)).toEqual(['Local', 'Remote one (moved)']);
  expect((await events(agent)).find((e) => e.title === 'Remote one (moved)')).toMatchObject({
    startTime: inDays(5, 8),
    endTime: inDays(5, 9),
  });

  // A local edit PATCHes the remote event (its id URL-encoded); a local deletion DELETEs it.
  await agent
    .patch(`/api/events/${local.id}`)
    .send({ title: 'Local (renamed)', startTime: inDays(6, 10), endTime: inDays(6, 11) })
    .expect(200);
  expect(await sync(integration)).toMatchObject({ ...NOTHING, updatedRemotely: 1 });
  const patched = fake.requests.find((r) => r.method === 'PATCH')!;
  expect(patched.path).toBe(`/me/events/${encodeURIComponent(created.id)}`);
  expect(fake.events.get(created.id)).toMatchObject({
    subject: 'Local (renamed)',
    start: inDays(6, 10),
    end: inDays(6, 11),
    deleted: false,
  });
  await agent.delete(`/api/events/${local.id}`).expect(204);
  expect(await sync(integration)).toMatchObject({ ...NOTHING, deletedRemotely: 1 });
  expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
    `/me/events/${encodeURIComponent(created.id)}`,
  ]);
  expect(fake.live().map((e) => e.subject)).toEqual(['Remote one (moved)']);

  // Both sides agree now; the deletion's own @removed changes nothing.
  expect(await sync(integration)).toMatchObject(NOTHING);
  expect(await titles(agent)).toEqual(['Remote one (moved)']);
}, 60_000);

it('an expired access token: 401, one refresh_token grant, the call retried, and the new tokens stored', async () => {
  remote('Before', 1);
  const { agent } = await signUp(request.agent(t.http));
  const integration = await connectOutlook(agent);
  const stored = t.app.get(CredentialsCipher).decrypt<OAuthTokens>(await storedCredentials(integration));

  remote('After', 2);
  fake.expireAccessToken();
  const requestsBefore = fake.requests.length;
  expect(await sync(integration)).toMatchObject({ ...NOTHING, imported: 1 });
  expect(await titles(agent)).toEqual(['After', 'Before']);

  const refresh = fake.tokenRequests.filter((p) => p.get('grant_type') === 'refresh_token');
  expect(refresh).toHaveLength(1);
  expect(Object.fromEntries(refresh[0])).toMatchObject({
    refresh_token: stored.refreshToken,
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
  });
  expect(refresh[0].get('scope')!.split(' ')).toEqual(
    expect.arrayContaining(['offline_access', 'Calendars.ReadWrite']),
  );
  // The refused call and its retry with the new token.
  const [refused, retried] = fake.requests.slice(requestsBefore);
  expect(refused.authorization).toBe(`Bearer ${stored.accessToken}`);
  expect(retried).toMatchObject({ path: refused.path, authorization: `Bearer ${fake.accessToken}` });
  expect(retried.query.get('$deltatoken')).toBe(refused.query.get('$deltatoken'));

  // Microsoft rotates the refresh token too: both new ones are stored, encrypted.
  const credentials = await storedCredentials(integration);
  expect(credentials).not.toContain(fake.accessToken);
  expect(t.app.get(CredentialsCipher).decrypt<OAuthTokens>(credentials)).toMatchObject({
    accessToken: fake.accessToken,
    refreshToken: fake.refreshToken,
  });
  expect(fake.refreshToken).not.toBe(stored.refreshToken);
  // The next sync starts with the stored token: no further refresh.
  expect(await sync(integration)).toMatchObject(NOTHING);
  expect(fake.tokenRequests.filter((p) => p.get('grant_type') === 'refresh_token')).toHaveLength(1);
}, 60_000);

it('410 on the delta link (sync state not found): a full resync, applying what changed meanwhile, without duplicates', async () => {
  const one = remote('Remote one', 1);
  const two = remote('Remote two', 2);
  remote('Remote three', 3);
  const { agent } = await signUp(request.agent(t.http));
  const integration = await connectOutlook(agent);
  await agent
    .post('/api/events')
    .send({ title: 'Local', startTime: inDays(4, 9), endTime: inDays(4, 10) })
    .expect(201);
  // Outside the window Outlook syncs (a year back, two ahead): a full listing never shows them.
  await agent
    .post('/api/events')
    .send({ title: 'Long ago', startTime: inDays(-400, 9), endTime: inDays(-400, 10) })
    .expect(201);
  await agent
    .post('/api/events')
    .send({ title: 'Far ahead', startTime: inDays(800, 9), endTime: inDays(800, 10) })
    .expect(201);
  expect(await sync(integration)).toMatchObject({ ...NOTHING, exported: 3 });

  fake.expireDeltaTokens();
  fake.put({ id: one.id, subject: 'Remote one (renamed)' });
  fake.remove(two.id);
  const requestsBefore = fake.requests.length;
  expect(await sync(integration)).toMatchObject({ ...NOTHING, updatedLocally: 1, deletedLocally: 1 });
  const [gone, full] = fake.requests.slice(requestsBefore);
  expect(gone.query.get('$deltatoken')).toBeTruthy();
  expect(full.query.get('$deltatoken')).toBeNull();
  expect(full.query.get('startDateTime')).toBeTruthy();

  // ...so they are not taken as deleted remotely: nothing of the user's is lost.
  expect(await titles(agent)).toEqual(['Far ahead', 'Local', 'Long ago', 'Remote one (renamed)', 'Remote three']);
  expect(
    fake
      .live()
      .map((e) => e.subject)
      .sort(),
  ).toEqual(['Far ahead', 'Local', 'Long ago', 'Remote one (renamed)', 'Remote three']);
  // The new round's delta link is stored and used.
  const { deltaLink } = await storedProviderState(integration);
  expect(await sync(integration)).toMatchObject(NOTHING);
  expect(deltaRequests().at(-1)!.query.get('$deltatoken')).toBe(new URL(deltaLink!).searchParams.get('$deltatoken'));
  expect(await titles(agent)).toEqual(['Far ahead', 'Local', 'Long ago', 'Remote one (renamed)', 'Remote three']);
}, 60_000);

it("503 'Outlook is not configured' unless both MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET are set", async () => {
  const unconfigured = await createTestApp({
    env: { MICROSOFT_CLIENT_ID: fake.clientId, MICROSOFT_AUTHORITY: fake.authority, GRAPH_API_URL: fake.apiUrl },
  });
  try {
    const { agent } = await signUp(request.agent(unconfigured.http));
    const response = await agent.get('/api/auth/outlook/calendar').expect(503);
    expect(response.body.message).toBe('Outlook is not configured');
    await request(unconfigured.http).get('/api/auth/outlook/calendar').expect(401);
  } finally {
    await unconfigured.close();
  }
  expect(fake.requests).toEqual([]);
  expect(fake.tokenRequests).toEqual([]);
}, 60_000);

describe('repeating events', () => {
  /** What the calendar shows over March and April 2027 (inside the synced window). */
  const spring = async (agent: Agent) =>
    (
      (await agent.get('/api/events?from=2027-03-01T00:00:00Z&to=2027-05-01T00:00:00Z').expect(200))
        .body as CalendarEvent[]
    ).map((e) => `${e.startTime} ${e.title}`);

  it('a weekly series from Outlook comes in as its master with a moved and a cancelled occurrence; later cancellations and its deletion follow', async () => {
    // Thursdays 10:00 in W. Europe Standard Time, six times, across the start of summer time (28 Mar 2027).
    const master = fake.put({
      subject: 'Weekly review',
      start: '2027-03-04T09:00:00.000Z',
      end: '2027-03-04T10:00:00.000Z',
      timeZone: 'Europe/Berlin',
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['thursday'], firstDayOfWeek: 'sunday' },
        range: {
          type: 'numbered',
          numberOfOccurrences: 6,
          startDate: '2027-03-04',
          recurrenceTimeZone: 'W. Europe Standard Time',
        },
      },
      cancelled: ['2027-03-18T09:00:00.000Z'],
    });
    fake.put({
      id: fake.occurrenceId(master.id, '2027-03-11T09:00:00.000Z'),
      subject: 'Weekly review (Friday)',
      start: '2027-03-12T13:00:00.000Z',
      end: '2027-03-12T14:00:00.000Z',
      seriesMasterId: master.id,
      originalStart: '2027-03-11T09:00:00.000Z',
    });
    const { agent, user } = await signUp(request.agent(t.http));
    const integration = await connectOutlook(agent);

    const [series] = await t.app.get(EventsService).list(user.id);
    expect(series).toMatchObject({
      title: 'Weekly review',
      source: 'outlook',
      recurrence: 'FREQ=WEEKLY;BYDAY=TH;COUNT=6',
      timezone: 'Europe/Berlin',
      exceptions: ['2027-03-18T09:00:00.000Z'],
    });
    expect(await spring(agent)).toEqual([
      '2027-03-04T09:00:00.000Z Weekly review',
      '2027-03-12T13:00:00.000Z Weekly review (Friday)',
      '2027-03-25T09:00:00.000Z Weekly review',
      '2027-04-01T08:00:00.000Z Weekly review',
      '2027-04-08T08:00:00.000Z Weekly review',
    ]);
    expect(await sync(integration)).toMatchObject(NOTHING);

    // Outlook cancels one more occurrence: the delta only says it was removed; the series is re-read.
    fake.put({ id: master.id, cancelled: ['2027-03-18T09:00:00.000Z', '2027-04-01T08:00:00.000Z'] });
    expect(await sync(integration)).toMatchObject({ ...NOTHING, updatedLocally: 1 });
    expect(await spring(agent)).toEqual([
      '2027-03-04T09:00:00.000Z Weekly review',
      '2027-03-12T13:00:00.000Z Weekly review (Friday)',
      '2027-03-25T09:00:00.000Z Weekly review',
      '2027-04-08T08:00:00.000Z Weekly review',
    ]);

    fake.remove(master.id);
    expect(await sync(integration)).toMatchObject({ ...NOTHING, deletedLocally: 1 });
    expect(await spring(agent)).toEqual([]);
    expect(await t.app.get(EventsService).list(user.id)).toEqual([]);
  }, 60_000);

  it('a weekly series made here goes to Outlook as a patternedRecurrence master with an exception and a cancelled occurrence', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const made = (
      await agent
        .post('/api/events')
        .send({
          title: 'Standup',
          startTime: '2027-03-02T08:30:00Z', // 09:30 Berlin (CET)
          endTime: '2027-03-02T08:45:00Z',
          recurrence: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270406',
          timezone: 'Europe/Berlin',
        })
        .expect(201)
    ).body as CalendarEvent;
    await agent
      .patch(`/api/events/${made.id}?scope=this&occurrence=${encodeURIComponent('2027-03-09T08:30:00.000Z')}`)
      .send({ title: 'Standup (Wednesday)', startTime: '2027-03-10T08:30:00Z', endTime: '2027-03-10T08:45:00Z' })
      .expect(200);
    await agent
      .delete(`/api/events/${made.id}?scope=this&occurrence=${encodeURIComponent('2027-03-16T08:30:00.000Z')}`)
      .expect(204);
    const integration = await connectOutlook(agent);

    const posted = fake.requests.find((r) => r.method === 'POST' && r.path === '/me/events')!;
    expect(posted.body).toMatchObject({
      subject: 'Standup',
      start: { dateTime: '2027-03-02T09:30:00', timeZone: 'Europe/Berlin' },
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['tuesday'] },
        range: { type: 'endDate', startDate: '2027-03-02', endDate: '2027-04-06', recurrenceTimeZone: 'Europe/Berlin' },
      },
    });
    const master = fake.live().find((e) => e.recurrence)!;
    expect(master.cancelled).toEqual(['2027-03-16T08:30:00.000Z']);
    expect(fake.live().filter((e) => e.seriesMasterId === master.id)).toMatchObject([
      { subject: 'Standup (Wednesday)', originalStart: '2027-03-09T08:30:00.000Z', start: '2027-03-10T08:30:00.000Z' },
    ]);
    expect(await sync(integration)).toMatchObject(NOTHING);
    // Tuesdays 09:30 Berlin: 08:30Z before 28 March, 07:30Z after.
    expect(await spring(agent)).toEqual([
      '2027-03-02T08:30:00.000Z Standup',
      '2027-03-10T08:30:00.000Z Standup (Wednesday)',
      '2027-03-23T08:30:00.000Z Standup',
      '2027-03-30T07:30:00.000Z Standup',
      '2027-04-06T07:30:00.000Z Standup',
    ]);
  }, 60_000);
});
