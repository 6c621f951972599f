// The Travel Planner's calls over HTTP (spec §7, DECISIONS §Identity): validation with the contract's
// messages, the user-id path rule, every editor, the edit check (409) on today's date, booking,
// regenerating, deleting and the header search. No job workers: a created plan stays pending until
// a test runs its generation in this process (generate() below, the job's own handler); the job
// under real workers has its own suite, travel-generation.e2e-spec.ts.
import {
  breakdownSum,
  localDate,
  type SearchResponse,
  TRAVEL_LIMITS,
  TRAVEL_MESSAGES,
  type TravelPlan,
  tripDates,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AiService } from '../ai/ai.service';
import type { JobContext } from '../jobs/job-definition';
import { TravelGenerationService } from './travel-generation.service';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  // Many people sign up here: more than a real visitor's 20 a minute.
  t = await createTestApp({ env: { JOBS_WORKERS: 'false', AUTH_REGISTER_RATE_LIMIT: '1000' } });
  db = t.app.get<DataSource>(getDataSourceToken());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function user(): Promise<{ agent: Agent; id: number }> {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
}

/** A date `offset` days from today (UTC: these users saved no profile timezone). */
const day = (offset: number) => localDate(new Date(Date.now() + offset * 86_400_000), 'UTC');

const tripBody = (overrides: Record<string, unknown> = {}) => ({
  destination: 'Lisbon, Portugal',
  startDate: day(30),
  endDate: day(32),
  preferences: { budget: '', interests: ['food', 'history'], travelStyle: 'moderate', groupSize: 2 },
  ...overrides,
});

const create = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/travel/create').send(body);

async function createPlan(agent: Agent, overrides: Record<string, unknown> = {}): Promise<TravelPlan> {
  return (await create(agent, tripBody(overrides)).expect(201)).body as TravelPlan;
}

async function listOf(agent: Agent): Promise<TravelPlan[]> {
  const me = (await agent.get('/api/auth/user').expect(200)).body.id as number;
  return (await agent.get(`/api/travel/${me}`).expect(200)).body as TravelPlan[];
}

async function planOf(agent: Agent, id: number): Promise<TravelPlan | undefined> {
  return (await listOf(agent)).find((plan) => plan.id === id);
}

const context = (): JobContext => ({
  jobId: 'test',
  attempt: 1,
  lastAttempt: true,
  signal: new AbortController().signal,
  progress: () => {},
  log: () => {},
});

/** Runs the plan's generation as a worker would (the job's handler), in this process. */
async function generate(agent: Agent, id: number): Promise<TravelPlan> {
  await t.app.get(TravelGenerationService).run({ planId: id }, context());
  return (await planOf(agent, id))!;
}

/** A plan whose generation has finished. */
async function generatedPlan(agent: Agent, overrides: Record<string, unknown> = {}): Promise<TravelPlan> {
  return generate(agent, (await createPlan(agent, overrides)).id);
}

const runOf = async (id: number) =>
  ((await db.query(`SELECT run FROM travel_plans WHERE id = $1`, [id])) as { run: number }[])[0].run;

const ITINERARY = {
  timeline: [
    { day: 'Day 1', date: '2030-01-01', title: 'Mine', morning: 'Coffee', afternoon: 'Walk', evening: 'Dinner' },
  ],
};
const EXPENSES = { categories: { Food: [{ description: 'Lunch', amount: 12.5, date: '2030-01-01' }] } };
const CHECKLIST = { Documents: [{ item: 'Passport', completed: false, required: true }] };
const BUDGET = { budget: 1500, budgetBreakdown: { accommodation: 900, food: 600 } };

