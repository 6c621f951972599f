import type { CalendarEvent, CalendarIntegration } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../test/factories';
import { icsEvent, type Radicale, startRadicale } from '../../test/radicale';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { OutboundPolicy } from '../outbound/outbound-policy';
import { connectCalDav } from './providers/caldav.client';
import { CalendarSyncService } from './sync/calendar-sync.service';

const USER = 'ada';
const PASSWORD = 'radicale-secret-pw';
let radicale: Radicale;
let t: TestApp;
let calendarUrl: string;

beforeAll(async () => {
  radicale = await startRadicale({ [USER]: PASSWORD, bob: 'bobs-password' });
  calendarUrl = await radicale.createCalendar(USER, PASSWORD, 'work', 'Work');
  await radicale.createCalendar(USER, PASSWORD, 'home', 'Home');
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await radicale?.stop();
});

const auth = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
// Remote events carry LAST-MODIFIED (now), as a CalDAV client writes them.
const ics = (uid: string, summary: string, start: string, end: string) =>
  icsEvent(uid, summary, start, end, { lastModified: new Date() });
const putRemote = async (name: string, body: string) => {
  expect([201, 204]).toContain(await radicale.putEvent(USER, `${calendarUrl}${name}`, body));
};
const remoteSummaries = async () => {
  const { client, calendars } = await connectCalDav(
    new OutboundPolicy(LOOPBACK_SERVERS_ENV.OUTBOUND_ALLOW_PRIVATE_NETWORKS),
    radicale.url,
    { username: USER, password: PASSWORD },
  );
  const work = calendars.find((c) => c.url.endsWith('/work/'))!;
  const objects = await client.fetchCalendarObjects({ calendar: work });
  return objects.map((o) => /SUMMARY:(.*)/.exec(String(o.data))?.[1]?.trim()).sort();
};

async function connect(agent: Agent, direction = 'two_way'): Promise<CalendarIntegration> {
  const response = await agent.post('/api/calendar-integrations/caldav').send({
    provider: 'caldav',
    serverUrl: radicale.url,
    username: USER,
    password: PASSWORD,
    calendarName: 'work',
    syncDirection: direction,
  });
  expect(response.status).toBe(201);
  const created = response.body as CalendarIntegration;
  // The first sync runs as a job: wait for it, so the direct syncs below never overlap it.
  await waitFor(
    async () => {
      const list = (await agent.get('/api/calendar-integrations')).body as CalendarIntegration[];
      return list.find((i) => i.id === created.id)?.lastSyncAt !== null;
    },
    { timeoutMs: 20_000, what: 'the first sync' },
  );
  return created;
}

const sync = (id: number) => t.app.get(CalendarSyncService).syncNow(id);
const events = async (agent: Agent) => (await agent.get('/api/events')).body as CalendarEvent[];

