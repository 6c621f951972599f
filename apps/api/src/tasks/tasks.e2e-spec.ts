import type { Task } from '@aide/contracts';
import request from 'supertest';
import { buildTask, signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let ada: Agent;
let bob: Agent;
let adaId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({
    agent: ada,
    user: { id: adaId },
  } = await signUp(request.agent(t.http)));
  ({ agent: bob } = await signUp(request.agent(t.http)));
});
afterAll(() => t.close());

const createTask = async (agent: Agent, body: object = buildTask()): Promise<Task> =>
  (await agent.post('/api/tasks').send(body).expect(201)).body;

describe('tasks CRUD', () => {
  it('creates, lists, updates and deletes a task', async () => {
    const created = await createTask(ada, {
      title: '  Write report ',
      description: 'Quarterly numbers',
      priority: 'high',
      dueDate: '2026-12-01T09:30:00+01:00',
      category: 'Work',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      userId: adaId,
      title: 'Write report',
      description: 'Quarterly numbers',
      priority: 'high',
      status: 'pending',
      dueDate: '2026-12-01T08:30:00.000Z',
      category: 'Work',
      recurrence: null,
      recurrenceMode: 'on_completion',
      subtasks: [],
      reminderMinutes: null,
      sourceEmailId: null,
      sourceDocumentId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });

    const list = await ada.get('/api/tasks').expect(200);
    expect(list.body).toContainEqual(created);

    const updated = await ada.patch(`/api/tasks/${created.id}`).send({ status: 'completed' }).expect(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      status: 'completed',
      title: 'Write report',
      priority: 'high',
    });

    await ada.delete(`/api/tasks/${created.id}`).expect(204, '');
    const after = await ada.get('/api/tasks').expect(200);
    expect(after.body.map((task: Task) => task.id)).not.toContain(created.id);
  });

  it('defaults priority to medium and status to pending, and stores empty text as null', async () => {
    const created = await createTask(ada, { title: 'Groceries', description: '   ', category: '' });
    expect(created).toMatchObject({
      priority: 'medium',
      status: 'pending',
      description: null,
      category: null,
      dueDate: null,
    });
  });

  it("lists only the signed-in user's tasks, newest first", async () => {
    const { agent: carol } = await signUp(request.agent(t.http));
    const first = await createTask(carol, { title: 'First' });
    const second = await createTask(carol, { title: 'Second' });
    await createTask(bob, { title: "Bob's" });
    const list = await carol.get('/api/tasks').expect(200);
    expect(list.body.map((task: Task) => task.id)).toEqual([second.id, first.id]);
  });

  it('clears description, due date and category with null on PATCH', async () => {
    const task = await createTask(ada, {
      title: 'Dentist',
      description: 'Check-up',
      dueDate: '2026-12-02T10:00:00Z',
      category: 'Health',
    });
    const cleared = await ada
      .patch(`/api/tasks/${task.id}`)
      .send({ description: null, dueDate: null, category: null })
      .expect(200);
    expect(cleared.body).toMatchObject({ description: null, dueDate: null, category: null, title: 'Dentist' });
  });

  it('leaves fields that a PATCH omits unchanged and moves updatedAt', async () => {
    const task = await createTask(ada, { title: 'Call Bob', description: 'About the trip', priority: 'low' });
    const updated = await ada.patch(`/api/tasks/${task.id}`).send({ title: 'Call Robert' }).expect(200);
    expect(updated.body).toMatchObject({ title: 'Call Robert', description: 'About the trip', priority: 'low' });
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(task.updatedAt));
    expect(updated.body.createdAt).toBe(task.createdAt);
  });
});