/** Every edit the spec's edit check guards, with a valid body. */
const GUARDED_EDITS: [string, (agent: Agent, id: number) => request.Test][] = [
  ['PATCH /api/travel/:id', (agent, id) => agent.patch(`/api/travel/${id}`).send({ destination: 'Porto' })],
  ['DELETE /api/travel/:id', (agent, id) => agent.delete(`/api/travel/${id}`)],
  [
    'PATCH /api/travel/:id/itinerary',
    (agent, id) => agent.patch(`/api/travel/${id}/itinerary`).send({ itinerary: ITINERARY }),
  ],
  [
    'PATCH /api/travel/:id/expenses',
    (agent, id) => agent.patch(`/api/travel/${id}/expenses`).send({ expenses: EXPENSES }),
  ],
  [
    'PATCH /api/travel/:id/checklist',
    (agent, id) => agent.patch(`/api/travel/${id}/checklist`).send({ checklist: CHECKLIST }),
  ],
  ['PATCH /api/travel/:id/budget', (agent, id) => agent.patch(`/api/travel/${id}/budget`).send(BUDGET)],
  ['POST /api/travel/:id/regenerate', (agent, id) => agent.post(`/api/travel/${id}/regenerate`)],
];

describe('POST /api/travel/create', () => {
  it('saves the plan with its generation pending, the budget from the text, and lists it for its owner', async () => {
    const { agent, id } = await user();
    const response = await create(agent, {
      userId: id,
      destination: '  Kyoto  ',
      startDate: day(40),
      endDate: day(44),
      preferences: {
        budget: '$3,000 total',
        interests: [' temples ', 'food', 'Food'],
        travelStyle: 'cultural',
        groupSize: 2,
      },
    }).expect(201);
    const plan = response.body as TravelPlan;
    expect(plan).toMatchObject({
      userId: id,
      destination: 'Kyoto',
      startDate: day(40),
      endDate: day(44),
      status: 'planning',
      editable: true,
      preferences: { budget: '$3,000 total', interests: ['temples', 'food'], travelStyle: 'cultural', groupSize: 2 },
      budget: 3000,
      budgetBreakdown: null,
      itinerary: null,
      checklist: null,
      recommendations: null,
      expenses: { total: 0, categories: {} },
      generation: { status: 'pending', progress: 0, stage: 'Waiting to start', error: null, method: null },
    });
    expect(await listOf(agent)).toEqual([plan]);
  });

  it("takes the spec's defaults: group of 1, moderate, no interests, no budget", async () => {
    const { agent } = await user();
    const plan = (await create(agent, { destination: 'Oslo', startDate: day(5), endDate: day(5) }).expect(201))
      .body as TravelPlan;
    expect(plan).toMatchObject({
      preferences: { budget: null, interests: [], travelStyle: 'moderate', groupSize: 1 },
      budget: null,
    });
  });

  it.each([
    [{ destination: undefined }, TRAVEL_MESSAGES.destinationRequired],
    [{ destination: '   ' }, TRAVEL_MESSAGES.destinationRequired],
    [{ startDate: undefined }, TRAVEL_MESSAGES.startDateRequired],
    [{ startDate: '' }, TRAVEL_MESSAGES.startDateRequired],
    [{ endDate: undefined }, TRAVEL_MESSAGES.endDateRequired],
    [{ startDate: '2030-02-10', endDate: '2030-02-09' }, TRAVEL_MESSAGES.endBeforeStart],
    [{ startDate: '2030-01-01', endDate: '2030-06-01' }, TRAVEL_MESSAGES.tripTooLong],
    [{ startDate: '2030-02-30' }, 'Start date must be a date (YYYY-MM-DD)'],
    [
      { destination: 'x'.repeat(TRAVEL_LIMITS.destinationMax + 1) },
      `Destination must be at most ${TRAVEL_LIMITS.destinationMax} characters`,
    ],
    [{ preferences: { travelStyle: 'backpacking' } }, TRAVEL_MESSAGES.styleInvalid],
    [{ preferences: { groupSize: 0 } }, TRAVEL_MESSAGES.groupSizeInvalid],
    [{ preferences: { interests: ['art', ' '] } }, 'Interests must not be blank'],
  ])('answers 400 with a readable message for %j, and saves nothing', async (overrides, message) => {
    const { agent } = await user();
    const response = await create(agent, tripBody(overrides)).expect(400);
    expect(response.body.message).toContain(message);
    expect(await listOf(agent)).toEqual([]);
  });

  it("refuses another user's id in the body with 403 and saves nothing", async () => {
    const a = await user();
    const b = await user();
    expect((await create(b.agent, tripBody({ userId: a.id })).expect(403)).body).toEqual({
      message: TRAVEL_MESSAGES.otherUserCreate,
    });
    expect(await listOf(a.agent)).toEqual([]);
    expect(await listOf(b.agent)).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await request(t.http).post('/api/travel/create').send(tripBody()).expect(401)).body).toEqual({
      message: 'Unauthorized',
    });
  });
});

