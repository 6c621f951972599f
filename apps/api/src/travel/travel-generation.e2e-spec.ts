// A travel plan's generation as a user meets it, with real job workers: a plan created over HTTP
// is written by the 'travel.generate' job (offline engine) with progress pushed live on the
// stream, the user is notified, and a regeneration writes it again. travel.e2e-spec.ts covers the
// calls themselves without workers.
import {
  breakdownSum,
  localDate,
  type NotificationList,
  type StreamEvent,
  type TravelPlan,
  tripDates,
} from '@aide/contracts';
import request from 'supertest';
import { buildRegistration } from '../../test/factories';
import { baseUrlOf, SseTestClient, signUpOverHttp } from '../../test/sse-test-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';

jest.setTimeout(120_000);

interface Person {
  id: number;
  cookie: string;
}

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ...FAST_JOBS_ENV } });
  await t.app.listen(0, '127.0.0.1');
  base = baseUrlOf(t.app);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const call = (person: Person) => ({
  get: (path: string) => request(t.http).get(path).set('Cookie', person.cookie),
  post: (path: string, body: object = {}) => request(t.http).post(path).set('Cookie', person.cookie).send(body),
  patch: (path: string, body: object) => request(t.http).patch(path).set('Cookie', person.cookie).send(body),
});

const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000), 'UTC');

async function planOf(person: Person, id: number): Promise<TravelPlan> {
  const plans = (await call(person).get(`/api/travel/${person.id}`).expect(200)).body as TravelPlan[];
  const plan = plans.find((p) => p.id === id);
  if (!plan) throw new Error(`plan ${id} is gone`);
  return plan;
}

/** Polls the list, as the screen does on the stream's events, until the generation has finished. */
const generated = (person: Person, id: number) =>
  waitFor(
    async () => {
      const plan = await planOf(person, id);
      return plan.generation.status === 'completed' || plan.generation.status === 'failed' ? plan : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: `plan ${id}'s generation to finish` },
  );

it('writes the plan in the background, reporting progress on the stream, and tells the user', async () => {
  const person = await signUpOverHttp(base, buildRegistration());
  const stream = await SseTestClient.open(`${base}/api/stream`, person.cookie);
  try {
    await stream.until((c) => c.messages.some((m) => m.retry !== undefined));
    const startDate = day(20);
    const endDate = day(26);
    const created = (
      await call(person)
        .post('/api/travel/create', {
          userId: person.id,
          destination: 'Cape Town, South Africa',
          startDate,
          endDate,
          preferences: { budget: '', interests: ['hiking', 'wine'], travelStyle: 'adventure', groupSize: 3 },
        })
        .expect(201)
    ).body as TravelPlan;
    expect(created.generation).toMatchObject({ status: 'pending', progress: 0 });

    const plan = await generated(person, created.id);
    expect(plan.generation).toEqual({
      status: 'completed',
      progress: 100,
      stage: null,
      error: null,
      method: 'offline:template:travel.plan',
    });
    expect(plan.itinerary!.timeline!.map((d) => d.date)).toEqual(tripDates(startDate, endDate));
    expect(plan.itinerary!.timeline![0].title).toBe('Arrival');
    expect(plan.itinerary!.timeline!.at(-1)!.title).toBe('Departure');
    // No budget set: the estimate is answered apart from the user's budget (issue 25).
    expect(plan.budget).toBeNull();
    expect(plan.estimatedBudget).toBeGreaterThan(0);
    expect(breakdownSum(plan.budgetBreakdown)).toBe(plan.estimatedBudget);
    expect(plan.checklist!.Packing.map((item) => item.item)).toContain('Hiking boots');
    expect(plan.checklist!.Bookings.map((item) => item.item)).toContain('Accommodation for 6 nights (2 rooms)');
    expect(plan.recommendations!.weather).toMatchObject({ climate: expect.stringContaining('Southern hemisphere') });
    expect(plan.expenses).toEqual({ total: 0, categories: {} });

    // The card's progress bar and the list moved with the job: progress events for the plan, and
    // the travel list invalidated.
    const events = () => stream.events;
    await stream.until(
      () =>
        events().some(
          (e) => e.type === 'job.completed' && e.entity?.type === 'travel-plan' && e.entity.id === created.id,
        ),
      30_000,
    );
    const progress = events().filter(
      (e): e is Extract<StreamEvent, { type: 'job.progress' }> =>
        e.type === 'job.progress' && e.entity?.id === created.id,
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((e) => e.invalidate.includes('/api/travel'))).toBe(true);
    expect(
      events().some(
        (e) => e.type === 'entity.changed' && e.entity?.type === 'travel-plan' && e.invalidate.includes('/api/travel'),
      ),
    ).toBe(true);

    const notifications = (await call(person).get('/api/notifications').expect(200)).body as NotificationList;
    expect(notifications.items).toContainEqual(
      expect.objectContaining({
        title: 'Your trip to Cape Town, South Africa is ready',
        body: expect.stringContaining('7-day itinerary'),
        link: '/travel',
      }),
    );
  } finally {
    stream.close();
  }
});

it('regenerates a plan: pending at once, then written again with the expenses kept', async () => {
  const person = await signUpOverHttp(base, buildRegistration());
  const created = (
    await call(person)
      .post('/api/travel/create', {
        destination: 'Tokyo',
        startDate: day(10),
        endDate: day(12),
        preferences: { budget: '$2,500', interests: ['food'] },
      })
      .expect(201)
  ).body as TravelPlan;
  const first = await generated(person, created.id);
  expect(first).toMatchObject({ budget: 2500, generation: { status: 'completed' } });
  const expenses = { categories: { Food: [{ description: 'Ramen', amount: 14, date: day(10) }] } };
  await call(person).patch(`/api/travel/${created.id}/expenses`, { expenses }).expect(200);

  // The trip grows by a day and a new budget: the regeneration plans the new details.
  await call(person)
    .patch(`/api/travel/${created.id}`, { endDate: day(13), preferences: { budget: '$3,000', interests: ['food'] } })
    .expect(200);
  const pending = (await call(person).post(`/api/travel/${created.id}/regenerate`).expect(200)).body as TravelPlan;
  expect(pending).toMatchObject({
    itinerary: null,
    checklist: null,
    budgetBreakdown: null,
    budget: 3000,
    generation: { status: 'pending' },
  });

  const again = await generated(person, created.id);
  expect(again).toMatchObject({
    budget: 3000,
    expenses: { total: 14 },
    generation: { status: 'completed', progress: 100 },
  });
  expect(again.itinerary!.timeline).toHaveLength(4);
  expect(breakdownSum(again.budgetBreakdown)).toBe(3000);
});