describe('ownership', () => {
  it('ignores a userId in the body of POST and PATCH', async () => {
    const bobsTask = await createTask(bob);
    const created = await createTask(ada, { title: 'Mine', userId: bobsTask.userId });
    expect(created.userId).toBe(adaId);

    const patched = await ada
      .patch(`/api/tasks/${created.id}`)
      .send({ userId: bobsTask.userId, id: bobsTask.id, title: 'Still mine' })
      .expect(200);
    expect(patched.body).toMatchObject({ id: created.id, userId: adaId, title: 'Still mine' });
    const bobs: Task[] = (await bob.get('/api/tasks').expect(200)).body;
    expect(bobs).toContainEqual(bobsTask);
    expect(bobs.map((task) => task.id)).not.toContain(created.id);
  });

  it("answers 404 for another user's task on PATCH and DELETE, and leaves it unchanged", async () => {
    const bobsTask = await createTask(bob, { title: "Bob's secret", priority: 'high' });

    const patch = await ada.patch(`/api/tasks/${bobsTask.id}`).send({ title: 'Hijacked' }).expect(404);
    expect(patch.body).toEqual({ message: 'Task not found' });
    const del = await ada.delete(`/api/tasks/${bobsTask.id}`).expect(404);
    expect(del.body).toEqual({ message: 'Task not found' });

    const bobs = await bob.get('/api/tasks').expect(200);
    expect(bobs.body).toContainEqual(bobsTask);
    expect((await ada.get('/api/tasks')).body.map((task: Task) => task.id)).not.toContain(bobsTask.id);
  });

  it('answers 404 for a task that does not exist', async () => {
    expect((await ada.patch('/api/tasks/2147483647').send({ title: 'x' }).expect(404)).body).toEqual({
      message: 'Task not found',
    });
    expect((await ada.delete('/api/tasks/999999').expect(404)).body).toEqual({ message: 'Task not found' });
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/tasks'],
    ['POST', '/api/tasks'],
    ['PATCH', '/api/tasks/1'],
    ['DELETE', '/api/tasks/1'],
    ['PATCH', '/api/tasks/not-a-number'],
  ])('%s %s answers 401 Unauthorized', async (method, path) => {
    const response = await request(t.http)[method.toLowerCase() as 'get'](path).send({ title: 'x' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });
});

describe('validation', () => {
  it('answers 400 "Title is required" for a missing, empty or blank title', async () => {
    for (const body of [{}, { title: '' }, { title: '   ' }]) {
      const response = await ada.post('/api/tasks').send(body).expect(400);
      expect(response.body).toEqual({
        message: 'Title is required',
        errors: [{ path: 'title', message: 'Title is required' }],
      });
    }
  });

  it('answers 400 "Title is required" when a PATCH blanks the title', async () => {
    const task = await createTask(ada);
    const response = await ada.patch(`/api/tasks/${task.id}`).send({ title: ' ' }).expect(400);
    expect(response.body.message).toBe('Title is required');
  });

  it('reports every invalid field with the contract messages', async () => {
    const response = await ada
      .post('/api/tasks')
      .send({ title: 'x', priority: 'urgent', status: 'done', dueDate: 'tomorrow' })
      .expect(400);
    expect(response.body.errors).toEqual([
      { path: 'priority', message: 'Priority must be one of high, medium or low' },
      { path: 'status', message: 'Status must be one of pending, in_progress or completed' },
      { path: 'dueDate', message: 'Due date must be a valid date and time' },
    ]);
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '1e3'])(
    'answers 400 for the task id "%s"',
    async (id) => {
      const patch = await ada.patch(`/api/tasks/${id}`).send({ title: 'x' }).expect(400);
      expect(patch.body).toEqual({ message: 'Task id must be a positive whole number' });
      const del = await ada.delete(`/api/tasks/${id}`).expect(400);
      expect(del.body).toEqual({ message: 'Task id must be a positive whole number' });
    },
  );

  it.each([
    ['an array', [{ title: 'x' }]],
    ['a string', '"x"'],
    ['a number', '42'],
    ['null', 'null'],
  ])('answers 400 (never 500) for %s as the body', async (_label, body) => {
    const response = await ada
      .post('/api/tasks')
      .set('Content-Type', 'application/json')
      .send(typeof body === 'string' ? body : JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });

  it('answers 400 "Malformed JSON in request body" for broken JSON', async () => {
    const response = await ada
      .post('/api/tasks')
      .set('Content-Type', 'application/json')
      .send('{"title": "x",')
      .expect(400);
    expect(response.body).toEqual({ message: 'Malformed JSON in request body' });
  });

  it('answers 400 for fields of the wrong type', async () => {
    const response = await ada
      .post('/api/tasks')
      .send({ title: 42, description: ['a'], category: { a: 1 } })
      .expect(400);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toEqual(['title', 'description', 'category']);
  });

  it('answers 400 for a title over 200 characters and 413 for a body over 1 MB', async () => {
    const long = await ada
      .post('/api/tasks')
      .send({ title: 'a'.repeat(201) })
      .expect(400);
    expect(long.body.message).toBe('Title must be at most 200 characters');
    const huge = await ada
      .post('/api/tasks')
      .send({ title: 'x', description: 'a'.repeat(1024 * 1024) })
      .expect(413);
    expect(huge.body).toEqual({ message: 'Request body is too large (the limit is 1 MB)' });
  });

  it('answers 400, not a database error, for a NUL character in any text field', async () => {
    const created = await ada.post('/api/tasks').send({ title: 'a\u0000b' }).expect(400);
    expect(created.body.message).toBe('Title must not contain NUL characters');
    const task = await createTask(ada);
    const patched = await ada.patch(`/api/tasks/${task.id}`).send({ description: '\u0000' }).expect(400);
    expect(patched.body.message).toBe('Description must not contain NUL characters');
  });

  it('answers 400 without a JSON body', async () => {
    const response = await ada.post('/api/tasks').set('Content-Type', 'text/plain').send('title=x').expect(400);
    expect(response.body).toEqual({ message: 'Request body must be a JSON object' });
  });
});