describe('GET /api/travel/:userId', () => {
  it("answers 403 for another user's id, and lists only the user's own plans by start date, then in creation order", async () => {
    const a = await user();
    const b = await user();
    const later = await createPlan(a.agent, { startDate: day(60), endDate: day(61) });
    const sooner = await createPlan(a.agent, { startDate: day(10), endDate: day(12) });
    const sameDay = await createPlan(a.agent, { startDate: day(10), endDate: day(11) });
    await createPlan(b.agent);
    expect((await b.agent.get(`/api/travel/${a.id}`).expect(403)).body).toEqual({ message: TRAVEL_MESSAGES.otherUser });
    expect((await listOf(a.agent)).map((plan) => plan.id)).toEqual([sooner.id, sameDay.id, later.id]);
  });

  it('answers 400 for a user id that is not a number', async () => {
    const { agent } = await user();
    expect((await agent.get('/api/travel/me').expect(400)).body).toEqual({
      message: 'User id must be a positive whole number',
    });
  });
});

describe('the generation', () => {
  it('writes one itinerary day per date, a breakdown that sums to the estimate, a checklist and recommendations', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent, {
      destination: 'Sydney',
      startDate: '2030-12-20',
      endDate: '2030-12-29',
      preferences: { interests: ['beach', 'Birdsong recording'] },
    });
    expect(plan.generation).toEqual({
      status: 'completed',
      progress: 100,
      stage: null,
      error: null,
      method: 'offline:template:travel.plan',
    });
    expect(plan.itinerary!.timeline!.map((d) => d.date)).toEqual(tripDates('2030-12-20', '2030-12-29'));
    // Issue 25: an interest the planner knows nothing about is left out, not written as filler.
    const lines = plan.itinerary!.timeline!.map((d) => [d.morning, d.afternoon, d.evening].join(' ')).join(' ');
    expect(lines).not.toMatch(/Birdsong|Time for/);
    expect(lines).toMatch(/beach|swim/i);
    // No budget set: the user's stays null, the estimate is answered apart and labelled in the recommendations.
    expect(plan.budget).toBeNull();
    expect(plan.estimatedBudget).toBeGreaterThan(0);
    expect(breakdownSum(plan.budgetBreakdown)).toBe(plan.estimatedBudget);
    // Keys come back in the order written (the columns are json, not jsonb).
    expect(Object.keys(plan.budgetBreakdown!)).toEqual([
      'accommodation',
      'food',
      'localTransport',
      'activities',
      'miscellaneous',
    ]);
    expect(Object.keys(plan.checklist!)).toEqual(['Documents', 'Packing', 'Health', 'Bookings']);
    expect(plan.checklist!.Packing.map((item) => item.item)).toEqual(expect.arrayContaining(['Swimwear', 'Sunscreen']));
    expect(plan.recommendations).toMatchObject({
      attractions: [],
      restaurants: [],
      weather: {
        season: 'summer',
        seasonalPacking: expect.arrayContaining(['Check the forecast for Sydney a few days before you leave']),
      },
      budget: { estimatedTotal: plan.estimatedBudget, dailyBudget: Math.round(plan.estimatedBudget! / 10) },
    });
  });

  it("splits the user's own budget, so the breakdown sums to it exactly", async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent, { preferences: { budget: '$2,345.50' } });
    expect(plan.budget).toBe(2345.5);
    expect(plan.estimatedBudget).toBeNull();
    expect(breakdownSum(plan.budgetBreakdown)).toBe(2345.5);
  });

  it('tells the user the plan is ready, with the destination', async () => {
    const { agent } = await user();
    await generatedPlan(agent, { destination: 'Reykjavik' });
    const notifications = (await agent.get('/api/notifications').expect(200)).body.items as {
      title: string;
      link: string;
    }[];
    expect(notifications).toContainEqual(
      expect.objectContaining({ title: 'Your trip to Reykjavik is ready', link: '/travel' }),
    );
  });

  it('does nothing for a plan deleted before its job ran', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent);
    await agent.delete(`/api/travel/${plan.id}`).expect(204);
    await expect(t.app.get(TravelGenerationService).run({ planId: plan.id }, context())).resolves.toBeUndefined();
  });

  it('never lets a superseded run write: details edited mid-generation start a new run, which the next job writes', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent, { destination: 'Rome', startDate: day(20), endDate: day(22) });
    const ai = t.app.get(AiService);
    const real = ai.generateWithMethod.bind(ai);
    // While the first run asks for its itinerary, the user changes the trip.
    const spy = jest.spyOn(ai, 'generateWithMethod').mockImplementation(async (task, ...rest) => {
      if (task === 'travel.itinerary' && spy.mock.calls.filter(([name]) => name === task).length === 1) {
        await agent
          .patch(`/api/travel/${plan.id}`)
          .send({ destination: 'Naples', endDate: day(23) })
          .expect(200);
      }
      return real(task, ...rest);
    });
    try {
      await t.app.get(TravelGenerationService).run({ planId: plan.id }, context());
    } finally {
      spy.mockRestore();
    }
    const afterOldRun = (await planOf(agent, plan.id))!;
    expect(afterOldRun).toMatchObject({
      destination: 'Naples',
      itinerary: null,
      generation: { status: 'pending', stage: 'Waiting to start' },
    });
    expect(await runOf(plan.id)).toBe(2);

    const done = await generate(agent, plan.id);
    expect(done.generation.status).toBe('completed');
    expect(done.itinerary!.timeline).toHaveLength(4);
    expect(done.itinerary!.timeline![0].morning).toContain('Naples');
  });
});

