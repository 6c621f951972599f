import 'reflect-metadata';
import type { CreateTaskPayload } from '@aide/contracts';
import { NotFoundException } from '@nestjs/common';
import { createTestDataSource, type TestDataSource } from '../../test/test-data-source';
import { User } from '../users/user.entity';
import { TaskEntity } from './task.entity';
import { toTask } from './task.mapper';
import { TasksService } from './tasks.service';

let db: TestDataSource;
let tasks: TasksService;
let ada: number;
let bob: number;

beforeAll(async () => {
  db = await createTestDataSource();
  tasks = new TasksService(db.dataSource.getRepository(TaskEntity));
  const people = db.dataSource.getRepository(User);
  ada = (
    await people.save(people.create({ email: 'ada@example.com', passwordHash: null, firstName: 'Ada', lastName: null }))
  ).id;
  bob = (
    await people.save(people.create({ email: 'bob@example.com', passwordHash: null, firstName: 'Bob', lastName: null }))
  ).id;
});
afterAll(() => db.close());

const defaults = { priority: 'medium', status: 'pending' } as const;

describe('TasksService', () => {
  it("lists only the given user's tasks, newest first", async () => {
    const first = await tasks.create(ada, { ...defaults, title: 'First' });
    const second = await tasks.create(ada, { ...defaults, title: 'Second' });
    await tasks.create(bob, { ...defaults, title: "Bob's" });
    expect((await tasks.list(ada)).map((t) => t.id)).toEqual([second.id, first.id]);
    expect((await tasks.list(bob)).map((t) => t.title)).toEqual(["Bob's"]);
  });

  it('answers a new task as it was stored, every field (with and without a reminder, which take different paths)', async () => {
    const repository = db.dataSource.getRepository(TaskEntity);
    const full: CreateTaskPayload = {
      ...defaults,
      title: 'Quarterly report',
      description: 'Numbers first',
      priority: 'high',
      status: 'in_progress',
      dueDate: '2030-01-15T09:30:00.000Z',
      category: 'Work',
      recurrence: 'FREQ=MONTHLY;INTERVAL=3',
      recurrenceMode: 'on_schedule',
      subtasks: [
        { id: 'a', title: 'Gather', done: true },
        { id: 'b', title: 'Write', done: false },
      ],
    };
    for (const input of [
      { ...defaults, title: 'Bare' },
      full,
      { ...full, title: 'With a reminder', reminderMinutes: 30 },
    ]) {
      const created = await tasks.create(ada, input);
      expect(created).toEqual(toTask(await repository.findOneByOrFail({ id: created.id })));
      expect(created).toMatchObject({ title: input.title, userId: ada });
    }
  });

  it('owns a new task by the given user, whatever userId the payload carries', async () => {
    const task = await tasks.create(ada, { ...defaults, title: 'Mine', userId: bob });
    expect(task.userId).toBe(ada);
  });

  it('returns the contract shape with ISO dates, and empty text as null', async () => {
    const task = await tasks.create(ada, {
      ...defaults,
      title: 'Dentist',
      description: '',
      category: '',
      dueDate: '2026-12-24T18:00:00-05:00',
    });
    expect(task).toMatchObject({ description: null, category: null, dueDate: '2026-12-24T23:00:00.000Z' });
    expect(new Date(task.createdAt).toISOString()).toBe(task.createdAt);
  });

  it("refuses to update or delete another user's task, and leaves it as it was", async () => {
    const bobs = await tasks.create(bob, { ...defaults, title: 'Private' });
    await expect(tasks.update(ada, bobs.id, { title: 'Mine now' })).rejects.toThrow(
      new NotFoundException('Task not found'),
    );
    await expect(tasks.remove(ada, bobs.id)).rejects.toThrow(new NotFoundException('Task not found'));
    expect((await tasks.list(bob)).find((t) => t.id === bobs.id)).toEqual(bobs);
  });

  it('updates only the fields given, and clears with null', async () => {
    const task = await tasks.create(ada, {
      ...defaults,
      title: 'Trip',
      description: 'Pack',
      category: 'Home',
      dueDate: '2026-12-01T00:00:00Z',
    });
    const updated = await tasks.update(ada, task.id, { status: 'in_progress', category: null, dueDate: null });
    expect(updated).toMatchObject({
      title: 'Trip',
      description: 'Pack',
      status: 'in_progress',
      category: null,
      dueDate: null,
    });
  });

  it("deletes the user's own task", async () => {
    const task = await tasks.create(ada, { ...defaults, title: 'Temporary' });
    await tasks.remove(ada, task.id);
    expect((await tasks.list(ada)).map((t) => t.id)).not.toContain(task.id);
    await expect(tasks.remove(ada, task.id)).rejects.toThrow(NotFoundException);
  });

  it("removes a user's tasks with the user", async () => {
    const people = db.dataSource.getRepository(User);
    const carol = await people.save(
      people.create({ email: 'carol@example.com', passwordHash: null, firstName: null, lastName: null }),
    );
    await tasks.create(carol.id, { ...defaults, title: 'Gone soon' });
    await people.delete({ id: carol.id });
    expect(await tasks.list(carol.id)).toEqual([]);
    expect(await db.dataSource.getRepository(TaskEntity).countBy({ userId: carol.id })).toBe(0);
  });
});
