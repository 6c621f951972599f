import path from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { runTs, type TsChild } from '../../test/child-process';
import { CRASH_EXPIRE_SECONDS, CRASH_JOB, CRASH_STEPS } from '../../test/crash-test-worker';
import request from 'supertest';
import { signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bossJob } from '../../test/test-job-owner';
import { waitFor } from '../../test/wait-for';
import { JobsService } from './jobs.service';

const WORKER = path.join(__dirname, '../../test/crash-test-worker.ts');

let api: TestApp;
let db: DataSource;
let jobs: JobsService;
/** The owner of the test jobs: a real account, as every job has. */
let userId: number;
const children: TsChild[] = [];

function startWorker(env: Record<string, string> = {}): TsChild {
  const worker = runTs(WORKER, [], { CRASH_DATABASE_URL: api.database.url, ...env });
  children.push(worker);
  return worker;
}

const rows = (table: string, jobId: string) =>
  db.query<{ step?: number; pid: number }[]>(
    `SELECT * FROM ${table} WHERE job_id = $1 ORDER BY ${table === 'crash_steps' ? 'step' : 'id'}`,
    [jobId],
  );

beforeAll(async () => {
  // This process only enqueues (HTTP-only); the workers are child processes.
  api = await createTestApp({ env: { JOBS_WORKERS: 'false' } });
  userId = (await signUp(request.agent(api.http))).user.id;
  db = api.app.get<DataSource>(getDataSourceToken());
  await db.query(
    `CREATE TABLE crash_steps (job_id uuid NOT NULL, step integer NOT NULL, pid integer NOT NULL, PRIMARY KEY (job_id, step))`,
  );
  await db.query(
    `CREATE TABLE crash_effects (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, job_id uuid NOT NULL, pid integer NOT NULL)`,
  );
  jobs = api.app.get(JobsService);
  // Same queue settings as the workers'; this process never runs the handler.
  jobs.define({
    name: CRASH_JOB,
    module: null,
    title: 'Crash test',
    retryLimit: 3,
    retryDelaySeconds: 0,
    backoff: false,
    expireInSeconds: CRASH_EXPIRE_SECONDS,
    handler: async () => {},
  });
});

afterAll(async () => {
  for (const { child } of children) child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await api.close();
});

it('a job whose worker is SIGKILLed mid-way completes exactly once on a restarted worker, and nothing queued meanwhile is lost', async () => {
  const first = startWorker({ CRASH_BLOCK_AT_STEP: '3' });
  const jobId = (await jobs.enqueue(CRASH_JOB, { label: 'a' }, { userId }))!;

  await waitFor(async () => (await rows('crash_steps', jobId)).length === 3, {
    timeoutMs: 30_000,
    what: () => `step 3 in the first worker\n${first.output()}`,
  });
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  expect((await bossJob(db, jobId)).state).toBe('active'); // abandoned, not failed by anyone

  // Queued while no worker is alive.
  const laterId = (await jobs.enqueue(CRASH_JOB, { label: 'b' }, { userId }))!;

  const second = startWorker();
  // The killed worker's job is retried once its attempt expires (CRASH_EXPIRE_SECONDS after it started).
  await waitFor(
    async () => (await bossJob(db, jobId)).state === 'completed' && (await bossJob(db, laterId)).state === 'completed',
    {
      timeoutMs: 90_000,
      what: () => `both jobs to complete on the second worker\n${second.output()}`,
    },
  );

  const steps = await rows('crash_steps', jobId);
  expect(steps.map((s) => s.step)).toEqual([1, 2, 3, 4, 5, 6].slice(0, CRASH_STEPS));
  // Steps 1–3 by the killed worker, the rest resumed by the new one.
  expect(steps.map((s) => s.pid)).toEqual([
    ...Array(3).fill(first.child.pid),
    ...Array(CRASH_STEPS - 3).fill(second.child.pid),
  ]);
  expect(await rows('crash_effects', jobId)).toEqual([expect.objectContaining({ pid: second.child.pid })]);
  expect((await bossJob(db, jobId)).retry_count).toBe(1);
  expect(await rows('crash_effects', laterId)).toHaveLength(1);

  // SIGTERM: a graceful stop, exit code 0.
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 180_000);
