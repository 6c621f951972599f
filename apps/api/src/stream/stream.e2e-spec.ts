import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { StreamEvent, Task } from '@aide/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { buildRegistration } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createApp } from '../app.setup';
import { parseEnv } from '../config/env.schema';
import { StreamHub } from './stream-hub';
import { StreamListener } from './stream-listener';
import { StreamSettings } from './stream-settings';
import { StreamService } from './stream.service';
import { JOB_EVENT_PUBLISHER, type JobEventPublisher } from './stream.tokens';
import { baseUrlOf, SseTestClient, signUpOverHttp } from '../../test/sse-test-client';

const SECRET = randomBytes(32).toString('hex');
let t: TestApp;
let base: string;
/** A second API instance on the same database, as a second replica would be. */
let replica: NestExpressApplication;
let replicaBase: string;
const clients: SseTestClient[] = [];

const urlOf = baseUrlOf;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_SECRET: SECRET } });
  await t.app.listen(0, '127.0.0.1');
  base = urlOf(t.app);
  replica = await createApp(
    parseEnv({
      NODE_ENV: 'test',
      LOG_REQUESTS: 'false',
      SERVE_FRONTENDS: 'false',
      SESSION_SECRET: SECRET,
      DATA_DIR: os.tmpdir(),
      DATABASE_URL: t.database.url,
    }),
    // 'error' only: @nestjs/typeorm warns that a second app in one process registers the default data source name again.
    { logger: ['error'] },
  );
  await replica.listen(0, '127.0.0.1');
  replicaBase = urlOf(replica);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const app of [t.app, replica]) Object.assign(app.get(StreamSettings), new StreamSettings());
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

const signUp = (at = base) => signUpOverHttp(at, buildRegistration());

