import type { Task } from '@aide/contracts';
import request from 'supertest';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TaskRepeatSweeper } from './task-repeat-sweeper';

let t: TestApp;
let sweeper: TaskRepeatSweeper;

beforeAll(async () => {
  t = await createTestApp();
  sweeper = t.app.get(TaskRepeatSweeper);
});
afterAll(() => t.close());

const newUser = async (timezone?: string): Promise<Agent> => {
  const { agent } = await signUp(request.agent(t.http));
  if (timezone) await agent.patch('/api/profile').send({ timezone }).expect(200);
  return agent;
};
const createTask = async (agent: Agent, body: object): Promise<Task> =>
  (await agent.post('/api/tasks').send(body).expect(201)).body;
const listTasks = async (agent: Agent): Promise<Task[]> => (await agent.get('/api/tasks').expect(200)).body;
const complete = (agent: Agent, id: number) => agent.patch(`/api/tasks/${id}`).send({ status: 'completed' });
/** The tasks of the list with that title, oldest first. */
const series = async (agent: Agent, title: string) =>
  (await listTasks(agent)).filter((task) => task.title === title).sort((a, b) => a.id - b.id);

/** Completes a new repeating task due at `dueDate` and answers the next occurrence's due date. */
async function nextDueAfterCompleting(agent: Agent, dueDate: string, recurrence: string): Promise<string | null> {
  const title = `Repeat ${recurrence} ${dueDate}`;
  const task = await createTask(agent, { title, dueDate, recurrence });
  await complete(agent, task.id).expect(200);
  const next = (await series(agent, title)).filter((other) => other.id !== task.id);
  expect(next.length).toBeLessThanOrEqual(1);
  return next[0]?.dueDate ?? null;
}

