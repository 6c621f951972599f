import type { StreamEvent } from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { buildRegistration } from '../../test/factories';
import { baseUrlOf, SseTestClient, signUpOverHttp } from '../../test/sse-test-client';
import { TestJobOwner } from '../../test/test-job-owner';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { JobsService } from './jobs.service';

let t: TestApp;
let base: string;
let jobs: JobsService;
let owner: TestJobOwner;

beforeAll(async () => {
  t = await createTestApp({ env: FAST_JOBS_ENV });
  await t.app.listen(0, '127.0.0.1');
  base = baseUrlOf(t.app);
  jobs = t.app.get(JobsService);
  owner = await TestJobOwner.create(t.app.get<DataSource>(getDataSourceToken()));
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("streams a real job's progress to its user's GET /api/stream in order, then its completion and notification", async () => {
  const { id, cookie } = await signUpOverHttp(base, buildRegistration());
  const client = await SseTestClient.open(`${base}/api/stream`, cookie);
  await client.until((c) => c.messages.some((m) => m.retry !== undefined)); // connected
  jobs.define({
    name: 'test.streamed',
    module: null,
    title: 'Streamed test',
    owner,
    invalidate: ['/api/things'],
    handler: async (_payload: object, ctx) => {
      // Steps further apart than the progress throttle (250 ms), so every one is written and sent.
      for (const pct of [20, 40, 60, 80, 100]) {
        ctx.progress(pct);
        await pause(300);
      }
    },
  });
  const entity = await owner.newTarget();
  const jobId = await jobs.enqueue('test.streamed', {}, { userId: id, entity });

  await client.until(
    (c) =>
      c.events.some((e) => e.type === 'job.completed') &&
      c.events.some((e) => e.type === 'notification' && e.notification.title === 'Streamed test finished'),
    20_000,
  );
  const jobEvents = client.events.filter((e): e is Extract<StreamEvent, { jobId: string }> =>
    e.type.startsWith('job.'),
  );
  expect(
    jobEvents.filter((e) => e.type === 'job.progress').map((e) => (e.type === 'job.progress' ? e.progress : null)),
  ).toEqual([20, 40, 60, 80, 100]);
  expect(jobEvents.at(-1)).toEqual({
    type: 'job.completed',
    jobId,
    name: 'test.streamed',
    entity,
    invalidate: ['/api/things'],
  });
  client.close();
});
