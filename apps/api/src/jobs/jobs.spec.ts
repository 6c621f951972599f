import type { StreamEvent } from '@aide/contracts';
import type { NotificationsService } from '../notifications/notifications.service';
import { type JobEventInfo, NotifyingJobEventSink } from './job-events';
import { ProgressReporter } from './job-progress';
import { readableError } from './readable-error';
import { isWorkerProcess } from './worker-mode';

describe('ProgressReporter', () => {
  it('clamps, rounds, never goes back, throttles, and writes the latest value in order', async () => {
    const written: number[] = [];
    const reporter = new ProgressReporter(
      async (p) => void written.push(p),
      (error) => {
        throw error;
      },
      10_000,
    );
    reporter.report(-5);
    reporter.report(12.4);
    reporter.report(3);
    for (let i = 13; i <= 200; i++) reporter.report(i);
    reporter.report(Number.NaN);
    await reporter.settle();
    expect(written).toEqual([12, 100]);
  });

  it('reports a failed write and carries on', async () => {
    const errors: unknown[] = [];
    const reporter = new ProgressReporter(
      async () => Promise.reject(new Error('db down')),
      (e) => errors.push(e),
      0,
    );
    reporter.report(50);
    await reporter.settle();
    expect(errors).toHaveLength(1);
  });
});

describe('readableError', () => {
  it('keeps the first line of the message, never a stack', () => {
    expect(
      readableError({
        name: 'Error',
        message: 'Mailbox unreachable\nmore',
        stack: 'Error: Mailbox unreachable\n    at x (y.ts:1:1)',
      }),
    ).toBe('Mailbox unreachable');
    expect(readableError('plain text')).toBe('plain text');
    expect(readableError(null)).toBe('Unknown error');
    expect(readableError({ message: 'x'.repeat(900) })).toHaveLength(500);
  });

  it("words pg-boss's own reasons for people", () => {
    expect(readableError({ value: { message: 'job timed out' } })).toBe('It took too long and was stopped.');
    expect(readableError({ value: { message: 'job heartbeat timeout' } })).toBe(
      'The worker running it stopped responding.',
    );
    expect(readableError({ value: 'pg-boss shut down while active' })).toBe(
      'The worker shut down while it was running.',
    );
  });
});

describe('NotifyingJobEventSink', () => {
  const job: JobEventInfo = {
    jobId: 'j1',
    name: 'docs.summarise',
    module: 'documents',
    title: 'Summarise',
    userId: 7,
    entity: { type: 'document', id: 3 },
    notifyKind: 'research_finished',
    notifyOnSuccess: true,
    invalidate: ['/api/documents'],
  };

  it('notifies the outcome once per job and publishes every event when a publisher is provided', async () => {
    const notified: unknown[] = [];
    const published: [number, StreamEvent][] = [];
    const notifications = {
      notify: async (userId: number, n: object) => void notified.push({ userId, ...n }),
    } as unknown as NotificationsService;
    const sink = new NotifyingJobEventSink(
      notifications,
      async (userId, event) => void published.push([userId, event]),
    );
    await sink.progress(job, 40);
    await sink.completed(job);
    await sink.failed(job, 'Too big');
    expect(notified).toEqual([
      {
        userId: 7,
        kind: 'research_finished',
        module: 'documents',
        title: 'Summarise finished',
        sourceKey: 'job:j1:completed',
      },
      {
        userId: 7,
        kind: 'research_finished',
        module: 'documents',
        title: 'Summarise failed',
        body: 'Too big',
        sourceKey: 'job:j1:failed',
      },
    ]);
    expect(published.map(([userId, e]) => [userId, e.type])).toEqual([
      [7, 'job.progress'],
      [7, 'job.completed'],
      [7, 'job.failed'],
    ]);
    expect(published[0][1]).toEqual({
      type: 'job.progress',
      jobId: 'j1',
      name: 'docs.summarise',
      entity: { type: 'document', id: 3 },
      progress: 40,
      invalidate: ['/api/documents'],
    });
  });

  it('works without a publisher, and a failing publisher never fails the job', async () => {
    const notifications = { notify: async () => true } as unknown as NotificationsService;
    await expect(new NotifyingJobEventSink(notifications).completed(job)).resolves.toBeUndefined();
    await expect(
      new NotifyingJobEventSink(notifications, async () => Promise.reject(new Error('down'))).failed(job, 'x'),
    ).resolves.toBeUndefined();
  });
});

it('isWorkerProcess: AIDE_PROCESS=worker or --worker', () => {
  expect(isWorkerProcess({ AIDE_PROCESS: 'api' }, ['node', 'main.js'])).toBe(false);
  expect(isWorkerProcess({ AIDE_PROCESS: 'worker' }, ['node', 'main.js'])).toBe(true);
  expect(isWorkerProcess({ AIDE_PROCESS: 'api' }, ['node', 'main.js', '--worker'])).toBe(true);
});