describe('PATCH /api/travel/:id', () => {
  it("edits the trip's details; a new budget text with a number becomes the budget, the breakdown stays", async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const breakdown = plan.budgetBreakdown;
    const edited = (
      await agent
        .patch(`/api/travel/${plan.id}`)
        .send({
          destination: 'Porto',
          endDate: day(33),
          preferences: { budget: 'About $4,000', interests: ['wine'], travelStyle: 'luxury', groupSize: 3 },
        })
        .expect(200)
    ).body as TravelPlan;
    expect(edited).toMatchObject({
      destination: 'Porto',
      startDate: plan.startDate,
      endDate: day(33),
      preferences: { budget: 'About $4,000', interests: ['wine'], travelStyle: 'luxury', groupSize: 3 },
      budget: 4000,
      budgetBreakdown: breakdown,
      generation: { status: 'completed' },
    });
    expect(await planOf(agent, plan.id)).toEqual(edited);
  });

  it('keeps the budget when the budget text has no number or did not change', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const edited = (
      await agent
        .patch(`/api/travel/${plan.id}`)
        .send({ preferences: { budget: 'flexible' } })
        .expect(200)
    ).body as TravelPlan;
    expect(edited.budget).toBe(plan.budget);
  });

  it('checks one date sent against the stored other one', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent, { startDate: day(30), endDate: day(32) });
    expect(
      (
        await agent
          .patch(`/api/travel/${plan.id}`)
          .send({ endDate: day(29) })
          .expect(400)
      ).body,
    ).toEqual({ message: TRAVEL_MESSAGES.endBeforeStart });
    expect(
      (
        await agent
          .patch(`/api/travel/${plan.id}`)
          .send({ startDate: day(33) })
          .expect(400)
      ).body,
    ).toEqual({ message: TRAVEL_MESSAGES.endBeforeStart });
    expect(
      (
        await agent
          .patch(`/api/travel/${plan.id}`)
          .send({ startDate: day(-100) })
          .expect(400)
      ).body,
    ).toEqual({ message: TRAVEL_MESSAGES.tripTooLong });
    expect(
      (
        await agent
          .patch(`/api/travel/${plan.id}`)
          .send({ startDate: day(29), endDate: day(28) })
          .expect(400)
      ).body.message,
    ).toBe(TRAVEL_MESSAGES.endBeforeStart);
    expect(await planOf(agent, plan.id)).toEqual(plan);
  });

  it('refuses an empty change and a body without any field', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent);
    expect((await agent.patch(`/api/travel/${plan.id}`).send({}).expect(400)).body.message).toBe(
      'Send a field to change',
    );
  });

  it('starts the generation again with the new details while it has not finished', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent, { preferences: { budget: '$1,000' } });
    const edited = (
      await agent
        .patch(`/api/travel/${plan.id}`)
        .send({ destination: 'Madrid', preferences: { budget: '$1,200' } })
        .expect(200)
    ).body as TravelPlan;
    expect(edited).toMatchObject({
      destination: 'Madrid',
      budget: 1200,
      generation: { status: 'pending', progress: 0 },
    });
    expect(await runOf(plan.id)).toBe(2);
  });

  it("refuses another user's id in the body with 403", async () => {
    const a = await user();
    const b = await user();
    const plan = await createPlan(b.agent);
    expect(
      (await b.agent.patch(`/api/travel/${plan.id}`).send({ userId: a.id, destination: 'Nowhere' }).expect(403)).body,
    ).toEqual({ message: TRAVEL_MESSAGES.otherUserUpdate });
  });
});