function call(cookie: string, method: string, path: string, body?: unknown, at = base): Promise<Response> {
  return fetch(`${at}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function stream(cookie?: string, at = base, headers?: Record<string, string>): Promise<SseTestClient> {
  const client = await SseTestClient.open(`${at}/api/stream`, cookie, headers);
  clients.push(client);
  return client;
}

const marker = (id: number): StreamEvent => ({
  type: 'entity.changed',
  entity: { type: 'marker', id },
  invalidate: [],
});
const publish = (userId: number, event: StreamEvent, app: NestExpressApplication = t.app) =>
  app.get(StreamService).publish(userId, event);
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('GET /api/stream', () => {
  it('answers 401 JSON when signed out', async () => {
    const client = await stream();
    expect(client.response.status).toBe(401);
    expect(client.response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await client.response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('opens an uncompressed, unbuffered event stream with retry: 3000', async () => {
    const { cookie } = await signUp();
    const client = await stream(cookie, base, { 'accept-encoding': 'gzip, deflate, br' });
    expect(client.response.status).toBe(200);
    expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    // The compression middleware honours no-transform: gzip would hold events back in its buffer.
    expect(client.response.headers.get('content-encoding')).toBeNull();
    await client.until((c) => c.messages.length >= 1);
    expect(client.messages[0]).toMatchObject({ retry: 3000, comments: ['connected'] });
  });

  it("delivers the user's own task changes and the due-soon notification, in order, with increasing ids", async () => {
    const { cookie } = await signUp();
    const client = await stream(cookie);
    const created = (await (
      await call(cookie, 'POST', '/api/tasks', { title: 'Renew passport', dueDate: inHours(3) })
    ).json()) as Task;
    const [changed, notified] = await client.waitForEvents(2);
    expect(changed).toEqual({
      type: 'entity.changed',
      entity: { type: 'task', id: created.id },
      invalidate: ['/api/tasks', '/api/dashboard', '/api/events'],
    });
    expect(notified).toEqual({
      type: 'notification',
      notification: expect.objectContaining({
        kind: 'task_due',
        title: 'Task due soon: Renew passport',
        link: '/tasks',
        readAt: null,
      }),
      invalidate: ['/api/notifications'],
    });

    expect((await call(cookie, 'PATCH', `/api/tasks/${created.id}`, { status: 'completed' })).status).toBe(200);
    expect((await call(cookie, 'DELETE', `/api/tasks/${created.id}`)).status).toBe(204);
    const events = await client.waitForEvents(4);
    expect(events.slice(2)).toEqual([
      {
        type: 'entity.changed',
        entity: { type: 'task', id: created.id },
        invalidate: ['/api/tasks', '/api/dashboard', '/api/events'],
      },
      {
        type: 'entity.changed',
        entity: { type: 'task', id: created.id },
        invalidate: ['/api/tasks', '/api/dashboard', '/api/events'],
      },
    ]);
    const named = client.messages.filter((m) => m.event);
    expect(named.map((m) => m.event)).toEqual(['entity.changed', 'notification', 'entity.changed', 'entity.changed']);
    expect(named.map((m) => Number(m.id))).toEqual([1, 2, 3, 4]);
  });

  it("never delivers another user's events", async () => {
    const ada = await signUp();
    const bob = await signUp();
    const adaStream = await stream(ada.cookie);
    const bobStream = await stream(bob.cookie);
    await call(bob.cookie, 'POST', '/api/tasks', { title: "Bob's secret", dueDate: inHours(2) });
    await bobStream.waitForEvents(2);
    // Events of one publisher arrive in order: once Ada's marker is there, Bob's would have been too.
    await publish(ada.id, marker(1));
    expect(await adaStream.waitForEvents(1)).toEqual([marker(1)]);
    expect(JSON.stringify(adaStream.messages)).not.toContain("Bob's secret");
  });

  it('sees a job’s progress events in order, through JOB_EVENT_PUBLISHER', async () => {
    const { id, cookie } = await signUp();
    const client = await stream(cookie);
    const publishJob = t.app.get<JobEventPublisher>(JOB_EVENT_PUBLISHER);
    const job = { jobId: 'job-1', name: 'document.index', entity: { type: 'document', id: 12 } };
    for (const progress of [0, 25, 50, 100])
      await publishJob(id, { type: 'job.progress', ...job, progress, invalidate: [] });
    await publishJob(id, { type: 'job.completed', ...job, invalidate: ['/api/documents'] });
    const events = await client.waitForEvents(5);
    expect(events.map((e) => (e.type === 'job.progress' ? e.progress : e.type))).toEqual([
      0,
      25,
      50,
      100,
      'job.completed',
    ]);
  });

  it('fans out across instances: published on one, received by a stream on the other (LISTEN/NOTIFY)', async () => {
    const { id, cookie } = await signUp();
    const onReplica = await stream(cookie, replicaBase);
    await publish(id, marker(7), t.app);
    const created = (await (await call(cookie, 'POST', '/api/tasks', { title: 'Across' })).json()) as Task;
    expect(await onReplica.waitForEvents(2)).toEqual([
      marker(7),
      {
        type: 'entity.changed',
        entity: { type: 'task', id: created.id },
        invalidate: ['/api/tasks', '/api/dashboard', '/api/events'],
      },
    ]);
  });

  it('delivers an event too large for NOTIFY in its compact form, marked partial', async () => {
    const { id, cookie } = await signUp();
    const client = await stream(cookie);
    const notification = {
      id: 1,
      kind: 'system' as const,
      title: 'Big news',
      body: 'x'.repeat(9000),
      link: '/tasks',
      readAt: null,
      createdAt: new Date().toISOString(),
    };
    await publish(id, { type: 'notification', notification, invalidate: ['/api/notifications'] });
    expect(await client.waitForEvents(1)).toEqual([
      {
        type: 'notification',
        partial: true,
        notification: { ...notification, body: null },
        invalidate: ['/api/notifications'],
      },
    ]);
    // Still too large once compacted: the publisher hears about it rather than losing it silently.
    const paths = Array.from({ length: 2000 }, (_, i) => `/api/things/${i}`);
    await expect(
      publish(id, { type: 'entity.changed', entity: { type: 'thing', id: 1 }, invalidate: paths }),
    ).rejects.toThrow(/even compacted/);
  });

  it('sends a comment heartbeat and forgets the stream once the client leaves', async () => {
    const hub = t.app.get(StreamHub);
    t.app.get(StreamSettings).heartbeatMs = 50;
    const { id, cookie } = await signUp();
    const client = await stream(cookie);
    expect(hub.count(id)).toBe(1);
    await client.until((c) => c.messages.some((m) => m.comments.includes('heartbeat')));
    client.close();
    await waitFor(() => hub.count(id) === 0);
  });

  it('keeps at most maxStreamsPerUser streams per user, closing the oldest', async () => {
    t.app.get(StreamSettings).maxStreamsPerUser = 2;
    const { id, cookie } = await signUp();
    const [first, second, third] = [await stream(cookie), await stream(cookie), await stream(cookie)];
    await first.until((c) => c.ended);
    expect(t.app.get(StreamHub).count(id)).toBe(2);
    await publish(id, marker(3));
    expect(await second.waitForEvents(1)).toEqual([marker(3)]);
    expect(await third.waitForEvents(1)).toEqual([marker(3)]);
  });

  it('ends a stream whose session was signed out, and the reconnect gets 401', async () => {
    t.app.get(StreamSettings).heartbeatMs = 50;
    const { cookie } = await signUp();
    const client = await stream(cookie);
    expect((await call(cookie, 'POST', '/api/auth/logout')).status).toBe(204);
    await client.until((c) => c.ended);
    expect((await stream(cookie)).response.status).toBe(401);
  });

  it('reconnects its LISTEN connection after losing it', async () => {
    const listener = t.app.get(StreamListener);
    t.app.get(StreamSettings).listenRetryMs = 20;
    const before = listener.backendPid;
    expect(before).not.toBeNull();
    await t.app.get(DataSource).query('SELECT pg_terminate_backend($1)', [before]);
    await waitFor(() => listener.backendPid !== null && listener.backendPid !== before);
    const { id, cookie } = await signUp();
    const client = await stream(cookie);
    await publish(id, marker(9));
    expect(await client.waitForEvents(1)).toEqual([marker(9)]);
  });

  it('is never written to the activity log (only mutations are)', async () => {
    const { cookie } = await signUp();
    (await stream(cookie)).close();
    const [{ count }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS count FROM activity_logs WHERE resource = '/api/stream'`);
    expect(count).toBe(0);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
