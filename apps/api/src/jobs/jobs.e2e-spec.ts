import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bossJob, TestJobOwner } from '../../test/test-job-owner';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { NotificationsService } from '../notifications/notifications.service';
import { JobsService } from './jobs.service';

let t: TestApp;
let db: DataSource;
let jobs: JobsService;
let owner: TestJobOwner;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ env: FAST_JOBS_ENV });
  db = t.app.get<DataSource>(getDataSourceToken());
  jobs = t.app.get(JobsService);
  owner = await TestJobOwner.create(db);
  userId = (await signUp(request.agent(t.http))).user.id;
});
afterAll(() => t.close());

const titles = async () =>
  (await t.app.get(NotificationsService).list(userId)).items.map((n) => ({
    title: n.title,
    body: n.body,
    kind: n.kind,
  }));

it('runs an enqueued job, writing its progress to the owner in order, then marks it done and tells the user', async () => {
  jobs.define({
    name: 'test.progress',
    module: null,
    title: 'Progress test',
    owner,
    handler: async (_payload: { n: number }, ctx) => {
      ctx.progress(10);
      ctx.progress(5); // backwards: ignored
      for (let i = 11; i <= 150; i++) ctx.progress(i); // a tight loop, clamped at 100
    },
  });
  const entity = await owner.newTarget();
  const jobId = (await jobs.enqueue('test.progress', { n: 1 }, { userId, entity }))!;

  await waitFor(async () => (await owner.target(entity.id)).status === 'done', { what: 'the owner marked done' });
  const log = await owner.progressLog(entity.id);
  expect(log[0]).toBe(10);
  expect(log.at(-1)).toBe(100);
  expect([...log].sort((a, b) => a - b)).toEqual(log);
  expect(new Set(log).size).toBe(log.length);
  expect(log.length).toBeLessThan(5); // throttled, not one write per call
  expect(await owner.target(entity.id)).toMatchObject({ status: 'done', progress: 100, error: null });
  await waitFor(async () => (await bossJob(db, jobId)).state === 'completed');
  expect(await titles()).toContainEqual({ title: 'Progress test finished', body: null, kind: 'system' });
});

it('retries a failing job until it succeeds', async () => {
  const attempts: { attempt: number; lastAttempt: boolean }[] = [];
  jobs.define({
    name: 'test.flaky',
    module: null,
    title: 'Flaky test',
    retryLimit: 3,
    retryDelaySeconds: 0,
    backoff: false,
    notifyOnSuccess: false,
    owner,
    handler: async (_payload: object, ctx) => {
      attempts.push({ attempt: ctx.attempt, lastAttempt: ctx.lastAttempt });
      if (ctx.attempt < 3) throw new Error(`not yet (${ctx.attempt})`);
    },
  });
  const entity = await owner.newTarget();
  const jobId = (await jobs.enqueue('test.flaky', {}, { userId, entity }))!;

  await waitFor(async () => (await owner.target(entity.id)).status === 'done', { what: 'the flaky job done' });
  expect(attempts).toEqual([
    { attempt: 1, lastAttempt: false },
    { attempt: 2, lastAttempt: false },
    { attempt: 3, lastAttempt: false },
  ]);
  await waitFor(async () => (await bossJob(db, jobId)).state === 'completed');
  expect((await bossJob(db, jobId)).retry_count).toBe(2);
});

it('after the last retry (with backoff) fails, marks the owner failed with a readable error and notifies the user', async () => {
  const startedAt: number[] = [];
  jobs.define({
    name: 'test.doomed',
    module: null,
    title: 'Mailbox sync',
    retryLimit: 2,
    retryDelaySeconds: 1,
    backoff: true,
    notifyKind: 'sync_failed',
    owner,
    handler: async () => {
      startedAt.push(Date.now());
      throw new Error('Mailbox unreachable\nsecond line');
    },
  });
  const entity = await owner.newTarget();
  const jobId = (await jobs.enqueue('test.doomed', {}, { userId, entity }))!;

  await waitFor(async () => (await owner.target(entity.id)).status === 'failed', {
    timeoutMs: 30_000,
    what: 'the owner marked failed',
  });
  expect(await owner.target(entity.id)).toMatchObject({ status: 'failed', error: 'Mailbox unreachable' });
  expect(startedAt).toHaveLength(3);
  // A delay before each retry (exponential, with jitter, from 1 s).
  expect(startedAt[1] - startedAt[0]).toBeGreaterThanOrEqual(400);
  expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(400);
  const job = await bossJob(db, jobId);
  expect(job).toMatchObject({ state: 'failed', retry_count: 2 });
  await waitFor(async () => (await titles()).some((n) => n.title === 'Mailbox sync failed'), {
    what: 'the failure notification',
  });
  expect(await titles()).toContainEqual({
    title: 'Mailbox sync failed',
    body: 'Mailbox unreachable',
    kind: 'sync_failed',
  });
}, 40_000);

it('does not run a delayed job before its startAfter', async () => {
  let ranAt = 0;
  jobs.define({
    name: 'test.delayed',
    module: null,
    title: 'Delayed test',
    notifyOnSuccess: false,
    handler: async () => void (ranAt = Date.now()),
  });
  const startAfter = new Date(Date.now() + 2_000);
  await jobs.enqueue('test.delayed', {}, { userId, startAfter });

  await waitFor(() => ranAt > 0, { what: 'the delayed job' });
  expect(ranAt).toBeGreaterThanOrEqual(startAfter.getTime());
});

it('registers a recurring job on a cron schedule, once however often it is scheduled', async () => {
  jobs.define({
    name: 'test.recurring',
    module: null,
    title: 'Recurring test',
    notifyOnSuccess: false,
    handler: async () => {},
  });
  await jobs.schedule('test.recurring', '*/5 * * * *', { mailbox: 'all' });
  await jobs.schedule('test.recurring', '*/5 * * * *', { mailbox: 'all' });

  const schedules = await db.query(
    `SELECT name, cron, timezone, data FROM pgboss.schedule WHERE name = 'test.recurring'`,
  );
  expect(schedules).toEqual([
    {
      name: 'test.recurring',
      cron: '*/5 * * * *',
      timezone: 'UTC',
      data: { payload: { mailbox: 'all' }, userId: null, entity: null },
    },
  ]);
  await jobs.unschedule('test.recurring');
  expect(await db.query(`SELECT 1 FROM pgboss.schedule WHERE name = 'test.recurring'`)).toEqual([]);
});

it('refuses unknown jobs, duplicate names, and an entity of another type than the owner', async () => {
  await expect(jobs.enqueue('test.nope', {}, { userId })).rejects.toThrow('Job "test.nope" is not defined');
  expect(() => jobs.define({ name: 'test.progress', module: null, title: 'Again', handler: async () => {} })).toThrow(
    'already defined',
  );
  expect(() => jobs.define({ name: 'has space', module: null, title: 'Bad', handler: async () => {} })).toThrow(
    'may only hold',
  );
  await expect(jobs.enqueue('test.progress', {}, { userId, entity: { type: 'document', id: 1 } })).rejects.toThrow(
    "works for 'test_target' rows, not 'document'",
  );
});
