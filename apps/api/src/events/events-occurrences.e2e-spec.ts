import 'reflect-metadata';
import type { CalendarEvent } from '@aide/contracts';
import { createTestDataSource, type TestDataSource } from '../../test/test-data-source';
import { TaskEntity } from '../tasks/task.entity';
import { TasksService } from '../tasks/tasks.service';
import { User } from '../users/user.entity';
import { EventEntity } from './event.entity';
import { EventsService } from './events.service';

/**
 * occurrences() reads with its own prepared statements (not the query builder list() uses): the
 * events it answers must be list()'s rows, field for field (the linked task's status included),
 * for each shape of range it is asked for.
 */
let db: TestDataSource;
let events: EventsService;
let ada: number;
let bob: number;

const from = new Date('2030-03-10T00:00:00.000Z');
const to = new Date('2030-03-11T00:00:00.000Z');

beforeAll(async () => {
  db = await createTestDataSource();
  events = new EventsService(db.dataSource.getRepository(EventEntity), db.dataSource);
  const tasks = new TasksService(db.dataSource.getRepository(TaskEntity));
  const people = db.dataSource.getRepository(User);
  const person = async (email: string) =>
    (await people.save(people.create({ email, passwordHash: null, firstName: 'A', lastName: null }))).id;
  ada = await person('ada@example.com');
  bob = await person('bob@example.com');
  const working = await tasks.create(ada, { title: 'Write the report', priority: 'high', status: 'in_progress' });
  const done = await tasks.create(ada, { title: 'Stand-up notes', priority: 'low', status: 'completed' });

  await events.create(ada, {
    title: 'Focus block',
    description: 'Report, part two',
    type: 'appointment',
    startTime: '2030-03-10T09:00:00.000Z',
    endTime: '2030-03-10T11:00:00.000Z',
    location: 'Library',
    attendees: ['ada@example.com', 'grace@example.com'],
    metadata: { autoResponse: 'meeting', nested: { n: 1 } },
    reminders: [10, 60],
    taskId: working.id,
  });
  await events.create(ada, {
    title: 'Lunch',
    type: 'meeting',
    startTime: '2030-03-10T12:00:00.000Z',
    endTime: '2030-03-10T13:00:00.000Z',
  });
  // Started the day before, still running: in an 'ending' range, not a 'starting' one.
  await events.create(ada, {
    title: 'Night shift',
    type: 'meeting',
    startTime: '2030-03-09T22:00:00.000Z',
    endTime: '2030-03-10T02:00:00.000Z',
  });
  // On the bounds: starts at `from` (in every shape), ends at `from` (in none that bounds the end).
  await events.create(ada, {
    title: 'Midnight',
    type: 'reminder',
    startTime: '2030-03-10T00:00:00.000Z',
    endTime: '2030-03-10T00:00:00.000Z',
  });
  await events.create(ada, {
    title: 'Late call',
    type: 'meeting',
    startTime: '2030-03-09T23:00:00.000Z',
    endTime: '2030-03-10T00:00:00.000Z',
  });
  await events.create(ada, {
    title: 'Next week',
    type: 'meeting',
    startTime: '2030-03-17T09:00:00.000Z',
    endTime: '2030-03-17T10:00:00.000Z',
  });
  const series = await events.create(ada, {
    title: 'Stand-up',
    type: 'meeting',
    startTime: '2030-03-01T08:00:00.000Z',
    endTime: '2030-03-01T08:15:00.000Z',
    recurrence: 'FREQ=DAILY;COUNT=30',
    timezone: 'Europe/Paris',
    exceptions: ['2030-03-05T08:00:00.000Z'],
    attendees: ['team@example.com'],
    taskId: done.id,
  });
  // Its occurrence of the 10th, moved: a row of its own.
  await events.create(ada, {
    title: 'Stand-up (late)',
    type: 'meeting',
    startTime: '2030-03-10T10:00:00.000Z',
    endTime: '2030-03-10T10:15:00.000Z',
    recurringEventId: series.id,
    originalStartTime: '2030-03-10T08:00:00.000Z',
  });
  await events.create(bob, {
    title: "Bob's",
    type: 'meeting',
    startTime: '2030-03-10T09:00:00.000Z',
    endTime: '2030-03-10T10:00:00.000Z',
  });
});
afterAll(() => db.close());

const at = (iso: string) => new Date(iso).getTime();
/** What an occurrence of a series takes from its own slot; the rest is the series row's. */
const withoutSlot = ({ startTime, endTime, recurringEventId, occurrenceStart, ...rest }: CalendarEvent) => rest;

describe('EventsService.occurrences', () => {
  const shapes: {
    name: string;
    range: { from?: string; to?: string };
    startingInRange?: boolean;
    /** Which one-off rows (list()'s, recurrence null) the range takes. */
    takes: (e: CalendarEvent) => boolean;
  }[] = [
    {
      name: 'starting in [from, to) (the dashboard)',
      range: { from: from.toISOString(), to: to.toISOString() },
      startingInRange: true,
      takes: (e) => at(e.startTime) >= from.getTime() && at(e.startTime) < to.getTime(),
    },
    {
      name: 'overlapping [from, to) (the calendar)',
      range: { from: from.toISOString(), to: to.toISOString() },
      takes: (e) => at(e.endTime) > from.getTime() && at(e.startTime) < to.getTime(),
    },
    { name: 'from only', range: { from: from.toISOString() }, takes: (e) => at(e.endTime) > from.getTime() },
    { name: 'to only', range: { to: to.toISOString() }, takes: (e) => at(e.startTime) < to.getTime() },
  ];

  it.each(shapes)(
    "answers list()'s one-off rows, field for field: $name",
    async ({ range, startingInRange, takes }) => {
      const rows = await events.list(ada);
      // The fixture links tasks in both states, so the joined status is compared too.
      expect(rows.map((e) => e.taskStatus)).toEqual(expect.arrayContaining(['in_progress', 'completed', null]));
      const answered = await events.occurrences(ada, range, { startingInRange, timezone: 'UTC' });
      const expected = rows.filter((e) => e.recurrence === null && takes(e));
      expect(expected.length).toBeGreaterThan(0);
      expect(answered.filter((e) => e.recurrence === null)).toEqual(expected);
    },
  );

  it("gives each occurrence of a series the series row's fields, and leaves out the moved and removed ones", async () => {
    const series = (await events.list(ada)).find((e) => e.recurrence !== null)!;
    const week = await events.occurrences(ada, { from: '2030-03-04T00:00:00.000Z', to: '2030-03-11T00:00:00.000Z' });
    const repeats = week.filter((e) => e.recurrence !== null);
    // The 4th to the 10th: the 5th removed, the 10th moved (its own row answers for it).
    expect(repeats.map((e) => e.startTime.slice(0, 10))).toEqual([
      '2030-03-04',
      '2030-03-06',
      '2030-03-07',
      '2030-03-08',
      '2030-03-09',
    ]);
    for (const occurrence of repeats) {
      expect(withoutSlot(occurrence)).toEqual(withoutSlot(series));
      expect(occurrence).toMatchObject({ recurringEventId: series.id, taskStatus: 'completed' });
    }
  });

  it("answers nothing of another user's", async () => {
    const answered = await events.occurrences(bob, { from: from.toISOString(), to: to.toISOString() });
    expect(answered.map((e) => e.title)).toEqual(["Bob's"]);
  });
});