describe('the editors', () => {
  it('replaces the itinerary', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const edited = (await agent.patch(`/api/travel/${plan.id}/itinerary`).send({ itinerary: ITINERARY }).expect(200))
      .body as TravelPlan;
    expect(edited.itinerary).toEqual(ITINERARY);
    expect((await planOf(agent, plan.id))!.itinerary).toEqual(ITINERARY);
  });

  it('replaces the expenses with the total computed by the server, whatever total was sent', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const expenses = {
      total: 999_999,
      categories: {
        'Local Transport': [{ description: 'Metro pass', amount: 0.1, date: '2030-01-02' }],
        Food: [
          { description: 'Lunch', amount: 12.1, date: '2030-01-01' },
          { description: 'Dinner', amount: 30.2, date: '2030-01-01' },
        ],
      },
    };
    const edited = (await agent.patch(`/api/travel/${plan.id}/expenses`).send({ expenses }).expect(200))
      .body as TravelPlan;
    expect(edited.expenses).toEqual({ total: 42.4, categories: expenses.categories });
    expect(Object.keys((await planOf(agent, plan.id))!.expenses.categories)).toEqual(['Local Transport', 'Food']);
    expect((await planOf(agent, plan.id))!.expenses.total).toBe(42.4);
  });

  it('replaces the checklist', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const edited = (
      await agent
        .patch(`/api/travel/${plan.id}/checklist`)
        .send({ checklist: { Extras: [{ item: 'Umbrella' }] } })
        .expect(200)
    ).body as TravelPlan;
    expect(edited.checklist).toEqual({ Extras: [{ item: 'Umbrella', completed: false, required: false }] });
  });

  it('replaces the budget and its breakdown (the total keys are not categories)', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const edited = (
      await agent
        .patch(`/api/travel/${plan.id}/budget`)
        .send({ budget: 2500, budgetBreakdown: { accommodation: 1200, food: 800, total: 2500, totalBudget: 2500 } })
        .expect(200)
    ).body as TravelPlan;
    expect(edited).toMatchObject({ budget: 2500, budgetBreakdown: { accommodation: 1200, food: 800 } });
  });

  it('ticks one checklist item, leaving the others, and unticks it', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const ticked = (
      await agent
        .patch(`/api/travel/${plan.id}/checklist/item`)
        .send({ category: 'Documents', itemIndex: 1, completed: true })
        .expect(200)
    ).body as TravelPlan;
    expect(ticked.checklist!.Documents.map((item) => item.completed)).toEqual(
      plan.checklist!.Documents.map((_, index) => index === 1),
    );
    expect(ticked.checklist!.Packing).toEqual(plan.checklist!.Packing);
    const unticked = (
      await agent
        .patch(`/api/travel/${plan.id}/checklist/item`)
        .send({ category: 'Documents', itemIndex: 1, completed: false })
        .expect(200)
    ).body as TravelPlan;
    expect(unticked.checklist).toEqual(plan.checklist);
  });

  it('answers 404 for a checklist item that is not there', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const toggle = (body: object) => agent.patch(`/api/travel/${plan.id}/checklist/item`).send(body);
    expect(
      (
        await toggle({ category: 'Documents', itemIndex: plan.checklist!.Documents.length, completed: true }).expect(
          404,
        )
      ).body,
    ).toEqual({ message: TRAVEL_MESSAGES.checklistItemNotFound });
    expect((await toggle({ category: 'Snacks', itemIndex: 0, completed: true }).expect(404)).body).toEqual({
      message: TRAVEL_MESSAGES.checklistItemNotFound,
    });
    expect((await toggle({ category: 'constructor', itemIndex: 0, completed: true }).expect(404)).body).toEqual({
      message: TRAVEL_MESSAGES.checklistItemNotFound,
    });
    const pending = await createPlan(agent);
    expect(
      (
        await agent
          .patch(`/api/travel/${pending.id}/checklist/item`)
          .send({ category: 'Documents', itemIndex: 0, completed: true })
          .expect(404)
      ).body,
    ).toEqual({
      message: TRAVEL_MESSAGES.checklistItemNotFound,
    });
  });

  it.each([
    ['itinerary', { itinerary: { timeline: [], extra: 1 } }, 'Unrecognized key'],
    [
      'itinerary',
      { itinerary: { days: [{ day: 'Day 1', activities: [{ activity: ' ' }] }] } },
      TRAVEL_MESSAGES.activityRequired,
    ],
    [
      'expenses',
      { expenses: { categories: { Food: [{ amount: -1, date: '2030-01-01' }] } } },
      TRAVEL_MESSAGES.amountInvalid,
    ],
    ['expenses', { expenses: { categories: { ' ': [] } } }, TRAVEL_MESSAGES.categoryRequired],
    ['checklist', { checklist: { Documents: [{ item: '' }] } }, TRAVEL_MESSAGES.itemRequired],
    ['budget', { budget: -5, budgetBreakdown: {} }, TRAVEL_MESSAGES.amountInvalid],
    ['checklist/item', { category: 'Documents', completed: true }, 'itemIndex must be a whole number of at least 0'],
    ['status', { status: 'ongoing' }, "Status must be 'planning' or 'booked'"],
  ])('PATCH %s answers 400 for %j', async (part, body, message) => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    expect((await agent.patch(`/api/travel/${plan.id}/${part}`).send(body).expect(400)).body.message).toContain(
      message,
    );
    expect(await planOf(agent, plan.id)).toEqual(plan);
  });
});

