import type { CalendarEvent, OrganiserDashboard, Task } from '@aide/contracts';
import request from 'supertest';
import { signUp, type Agent } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newUser(timezone: string): Promise<Agent> {
  const { agent } = await signUp(request.agent(t.http));
  await agent.patch('/api/profile').send({ timezone }).expect(200);
  return agent;
}

const create = async (agent: Agent, body: object): Promise<CalendarEvent> =>
  (await agent.post('/api/events').send(body).expect(201)).body;
const between = async (agent: Agent, from: string, to: string): Promise<CalendarEvent[]> =>
  (await agent.get('/api/events').query({ from, to }).expect(200)).body;
const starts = (events: CalendarEvent[]) => events.map((e) => e.startTime);
const message = (response: request.Response) => response.body.message as string;

describe('repeating events across DST', () => {
  it('keep a weekly 09:00 London meeting at 09:00 London time when the clocks go back', async () => {
    const ada = await newUser('Europe/London');
    const series = await create(ada, {
      title: 'Team sync',
      startTime: '2026-10-12T08:00:00Z', // 09:00 BST
      endTime: '2026-10-12T08:30:00Z',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
    });
    expect(series).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=MO', timezone: 'Europe/London', exceptions: [] });

    const listed = await between(ada, '2026-10-10T00:00:00Z', '2026-11-03T00:00:00Z');
    // Summer time ends on 25 October 2026: 09:00 GMT is 09:00Z.
    expect(starts(listed)).toEqual([
      '2026-10-12T08:00:00.000Z',
      '2026-10-19T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
    expect(listed.every((o) => o.id === series.id && o.recurringEventId === series.id)).toBe(true);
    expect(listed.map((o) => o.occurrenceStart)).toEqual(starts(listed));
    expect(listed.map((o) => Date.parse(o.endTime) - Date.parse(o.startTime))).toEqual([1.8e6, 1.8e6, 1.8e6, 1.8e6]);
  });

  it('keep a Tokyo-made daily event in Tokyo time for a New York user too, and a New York series in New York time', async () => {
    const bob = await newUser('America/New_York');
    // 18:30 in New York, made by Bob: 23:30Z in winter, 22:30Z once daylight time starts on 14 March 2027.
    await create(bob, {
      title: 'Walk the dog',
      type: 'reminder',
      startTime: '2027-03-12T23:30:00Z',
      endTime: '2027-03-12T23:45:00Z',
      recurrence: 'FREQ=DAILY;COUNT=4',
    });
    // Made for a Tokyo office (no DST there): stays at 01:00Z whatever New York does.
    await create(bob, {
      title: 'Tokyo call',
      startTime: '2027-03-13T01:00:00Z',
      endTime: '2027-03-13T02:00:00Z',
      recurrence: 'FREQ=DAILY;COUNT=3',
      timezone: 'Asia/Tokyo',
    });
    const listed = await between(bob, '2027-03-12T00:00:00Z', '2027-03-20T00:00:00Z');
    expect(listed.filter((e) => e.title === 'Walk the dog').map((e) => e.startTime)).toEqual([
      '2027-03-12T23:30:00.000Z',
      '2027-03-13T23:30:00.000Z',
      '2027-03-14T22:30:00.000Z',
      '2027-03-15T22:30:00.000Z',
    ]);
    expect(listed.filter((e) => e.title === 'Tokyo call').map((e) => e.startTime)).toEqual([
      '2027-03-13T01:00:00.000Z',
      '2027-03-14T01:00:00.000Z',
      '2027-03-15T01:00:00.000Z',
    ]);
  });
});

describe('changing one occurrence, the following ones or all', () => {
  let ada: Agent;
  let series: CalendarEvent;
  const from = '2026-12-01T00:00:00Z';
  const to = '2026-12-31T00:00:00Z';

  beforeEach(async () => {
    ada = await newUser('UTC');
    series = await create(ada, {
      title: 'Yoga',
      startTime: '2026-12-01T18:00:00Z',
      endTime: '2026-12-01T19:00:00Z',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
    });
  });

  it('moves only this occurrence: it becomes its own event and its old slot is empty', async () => {
    const moved = (
      await ada
        .patch(`/api/events/${series.id}`)
        .query({ scope: 'this', occurrence: '2026-12-08T18:00:00.000Z' })
        .send({ startTime: '2026-12-09T07:00:00Z', endTime: '2026-12-09T08:00:00Z', title: 'Yoga (morning)' })
        .expect(200)
    ).body as CalendarEvent;
    expect(moved).toMatchObject({
      recurringEventId: series.id,
      occurrenceStart: '2026-12-08T18:00:00.000Z',
      recurrence: null,
      title: 'Yoga (morning)',
    });
    expect(moved.id).not.toBe(series.id);
    const listed = await between(ada, from, to);
    expect(listed.map((e) => [e.startTime, e.title])).toEqual([
      ['2026-12-01T18:00:00.000Z', 'Yoga'],
      ['2026-12-09T07:00:00.000Z', 'Yoga (morning)'],
      ['2026-12-15T18:00:00.000Z', 'Yoga'],
      ['2026-12-22T18:00:00.000Z', 'Yoga'],
    ]);

    // Editing the moved one again changes that row; deleting it leaves a gap, not the old slot.
    await ada.patch(`/api/events/${moved.id}`).query({ scope: 'this' }).send({ location: 'Park' }).expect(200);
    await ada.delete(`/api/events/${moved.id}`).query({ scope: 'this' }).expect(204);
    expect(starts(await between(ada, from, to))).toEqual([
      '2026-12-01T18:00:00.000Z',
      '2026-12-15T18:00:00.000Z',
      '2026-12-22T18:00:00.000Z',
    ]);
  });

  it('changes this and the following occurrences by splitting the series, the count shared out', async () => {
    const tail = (
      await ada
        .patch(`/api/events/${series.id}`)
        .query({ scope: 'following', occurrence: '2026-12-15T18:00:00.000Z' })
        .send({ title: 'Pilates', startTime: '2026-12-15T17:00:00Z', endTime: '2026-12-15T18:00:00Z' })
        .expect(200)
    ).body as CalendarEvent;
    expect(tail).toMatchObject({
      title: 'Pilates',
      recurrence: 'FREQ=WEEKLY;COUNT=2',
      startTime: '2026-12-15T17:00:00.000Z',
    });
    expect((await between(ada, from, '2027-02-01T00:00:00Z')).map((e) => [e.startTime, e.title])).toEqual([
      ['2026-12-01T18:00:00.000Z', 'Yoga'],
      ['2026-12-08T18:00:00.000Z', 'Yoga'],
      ['2026-12-15T17:00:00.000Z', 'Pilates'],
      ['2026-12-22T17:00:00.000Z', 'Pilates'],
    ]);
  });

  it('moves every occurrence by as much as one was moved when the change is for all', async () => {
    await ada
      .patch(`/api/events/${series.id}`)
      .query({ scope: 'this', occurrence: '2026-12-22T18:00:00.000Z' })
      .send({ title: 'Yoga (last one)' })
      .expect(200);
    await ada
      .delete(`/api/events/${series.id}`)
      .query({ scope: 'this', occurrence: '2026-12-15T18:00:00.000Z' })
      .expect(204);
    await ada
      .patch(`/api/events/${series.id}`)
      .query({ scope: 'all', occurrence: '2026-12-08T18:00:00.000Z' })
      .send({ startTime: '2026-12-08T19:30:00Z', endTime: '2026-12-08T20:00:00Z' })
      .expect(200);
    expect((await between(ada, from, to)).map((e) => [e.startTime, e.endTime, e.title])).toEqual([
      ['2026-12-01T19:30:00.000Z', '2026-12-01T20:00:00.000Z', 'Yoga'],
      ['2026-12-08T19:30:00.000Z', '2026-12-08T20:00:00.000Z', 'Yoga'],
      // The removed occurrence stays removed and the changed one stays changed, both moved along.
      ['2026-12-22T18:00:00.000Z', '2026-12-22T19:00:00.000Z', 'Yoga (last one)'],
    ]);
  });

  it('deletes this occurrence, the following ones, or the whole series', async () => {
    await ada
      .delete(`/api/events/${series.id}`)
      .query({ scope: 'this', occurrence: '2026-12-08T18:00:00Z' })
      .expect(204);
    expect(starts(await between(ada, from, to))).toEqual([
      '2026-12-01T18:00:00.000Z',
      '2026-12-15T18:00:00.000Z',
      '2026-12-22T18:00:00.000Z',
    ]);
    await ada
      .delete(`/api/events/${series.id}`)
      .query({ scope: 'following', occurrence: '2026-12-15T18:00:00Z' })
      .expect(204);
    expect(starts(await between(ada, from, to))).toEqual(['2026-12-01T18:00:00.000Z']);
    await ada.delete(`/api/events/${series.id}`).expect(204);
    expect(await between(ada, from, to)).toEqual([]);
  });

  it('answers 400 for an occurrence the series does not have, or a scope without one, and 404 for another user', async () => {
    expect(
      message(
        await ada
          .patch(`/api/events/${series.id}`)
          .query({ scope: 'this', occurrence: '2026-12-08T18:30:00Z' })
          .send({ title: 'x' })
          .expect(400),
      ),
    ).toBe('This event does not happen at that time');
    expect(message(await ada.delete(`/api/events/${series.id}`).query({ scope: 'this' }).expect(400))).toBe(
      'Say which occurrence to change',
    );
    expect(message(await ada.delete(`/api/events/${series.id}`).query({ scope: 'some' }).expect(400))).toBe(
      'Scope must be one of this, following or all',
    );
    const bob = await newUser('UTC');
    await bob
      .patch(`/api/events/${series.id}`)
      .query({ scope: 'this', occurrence: '2026-12-08T18:00:00Z' })
      .send({ title: 'mine now' })
      .expect(404);
    await bob.delete(`/api/events/${series.id}`).query({ scope: 'all' }).expect(404);
    expect(await between(bob, from, to)).toEqual([]);
  });
});

describe('repeat rules and reminders in requests', () => {
  it('refuses a rule it cannot repeat by, with a readable message', async () => {
    const ada = await newUser('UTC');
    const base = { title: 'x', startTime: '2026-12-01T10:00:00Z', endTime: '2026-12-01T11:00:00Z' };
    expect(
      message(
        await ada
          .post('/api/events')
          .send({ ...base, recurrence: 'FREQ=HOURLY' })
          .expect(400),
      ),
    ).toBe('Repeat frequency must be daily, weekly, monthly or yearly');
    expect(
      message(
        await ada
          .post('/api/events')
          .send({ ...base, timezone: 'Mars/Olympus' })
          .expect(400),
      ),
    ).toBe('Timezone must be a valid IANA zone name');
    expect(
      message(
        await ada
          .post('/api/events')
          .send({ ...base, reminders: [-5] })
          .expect(400),
      ),
    ).toBe('Reminder must not be after the start');
    const saved = await create(ada, { ...base, recurrence: 'RRULE:freq=monthly;byday=-1fr', reminders: [10, 1440] });
    expect(saved).toMatchObject({ recurrence: 'FREQ=MONTHLY;BYDAY=-1FR', reminders: [10, 1440] });
  });

  it('turns a single event into a series and back', async () => {
    const ada = await newUser('Europe/Paris');
    const single = await create(ada, {
      title: 'Standup',
      startTime: '2026-12-07T08:00:00Z',
      endTime: '2026-12-07T08:15:00Z',
    });
    expect(single).toMatchObject({ recurrence: null, timezone: null });
    const series = (await ada.patch(`/api/events/${single.id}`).send({ recurrence: 'FREQ=DAILY;COUNT=3' }).expect(200))
      .body as CalendarEvent;
    expect(series).toMatchObject({ recurrence: 'FREQ=DAILY;COUNT=3', timezone: 'Europe/Paris' });
    expect(await between(ada, '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z')).toHaveLength(3);
    await ada.patch(`/api/events/${single.id}`).send({ recurrence: null }).expect(200);
    expect(await between(ada, '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z')).toHaveLength(1);
  });
});

describe('time blocks', () => {
  it("link to the user's task and show it done once the task is completed", async () => {
    const ada = await newUser('UTC');
    const task = (await ada.post('/api/tasks').send({ title: 'Write the report' }).expect(201)).body as Task;
    const block = await create(ada, {
      title: task.title,
      type: 'appointment',
      startTime: '2026-12-03T09:00:00Z',
      endTime: '2026-12-03T10:00:00Z',
      taskId: task.id,
    });
    expect(block).toMatchObject({ taskId: task.id, taskStatus: 'pending' });
    await ada.patch(`/api/tasks/${task.id}`).send({ status: 'completed' }).expect(200);
    const [listed] = await between(ada, '2026-12-03T00:00:00Z', '2026-12-04T00:00:00Z');
    expect(listed).toMatchObject({ id: block.id, taskId: task.id, taskStatus: 'completed' });

    const bob = await newUser('UTC');
    expect(
      message(
        await bob
          .post('/api/events')
          .send({ title: 'x', startTime: '2026-12-03T09:00:00Z', endTime: '2026-12-03T10:00:00Z', taskId: task.id })
          .expect(404),
      ),
    ).toBe('Task not found');

    // The block outlives its task, unlinked.
    await ada.delete(`/api/tasks/${task.id}`).expect(204);
    const [after] = await between(ada, '2026-12-03T00:00:00Z', '2026-12-04T00:00:00Z');
    expect(after).toMatchObject({ id: block.id, taskId: null, taskStatus: null });
  });
});

describe('the dashboard and the feed', () => {
  it("show today's occurrence of a daily event on the schedule card", async () => {
    const ada = await newUser('Asia/Tokyo');
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const startTime = new Date(Math.floor(yesterday.getTime() / 3.6e6) * 3.6e6).toISOString();
    const series = await create(ada, {
      title: 'Daily review',
      startTime,
      endTime: new Date(Date.parse(startTime) + 1.8e6).toISOString(),
      recurrence: 'FREQ=DAILY',
    });
    const { modules } = (await ada.get('/api/dashboard').expect(200)).body as {
      modules: { organiser: OrganiserDashboard };
    };
    const today = modules.organiser.todayEvents;
    expect(today.map((e) => [e.id, e.title, e.recurringEventId])).toEqual([[series.id, 'Daily review', series.id]]);
    expect(Date.parse(today[0].startTime)).toBe(Date.parse(startTime) + 24 * 60 * 60 * 1000);
  });

  it('lists occurrences from a year ago to a year ahead when no range is given', async () => {
    const ada = await newUser('UTC');
    await create(ada, {
      title: 'Monthly report',
      startTime: '2020-01-01T09:00:00Z',
      endTime: '2020-01-01T10:00:00Z',
      recurrence: 'FREQ=MONTHLY',
    });
    const all = (await ada.get('/api/events').expect(200)).body as CalendarEvent[];
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(all.length).toBeLessThanOrEqual(26);
    const year = 366 * 24 * 60 * 60 * 1000;
    expect(all.every((e) => Math.abs(Date.parse(e.startTime) - Date.now()) <= year + 31 * 24 * 60 * 60 * 1000)).toBe(
      true,
    );
  });
});