it('refuses bad credentials and an unknown calendar with 400s naming the reason', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const base = { provider: 'caldav', serverUrl: radicale.url, username: USER };
  const wrong = await agent.post('/api/calendar-integrations/caldav').send({ ...base, password: 'wrong' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toMatch(/^Could not sign in to the CalDAV server: /);
  expect(JSON.stringify(wrong.body)).not.toContain('wrong"');
  const missing = await agent
    .post('/api/calendar-integrations/caldav')
    .send({ ...base, password: PASSWORD, calendarName: 'Holidays' });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toBe('Calendar "Holidays" was not found. Available: Home, Work');
  const unreachable = await agent
    .post('/api/calendar-integrations/caldav')
    .send({ ...base, password: PASSWORD, serverUrl: 'http://127.0.0.1:1/' });
  expect(unreachable.status).toBe(400);
  expect(unreachable.body.message).toBe('Could not connect to the server at 127.0.0.1. Check the address and port.');
});

it('syncs both ways with a real CalDAV server: create, change and delete on each side, idempotently', async () => {
  const { agent } = await signUp(request.agent(t.http));
  await putRemote('standup.ics', ics('standup-1', 'Standup', '20300105T090000Z', '20300105T091500Z'));
  const local = (
    await agent.post('/api/events').send({
      title: 'Dentist',
      startTime: '2030-01-06T10:00:00Z',
      endTime: '2030-01-06T11:00:00Z',
      location: 'Main St',
    })
  ).body as CalendarEvent;
  const integration = await connect(agent);
  expect(integration).toMatchObject({
    provider: 'caldav',
    calendarName: 'Work',
    syncDirection: 'two_way',
    syncEnabled: true,
    syncing: true,
  });
  expect(JSON.stringify(integration)).not.toContain(PASSWORD);

  // Remote → local (import) and local → remote (export).
  let list = await events(agent);
  expect(list.map((e) => [e.title, e.source])).toEqual([
    ['Standup', 'caldav'],
    ['Dentist', 'local'],
  ]);
  expect(list[0]).toMatchObject({
    integrationId: integration.id,
    startTime: '2030-01-05T09:00:00.000Z',
    endTime: '2030-01-05T09:15:00.000Z',
  });
  expect(await remoteSummaries()).toEqual(['Dentist', 'Standup']);

  // Idempotent: nothing new either side.
  expect(await sync(integration.id)).toMatchObject({
    imported: 0,
    exported: 0,
    updatedLocally: 0,
    updatedRemotely: 0,
    deletedLocally: 0,
    deletedRemotely: 0,
  });
  expect(await events(agent)).toHaveLength(2);
  expect(await remoteSummaries()).toHaveLength(2);

  // Changes on each side.
  await putRemote('standup.ics', ics('standup-1', 'Daily standup', '20300105T093000Z', '20300105T094500Z'));
  await agent.patch(`/api/events/${local.id}`).send({ title: 'Dentist (moved)' }).expect(200);
  expect(await sync(integration.id)).toMatchObject({ updatedLocally: 1, updatedRemotely: 1 });
  list = await events(agent);
  expect(list.find((e) => e.source === 'caldav')).toMatchObject({
    title: 'Daily standup',
    startTime: '2030-01-05T09:30:00.000Z',
  });
  expect(await remoteSummaries()).toEqual(['Daily standup', 'Dentist (moved)']);

  // Deletions on each side.
  await fetch(`${calendarUrl}standup.ics`, { method: 'DELETE', headers: { authorization: auth } });
  await agent.delete(`/api/events/${local.id}`).expect(204);
  expect(await sync(integration.id)).toMatchObject({ deletedLocally: 1, deletedRemotely: 1 });
  expect(await events(agent)).toEqual([]);
  expect(await remoteSummaries()).toEqual([]);
  expect(await sync(integration.id)).toMatchObject({ imported: 0, exported: 0, deletedLocally: 0, deletedRemotely: 0 });

  // Removing the integration removes what it imported.
  await putRemote('late.ics', ics('late-1', 'Late', '20300107T090000Z', '20300107T100000Z'));
  await sync(integration.id);
  expect((await events(agent)).map((e) => e.title)).toEqual(['Late']);
  await agent.delete(`/api/calendar-integrations/${integration.id}`).expect(204);
  expect(await events(agent)).toEqual([]);
  await fetch(`${calendarUrl}late.ics`, { method: 'DELETE', headers: { authorization: auth } });
}, 60_000);

it('import-only never writes to the server; export-only never imports', async () => {
  const { agent } = await signUp(request.agent(t.http));
  await putRemote('import-only.ics', ics('io-1', 'Remote only', '20300201T090000Z', '20300201T100000Z'));
  await agent
    .post('/api/events')
    .send({ title: 'Mine', startTime: '2030-02-02T10:00:00Z', endTime: '2030-02-02T11:00:00Z' })
    .expect(201);
  const importer = await connect(agent, 'import');
  expect((await events(agent)).map((e) => e.title).sort()).toEqual(['Mine', 'Remote only']);
  expect(await remoteSummaries()).toEqual(['Remote only']);
  await agent.delete(`/api/calendar-integrations/${importer.id}`).expect(204);

  const exporter = await connect(agent, 'export');
  expect((await events(agent)).map((e) => e.title)).toEqual(['Mine']);
  expect(await remoteSummaries()).toEqual(['Mine', 'Remote only']);
  expect(await sync(exporter.id)).toMatchObject({ imported: 0, exported: 0 });
}, 60_000);