describe('while the generation is running', () => {
  it.each([
    ['itinerary', { itinerary: ITINERARY }],
    ['checklist', { checklist: CHECKLIST }],
    ['budget', BUDGET],
  ])('refuses PATCH %s with 409 (the job writes it)', async (part, body) => {
    const { agent } = await user();
    const plan = await createPlan(agent);
    for (const status of ['pending', 'in_progress']) {
      await db.query(`UPDATE travel_plans SET "generationStatus" = $2 WHERE id = $1`, [plan.id, status]);
      expect((await agent.patch(`/api/travel/${plan.id}/${part}`).send(body).expect(409)).body).toEqual({
        message: TRAVEL_MESSAGES.stillGenerating,
      });
    }
  });

  it('takes the expenses (the job never writes them), and the generation keeps them', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent);
    await agent.patch(`/api/travel/${plan.id}/expenses`).send({ expenses: EXPENSES }).expect(200);
    const done = await generate(agent, plan.id);
    expect(done.expenses).toEqual({ total: 12.5, categories: EXPENSES.categories });
  });
});

describe('the edit check (409)', () => {
  it.each(GUARDED_EDITS)('refuses %s on a completed trip (its end date is past)', async (_route, call) => {
    const { agent } = await user();
    const plan = await generatedPlan(agent, { startDate: day(-10), endDate: day(-1) });
    expect(plan).toMatchObject({ status: 'completed', editable: false });
    expect((await call(agent, plan.id).expect(409)).body).toEqual({ message: TRAVEL_MESSAGES.notEditable });
    expect(await planOf(agent, plan.id)).toEqual(plan);
  });

  it.each(GUARDED_EDITS)('refuses %s on a booked trip', async (_route, call) => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    const booked = (await agent.patch(`/api/travel/${plan.id}/status`).send({ status: 'booked' }).expect(200))
      .body as TravelPlan;
    expect(booked).toMatchObject({ status: 'booked', editable: false });
    expect((await call(agent, plan.id).expect(409)).body).toEqual({ message: TRAVEL_MESSAGES.notEditable });
    expect(await planOf(agent, plan.id)).toEqual(booked);
  });

  it.each([
    ['started yesterday and ends tomorrow', -1, 1],
    ['ends today', -2, 0],
    ['is a day trip today', 0, 0],
  ])('lets the user edit a trip under way that %s', async (_name, start, end) => {
    const { agent } = await user();
    const plan = await generatedPlan(agent, { startDate: day(start), endDate: day(end) });
    expect(plan).toMatchObject({ status: 'ongoing', editable: true });
    for (const [route, call] of GUARDED_EDITS.filter(
      ([route]) => !route.startsWith('DELETE') && !route.endsWith('regenerate'),
    )) {
      const response = await call(agent, plan.id);
      expect({ route, status: response.status }).toEqual({ route, status: 200 });
    }
  });

  it('still ticks checklist items on a completed trip (the checklist is used on the way)', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent, { startDate: day(-10), endDate: day(-1) });
    const ticked = (
      await agent
        .patch(`/api/travel/${plan.id}/checklist/item`)
        .send({ category: 'Packing', itemIndex: 0, completed: true })
        .expect(200)
    ).body as TravelPlan;
    expect(ticked.checklist!.Packing[0].completed).toBe(true);
  });

  it("follows today in the user's profile timezone", async () => {
    // A trip ending on Los Angeles' today: still under way there; in Tokyo, whose date is a day
    // ahead for most of the day, it may already be over.
    const endDate = localDate(new Date(), 'America/Los_Angeles');
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo']) {
      const { agent } = await user();
      await agent.patch('/api/profile').send({ timezone: zone }).expect(200);
      const plan = await createPlan(agent, {
        startDate: new Date(Date.parse(endDate) - 2 * 86_400_000).toISOString().slice(0, 10),
        endDate,
      });
      const over = localDate(new Date(), zone) > endDate;
      expect({ zone, status: plan.status, editable: plan.editable }).toEqual({
        zone,
        status: over ? 'completed' : 'ongoing',
        editable: !over,
      });
    }
  });
});

