/**
 * A worker-only process for the kill-and-restart test (src/jobs/kill-restart.e2e-spec.ts), run
 * through test/child-process.ts. It defines 'test.crash': STEPS steps, each recorded once in
 * crash_steps (a retry resumes after the last recorded step), then one crash_effects row. With
 * CRASH_BLOCK_AT_STEP set, it waits after that step until it is killed (or its attempt expires).
 */
import 'reflect-metadata';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JobsService } from '../src/jobs/jobs.service';
import { createTestWorker } from './test-worker';

export const CRASH_JOB = 'test.crash';
export const CRASH_STEPS = 6;
/** How long one attempt may run before it is failed and retried: also how long a killed worker's job waits. */
export const CRASH_EXPIRE_SECONDS = 15;

async function main() {
  const worker = await createTestWorker({ databaseUrl: process.env.CRASH_DATABASE_URL! });
  const db = worker.app.get<DataSource>(getDataSourceToken());
  const blockAt = Number(process.env.CRASH_BLOCK_AT_STEP ?? 0);

  worker.app.get(JobsService).define<{ label: string }>({
    name: CRASH_JOB,
    module: null,
    title: 'Crash test',
    retryLimit: 3,
    retryDelaySeconds: 0,
    backoff: false,
    // Small, so the job a killed worker held is found and retried within seconds; not so small that
    // the first worker's attempt expires (and it carries on past the step it waits at) before the
    // test, on a loaded machine, has seen that step and killed it (4 s was, in CI).
    expireInSeconds: CRASH_EXPIRE_SECONDS,
    notifyOnSuccess: false,
    handler: async (_payload, ctx) => {
      for (let step = 1; step <= CRASH_STEPS; step++) {
        await db.query(
          `INSERT INTO crash_steps (job_id, step, pid) VALUES ($1, $2, $3) ON CONFLICT (job_id, step) DO NOTHING`,
          [ctx.jobId, step, process.pid],
        );
        ctx.progress((step / CRASH_STEPS) * 100);
        if (step === blockAt) await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      }
      await db.query(`INSERT INTO crash_effects (job_id, pid) VALUES ($1, $2)`, [ctx.jobId, process.pid]);
    },
  });
  console.log('crash worker ready');

  process.once('SIGTERM', () => void worker.app.close().then(() => process.exit(0)));
}

// Only when run as the child process, not when the test imports the constants above.
if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
