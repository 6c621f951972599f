import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import request from 'supertest';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bossJob } from '../../test/test-job-owner';
import { createTestWorker } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { JobsService } from './jobs.service';

let api: TestApp;
/** The owner of the test jobs: a real account, as every job has. */
let userId: number;
beforeAll(async () => {
  api = await createTestApp({ env: { JOBS_WORKERS: 'false' } });
  userId = (await signUp(request.agent(api.http))).user.id;
});
afterAll(() => api.close());

it('an HTTP-only API (JOBS_WORKERS=false) enqueues; a worker-only process without HTTP runs the job', async () => {
  const ran: string[] = [];
  const define = (jobs: JobsService) =>
    jobs.define({
      name: 'test.split',
      module: null,
      title: 'Split test',
      notifyOnSuccess: false,
      handler: async (p: { id: string }) => void ran.push(p.id),
    });
  const apiJobs = api.app.get(JobsService);
  define(apiJobs);
  const jobId = (await apiJobs.enqueue('test.split', { id: 'a' }, { userId }))!;
  const db = api.app.get<DataSource>(getDataSourceToken());
  expect((await bossJob(db, jobId)).state).toBe('created');

  const worker = await createTestWorker({ databaseUrl: api.database.url });
  try {
    expect('getHttpServer' in worker.app).toBe(false); // an application context: no HTTP listener
    define(worker.app.get(JobsService));
    await waitFor(async () => (await bossJob(db, jobId)).state === 'completed', { what: 'the worker to run the job' });
    expect(ran).toEqual(['a']); // by the worker only
  } finally {
    await worker.close();
  }
});

it('on shutdown lets a running job finish, and aborts one that outlasts the grace period (it is retried later)', async () => {
  const worker = await createTestWorker({ databaseUrl: api.database.url, env: { JOBS_SHUTDOWN_GRACE_SECONDS: '1' } });
  const jobs = worker.app.get(JobsService);
  let release!: () => void;
  const started: string[] = [];
  let aborted = false;
  jobs.define({
    name: 'test.finishes',
    module: null,
    title: 'Finishes',
    notifyOnSuccess: false,
    handler: async () => {
      started.push('finishes');
      await new Promise<void>((resolve) => (release = resolve));
    },
  });
  jobs.define({
    name: 'test.outlasts',
    module: null,
    title: 'Outlasts',
    notifyOnSuccess: false,
    handler: async (_p: object, ctx) => {
      started.push('outlasts');
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      aborted = true;
      throw new Error('aborted');
    },
  });
  const finishes = (await jobs.enqueue('test.finishes', {}, { userId }))!;
  const outlasts = (await jobs.enqueue('test.outlasts', {}, { userId }))!;
  await waitFor(() => started.length === 2, { what: 'both jobs to start' });

  const closing = worker.close();
  release(); // finishes within the grace period
  await closing;
  const db = api.app.get<DataSource>(getDataSourceToken());
  expect((await bossJob(db, finishes)).state).toBe('completed');
  expect(aborted).toBe(true);
  expect((await bossJob(db, outlasts)).state).toBe('retry');
});