describe('completing a repeating task (on completion)', () => {
  it('makes the next occurrence with the same details, its subtasks unticked, and moves the rule to it', async () => {
    const ada = await newUser();
    const task = await createTask(ada, {
      title: 'Water the plants',
      description: 'Balcony too',
      priority: 'high',
      category: 'Home',
      dueDate: '2027-05-03T08:00:00Z',
      recurrence: 'FREQ=DAILY',
      reminderMinutes: 15,
      subtasks: [
        { id: 'a', title: 'Fill the can', done: true },
        { id: 'b', title: 'Balcony', done: false },
      ],
    });
    expect(task).toMatchObject({ recurrence: 'FREQ=DAILY', recurrenceMode: 'on_completion', reminderMinutes: 15 });

    const answer = await complete(ada, task.id).expect(200);
    // The answer is the completed task, which no longer carries the rule.
    expect(answer.body).toMatchObject({ id: task.id, status: 'completed', recurrence: null });
    const [done, next] = await series(ada, 'Water the plants');
    expect(done).toMatchObject({ id: task.id, status: 'completed', recurrence: null });
    expect(next).toEqual({
      ...task,
      id: expect.any(Number),
      dueDate: '2027-05-04T08:00:00.000Z',
      subtasks: [
        { id: 'a', title: 'Fill the can', done: false },
        { id: 'b', title: 'Balcony', done: false },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('finds the right next due date: daily, weekly on chosen days, monthly on the 1st', async () => {
    const ada = await newUser();
    expect(await nextDueAfterCompleting(ada, '2027-05-03T08:00:00Z', 'FREQ=DAILY')).toBe('2027-05-04T08:00:00.000Z');
    // Monday 3 May 2027 → Thursday 6 May; Friday 7 May → Monday 10 May.
    expect(await nextDueAfterCompleting(ada, '2027-05-03T08:00:00Z', 'FREQ=WEEKLY;BYDAY=MO,TH')).toBe(
      '2027-05-06T08:00:00.000Z',
    );
    expect(await nextDueAfterCompleting(ada, '2027-05-07T08:00:00Z', 'FREQ=WEEKLY;BYDAY=MO,FR')).toBe(
      '2027-05-10T08:00:00.000Z',
    );
    expect(await nextDueAfterCompleting(ada, '2027-05-01T10:00:00Z', 'FREQ=MONTHLY;BYMONTHDAY=1')).toBe(
      '2027-06-01T10:00:00.000Z',
    );
  });

  it("keeps the due time in the profile's timezone across a DST change, in two timezones", async () => {
    // Paris: 09:00 CET (08:00Z) on 27 March 2027; summer time starts the next day, 09:00 CEST is 07:00Z.
    const paris = await newUser('Europe/Paris');
    expect(await nextDueAfterCompleting(paris, '2027-03-27T08:00:00Z', 'FREQ=DAILY')).toBe('2027-03-28T07:00:00.000Z');
    // New York: 18:30 EST (23:30Z) on 8 March 2027; a week later, after 14 March, 18:30 EDT is 22:30Z.
    const newYork = await newUser('America/New_York');
    expect(await nextDueAfterCompleting(newYork, '2027-03-08T23:30:00Z', 'FREQ=WEEKLY')).toBe(
      '2027-03-15T22:30:00.000Z',
    );
    // The same rule in UTC keeps the UTC time.
    const utc = await newUser();
    expect(await nextDueAfterCompleting(utc, '2027-03-08T23:30:00Z', 'FREQ=WEEKLY')).toBe('2027-03-15T23:30:00.000Z');
  });

  it('makes no second occurrence when the completed task is reopened and completed again', async () => {
    const ada = await newUser();
    const task = await createTask(ada, {
      title: 'Reopened',
      dueDate: '2027-05-03T08:00:00Z',
      recurrence: 'FREQ=DAILY',
    });
    await complete(ada, task.id).expect(200);
    await ada.patch(`/api/tasks/${task.id}`).send({ status: 'pending' }).expect(200);
    await complete(ada, task.id).expect(200);
    expect((await series(ada, 'Reopened')).map((x) => x.dueDate)).toEqual([
      '2027-05-03T08:00:00.000Z',
      '2027-05-04T08:00:00.000Z',
    ]);
  });

  it('makes one occurrence when two completions arrive at once', async () => {
    const ada = await newUser();
    const task = await createTask(ada, {
      title: 'Double click',
      dueDate: '2027-05-03T08:00:00Z',
      recurrence: 'FREQ=DAILY',
    });
    const answers = await Promise.all([complete(ada, task.id), complete(ada, task.id), complete(ada, task.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const all = await series(ada, 'Double click');
    expect(all.map((x) => [x.status, x.dueDate, x.recurrence])).toEqual([
      ['completed', '2027-05-03T08:00:00.000Z', null],
      ['pending', '2027-05-04T08:00:00.000Z', 'FREQ=DAILY'],
    ]);
  });

  it('makes none once the series has ended, by count or by date', async () => {
    const ada = await newUser();
    const counted = await createTask(ada, {
      title: 'Twice',
      dueDate: '2027-05-03T08:00:00Z',
      recurrence: 'FREQ=DAILY;COUNT=2',
    });
    await complete(ada, counted.id).expect(200);
    const [, second] = await series(ada, 'Twice');
    expect(second).toMatchObject({ dueDate: '2027-05-04T08:00:00.000Z', recurrence: 'FREQ=DAILY;COUNT=1' });
    await complete(ada, second.id).expect(200);
    expect(await series(ada, 'Twice')).toHaveLength(2);

    const until = await createTask(ada, {
      title: 'Until Friday',
      dueDate: '2027-05-07T08:00:00Z',
      recurrence: 'FREQ=DAILY;UNTIL=20270507',
    });
    await complete(ada, until.id).expect(200);
    expect(await series(ada, 'Until Friday')).toHaveLength(1);
  });

  it('leaves a task that does not repeat alone', async () => {
    const ada = await newUser();
    const task = await createTask(ada, { title: 'Once', dueDate: '2027-05-03T08:00:00Z' });
    await complete(ada, task.id).expect(200);
    expect(await series(ada, 'Once')).toHaveLength(1);
  });
});

describe('on-schedule repeating tasks', () => {
  it('get their next occurrence when the current one falls due, once, even with two sweeps at the same time', async () => {
    const ada = await newUser();
    const task = await createTask(ada, {
      title: 'Weekly report',
      dueDate: '2027-05-03T08:00:00Z',
      recurrence: 'FREQ=WEEKLY',
      recurrenceMode: 'on_schedule',
      subtasks: [{ id: 'x', title: 'Numbers', done: true }],
    });
    await sweeper.sweep(new Date('2027-05-03T07:59:00Z'));
    expect(await series(ada, 'Weekly report')).toHaveLength(1);

    await Promise.all([
      sweeper.sweep(new Date('2027-05-03T08:00:30Z')),
      sweeper.sweep(new Date('2027-05-03T08:00:30Z')),
    ]);
    await sweeper.sweep(new Date('2027-05-03T08:01:30Z'));
    const [overdue, next] = await series(ada, 'Weekly report');
    // Not done, the current one stays open; the rule moved on.
    expect(overdue).toMatchObject({ id: task.id, status: 'pending', recurrence: null });
    expect(next).toMatchObject({
      status: 'pending',
      dueDate: '2027-05-10T08:00:00.000Z',
      recurrence: 'FREQ=WEEKLY',
      recurrenceMode: 'on_schedule',
      subtasks: [{ id: 'x', title: 'Numbers', done: false }],
    });
    expect(await series(ada, 'Weekly report')).toHaveLength(2);
  });

  it('get it when completed before falling due, and not a second time from the sweep', async () => {
    const ada = await newUser();
    const task = await createTask(ada, {
      title: 'Early bird',
      dueDate: '2027-05-03T08:00:00Z',
      recurrence: 'FREQ=DAILY',
      recurrenceMode: 'on_schedule',
    });
    await complete(ada, task.id).expect(200);
    await sweeper.sweep(new Date('2027-05-03T09:00:00Z'));
    expect((await series(ada, 'Early bird')).map((x) => [x.status, x.dueDate])).toEqual([
      ['completed', '2027-05-03T08:00:00.000Z'],
      ['pending', '2027-05-04T08:00:00.000Z'],
    ]);
  });
});

describe('repeating tasks and subtasks: validation', () => {
  let ada: Agent;
  beforeAll(async () => (ada = await newUser()));
  const subtask = (id: string, title = `Step ${id}`) => ({ id, title, done: false });

  it.each([
    [
      { title: 'x', dueDate: '2027-05-03T08:00:00Z', recurrence: 'FREQ=HOURLY' },
      'Repeat frequency must be daily, weekly, monthly or yearly',
    ],
    [{ title: 'x', dueDate: '2027-05-03T08:00:00Z', recurrence: 'not a rule' }, 'Repeat rule is not a valid RRULE'],
    [{ title: 'x', recurrence: 'FREQ=DAILY' }, 'A repeating task needs a due date'],
    [{ title: 'x', recurrenceMode: 'sometimes' }, 'Repeat mode must be on_completion or on_schedule'],
    [{ title: 'x', subtasks: Array.from({ length: 101 }, (_, i) => subtask(String(i))) }, 'At most 100 subtasks'],
    [{ title: 'x', subtasks: [subtask('a', '   ')] }, 'Subtask must not be blank'],
    [{ title: 'x', subtasks: [subtask('a'), subtask('a')] }, 'Subtask ids must be unique'],
    [{ title: 'x', reminderMinutes: -5 }, 'Reminder must not be after the start'],
  ])('answers 400 to %j', async (body, message) => {
    const answer = await ada.post('/api/tasks').send(body).expect(400);
    expect(answer.body.message).toBe(message);
  });

  it('refuses a change that leaves a repeating task without a due date', async () => {
    const plain = await createTask(ada, { title: 'Plain' });
    expect(
      (await ada.patch(`/api/tasks/${plain.id}`).send({ recurrence: 'FREQ=DAILY' }).expect(400)).body.message,
    ).toBe('A repeating task needs a due date');
    const repeating = await createTask(ada, {
      title: 'Daily',
      dueDate: '2027-05-03T08:00:00Z',
      recurrence: 'FREQ=DAILY',
    });
    expect((await ada.patch(`/api/tasks/${repeating.id}`).send({ dueDate: null }).expect(400)).body.message).toBe(
      'A repeating task needs a due date',
    );
    // Clearing both at once is fine.
    await ada.patch(`/api/tasks/${repeating.id}`).send({ dueDate: null, recurrence: null }).expect(200);
  });

  it('replaces the whole subtask list, in the order sent', async () => {
    const task = await createTask(ada, { title: 'Checklist', subtasks: [subtask('a'), subtask('b'), subtask('c')] });
    const answer = await ada
      .patch(`/api/tasks/${task.id}`)
      .send({ subtasks: [{ id: 'c', title: 'Step c', done: true }, subtask('a', 'Renamed')] })
      .expect(200);
    expect(answer.body.subtasks).toEqual([
      { id: 'c', title: 'Step c', done: true },
      { id: 'a', title: 'Renamed', done: false },
    ]);
    expect((await listTasks(ada)).find((x) => x.id === task.id)?.subtasks).toEqual(answer.body.subtasks);
  });

  it("answers 404 to a change to another user's task, and makes no occurrence", async () => {
    const bob = await newUser();
    const bobs = await createTask(bob, { title: 'Private', dueDate: '2027-05-03T08:00:00Z', recurrence: 'FREQ=DAILY' });
    await complete(ada, bobs.id).expect(404);
    await ada.patch(`/api/tasks/${bobs.id}`).send({ subtasks: [] }).expect(404);
    expect(await series(bob, 'Private')).toEqual([bobs]);
  });
});