describe('PATCH /api/travel/:id/status', () => {
  it('marks a trip booked and back to planning before it starts', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent);
    expect(
      (await agent.patch(`/api/travel/${plan.id}/status`).send({ status: 'booked' }).expect(200)).body,
    ).toMatchObject({ status: 'booked', editable: false });
    expect(
      (await agent.patch(`/api/travel/${plan.id}/status`).send({ status: 'planning' }).expect(200)).body,
    ).toMatchObject({ status: 'planning', editable: true });
  });

  it.each([
    ['under way', -1, 1],
    ['completed', -5, -2],
  ])('answers 409 once the trip is %s: the dates decide', async (_name, start, end) => {
    const { agent } = await user();
    const plan = await createPlan(agent, { startDate: day(start), endDate: day(end) });
    expect((await agent.patch(`/api/travel/${plan.id}/status`).send({ status: 'booked' }).expect(409)).body).toEqual({
      message: TRAVEL_MESSAGES.statusLocked,
    });
  });
});

describe('POST /api/travel/:id/regenerate', () => {
  it('clears the generated parts and writes them again, keeping the expenses', async () => {
    const { agent } = await user();
    const plan = await generatedPlan(agent);
    await agent.patch(`/api/travel/${plan.id}/expenses`).send({ expenses: EXPENSES }).expect(200);
    await agent
      .patch(`/api/travel/${plan.id}/checklist/item`)
      .send({ category: 'Documents', itemIndex: 0, completed: true })
      .expect(200);
    const pending = (await agent.post(`/api/travel/${plan.id}/regenerate`).expect(200)).body as TravelPlan;
    expect(pending).toMatchObject({
      budget: null,
      budgetBreakdown: null,
      itinerary: null,
      checklist: null,
      recommendations: null,
      expenses: { total: 12.5 },
      generation: { status: 'pending', progress: 0, stage: 'Waiting to start', error: null, method: null },
    });
    expect(await runOf(plan.id)).toBe(2);
    const done = await generate(agent, plan.id);
    expect(done).toMatchObject({
      generation: { status: 'completed' },
      expenses: { total: 12.5 },
      itinerary: plan.itinerary,
      budget: plan.budget,
    });
    expect(done.checklist!.Documents[0].completed).toBe(false);
  });
});

