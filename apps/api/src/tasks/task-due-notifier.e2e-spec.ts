import type { AppNotification, NotificationList, Task } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';
import { TASK_DUE_SWEEP_INTERVAL_MS, TaskDueNotifier } from './task-due-notifier';

let t: TestApp;
let db: DataSource;
let notifier: TaskDueNotifier;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
  notifier = t.app.get(TaskDueNotifier);
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const newUser = async () => (await signUp(request.agent(t.http))).agent;
const createTask = async (agent: Agent, body: object): Promise<Task> =>
  (await agent.post('/api/tasks').send(body).expect(201)).body;
const dueNotifications = async (agent: Agent): Promise<AppNotification[]> =>
  ((await agent.get('/api/notifications').expect(200)).body as NotificationList).items.filter(
    (n) => n.kind === 'task_due',
  );

describe('TaskDueNotifier.sweep', () => {
  // These tests run the sweep themselves, at chosen times: no background sweep after each save.
  let nudge: jest.SpyInstance;
  beforeEach(() => (nudge = jest.spyOn(notifier, 'nudge').mockImplementation(() => undefined)));
  afterEach(() => nudge.mockRestore());

  it('notifies about open tasks due within the next 24 hours, once per task and due date', async () => {
    const ada = await newUser();
    await createTask(ada, { title: 'Soon', dueDate: inHours(2) });
    await createTask(ada, { title: 'Almost a day', dueDate: inHours(23.5), status: 'in_progress' });
    await createTask(ada, { title: 'Later', dueDate: inHours(30) });
    await createTask(ada, { title: 'Overdue', dueDate: inHours(-1) });
    await createTask(ada, { title: 'Done', dueDate: inHours(3), status: 'completed' });
    await createTask(ada, { title: 'No date' });

    await notifier.sweep();
    const first = await dueNotifications(ada);
    expect(first.map((n) => [n.title, n.link, n.readAt]).sort()).toEqual([
      ['Task due soon: Almost a day', '/tasks', null],
      ['Task due soon: Soon', '/tasks', null],
    ]);

    await notifier.sweep();
    await notifier.sweep();
    expect(await dueNotifications(ada)).toEqual(first);
  });

  it('notifies again when the due date moves, and not about a task completed before the sweep', async () => {
    const ada = await newUser();
    const task = await createTask(ada, { title: 'Moving target', dueDate: inHours(5) });
    const done = await createTask(ada, { title: 'Finished early', dueDate: inHours(5) });
    await ada.patch(`/api/tasks/${done.id}`).send({ status: 'completed' }).expect(200);
    await notifier.sweep();
    expect((await dueNotifications(ada)).map((n) => n.title)).toEqual(['Task due soon: Moving target']);

    await ada
      .patch(`/api/tasks/${task.id}`)
      .send({ dueDate: inHours(10) })
      .expect(200);
    await notifier.sweep();
    expect((await dueNotifications(ada)).map((n) => n.title)).toEqual([
      'Task due soon: Moving target',
      'Task due soon: Moving target',
    ]);
  });

  it('takes the time to sweep at, so a task 30 hours out is due soon 8 hours from now', async () => {
    const ada = await newUser();
    await createTask(ada, { title: 'Far', dueDate: inHours(30) });
    await notifier.sweep();
    expect(await dueNotifications(ada)).toEqual([]);
    await notifier.sweep(new Date(Date.now() + 8 * HOUR));
    expect((await dueNotifications(ada)).map((n) => n.title)).toEqual(['Task due soon: Far']);
  });

  it("notifies only each task's owner", async () => {
    const ada = await newUser();
    const bob = await newUser();
    await createTask(bob, { title: "Bob's deadline", dueDate: inHours(1) });
    await notifier.sweep();
    expect(await dueNotifications(ada)).toEqual([]);
    expect((await dueNotifications(bob)).map((n) => n.title)).toEqual(["Task due soon: Bob's deadline"]);
  });

  it('skips users whose organiser module is not available, and catches up once it is', async () => {
    const ada = await newUser();
    await createTask(ada, { title: 'Premium only', dueDate: inHours(4) });
    await db.query(`UPDATE feature_toggles SET "planRequired" = 'premium' WHERE name = 'module.organiser'`);
    try {
      await notifier.sweep();
      expect(await dueNotifications(ada)).toEqual([]);
    } finally {
      await db.query(`UPDATE feature_toggles SET "planRequired" = 'free' WHERE name = 'module.organiser'`);
    }
    await notifier.sweep();
    expect((await dueNotifications(ada)).map((n) => n.title)).toEqual(['Task due soon: Premium only']);
  });
});

describe('a task saved with a due date', () => {
  it('notifies at once when it is due within 24 hours, without waiting for the timed sweep', async () => {
    const agent = await newUser();
    await createTask(agent, { title: 'Renew passport', dueDate: inHours(3) });
    await createTask(agent, { title: 'Plan next year', dueDate: inHours(72) });
    // The sweep runs in the background after the response: wait for its notification to appear.
    const titles = await waitFor(
      async () => {
        const found = (await dueNotifications(agent)).map((n) => n.title);
        return found.length > 0 && found;
      },
      { what: 'the task-due notification' },
    );
    expect(titles).toEqual(['Task due soon: Renew passport']);
  });
});

describe('the timer', () => {
  afterEach(() => jest.useRealTimers());

  it('sweeps every minute once the app has started, and stops on shutdown', async () => {
    // A sweep an earlier test's save started may still be running, and a tick skips while one runs:
    // let it finish first, as the app's shutdown does.
    await notifier.beforeApplicationShutdown();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance', 'Date'] });
    const sweep = jest.spyOn(notifier, 'sweep').mockResolvedValue(0);
    try {
      notifier.onApplicationBootstrap();
      jest.advanceTimersByTime(TASK_DUE_SWEEP_INTERVAL_MS - 1);
      expect(sweep).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(sweep).toHaveBeenCalledTimes(1);
      await notifier.beforeApplicationShutdown();
      jest.advanceTimersByTime(TASK_DUE_SWEEP_INTERVAL_MS * 3);
      expect(sweep).toHaveBeenCalledTimes(1);
    } finally {
      sweep.mockRestore();
    }
  });
});