describe('DELETE /api/travel/:id', () => {
  it('deletes the plan: 204, gone from the list, then 404', async () => {
    const { agent } = await user();
    const plan = await createPlan(agent);
    await agent.delete(`/api/travel/${plan.id}`).expect(204);
    expect(await listOf(agent)).toEqual([]);
    expect((await agent.delete(`/api/travel/${plan.id}`).expect(404)).body).toEqual({
      message: TRAVEL_MESSAGES.notFound,
    });
  });
});

describe("another user's plan", () => {
  it('answers 404, exactly as a missing one, and stays unchanged', async () => {
    const a = await user();
    const b = await user();
    const plan = await generatedPlan(a.agent);
    for (const [route, call] of GUARDED_EDITS) {
      const response = await call(b.agent, plan.id);
      expect({ route, status: response.status, body: response.body }).toEqual({
        route,
        status: 404,
        body: { message: TRAVEL_MESSAGES.notFound },
      });
    }
    expect(
      (
        await b.agent
          .patch(`/api/travel/${plan.id}/checklist/item`)
          .send({ category: 'Documents', itemIndex: 0, completed: true })
          .expect(404)
      ).body,
    ).toEqual({
      message: TRAVEL_MESSAGES.notFound,
    });
    expect((await b.agent.patch(`/api/travel/${plan.id}/status`).send({ status: 'booked' }).expect(404)).body).toEqual({
      message: TRAVEL_MESSAGES.notFound,
    });
    expect(await planOf(a.agent, plan.id)).toEqual(plan);
  });
});

describe('the header search', () => {
  it("finds the user's plans by destination, linking to the Travel Planner", async () => {
    const a = await user();
    const b = await user();
    const plan = await createPlan(a.agent, {
      destination: 'Marrakech, Morocco',
      startDate: '2030-03-01',
      endDate: '2030-03-05',
    });
    await createPlan(b.agent, { destination: 'Marrakech' });
    const response = (await a.agent.get('/api/search').query({ q: 'marrak' }).expect(200)).body as SearchResponse;
    expect(response.results.filter((result) => result.module === 'travel')).toEqual([
      expect.objectContaining({
        type: 'travel-plan',
        id: plan.id,
        title: 'Marrakech, Morocco',
        snippet: '2030-03-01 to 2030-03-05',
        link: '/travel',
      }),
    ]);
  });
});
