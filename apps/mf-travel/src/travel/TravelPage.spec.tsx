import {
  act,
  allByText,
  button,
  byText,
  click,
  cleanup,
  mockFetch,
  renderScreen,
  route,
  settle,
  testUser,
  type,
  waitFor,
} from '@aide/testing';
import { endpointUrl } from '@aide/api-client';
import { type EndpointDefinition, TRAVEL_MESSAGES, travelEndpoints, type TravelPlan } from '@aide/contracts';
import { anItinerary, aPlan, daysFromToday, someRecommendations } from '../../test/factories';
import TravelPage from './TravelPage';

afterEach(cleanup);

/** A mockFetch route pattern: the endpoint's method and filled path. */
const routeOf = (definition: EndpointDefinition, params?: Record<string, number>) =>
  `${definition.method} ${endpointUrl(definition, params)}`;
const LIST_URL = endpointUrl(travelEndpoints.list, { userId: testUser.id });
const LIST = `GET ${LIST_URL}`;

const dialog = () =>
  document.body.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;
/** The topmost open dialog (Add Category opens over an editor). */
const topDialog = () => {
  const open = Array.from(
    document.body.querySelectorAll<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'),
  );
  return open[open.length - 1];
};
const field = (label: string) =>
  document.getElementById(byText(label, 'label').getAttribute('for')!) as HTMLInputElement;
const cardOf = (plan: TravelPlan) => document.body.querySelector<HTMLElement>(`[data-testid="plan-${plan.id}"]`)!;
const buttonsOf = (plan: TravelPlan) =>
  Array.from(cardOf(plan).querySelectorAll('.aide-travel-actions button')).map((b) => b.textContent?.trim());
const inCard = (plan: TravelPlan, text: string) =>
  Array.from(cardOf(plan).querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!;
const inDialog = (text: string, within = dialog()) =>
  Array.from(within.querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!;
const byLabel = (label: string) => document.body.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
const tile = (title: string) =>
  byText(title, '.ant-statistic-title').closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;

async function screen(plans: TravelPlan[] = []) {
  const fetch = mockFetch(route(LIST, { body: plans }));
  const rendered = renderScreen(<TravelPage />, { path: '/travel' });
  await waitFor(
    () => !document.body.querySelector('[aria-busy="true"]') && !document.body.querySelector('.ant-skeleton'),
  );
  return { ...fetch, ...rendered };
}

async function openTab(plan: TravelPlan, tab: string) {
  await click(
    Array.from(cardOf(plan).querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')).find((t) => t.textContent === tab)!,
  );
}

async function keyDown(element: HTMLElement, key: string) {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

describe('TravelPage: the list', () => {
  it("asks for the signed-in user's plans and shows the tiles: total, upcoming, total spent", async () => {
    const { calls } = await screen([
      aPlan({ expenses: { total: 1250.5, categories: {} } }),
      aPlan({
        status: 'ongoing',
        startDate: daysFromToday(-1),
        endDate: daysFromToday(3),
        expenses: { total: 100, categories: {} },
      }),
    ]);
    expect(calls[0]).toMatchObject({ method: 'GET', url: LIST_URL });
    expect(byText('Travel Planner', 'h1')).toBeTruthy();
    expect(tile('Total Trips')).toBe('2');
    expect(tile('Upcoming')).toBe('1');
    expect(tile('Total Spent')).toBe('$1,350.50');
    expect(button('Refresh')).toBeTruthy();
    expect(button('Plan New Trip')).toBeTruthy();
  });

  it('shows each card with its destination, dates, budget in USD and status badge', async () => {
    const plan = aPlan({ destination: 'Lisbon', startDate: '2027-05-01', endDate: '2027-05-07', budget: 3200 });
    await screen([plan]);
    expect(cardOf(plan).querySelector('h2')!.textContent).toBe('Lisbon');
    expect(cardOf(plan).textContent).toContain('May 1 – May 7, 2027');
    expect(cardOf(plan).querySelector('[data-testid="plan-budget"]')!.textContent).toBe('$3,200.00');
    expect(cardOf(plan).querySelector('[data-status]')!.textContent).toBe('Planning');
  });

  it("labels the planner's estimate as one when the user set no budget", async () => {
    const estimated = aPlan({ budget: null, estimatedBudget: 660, budgetBreakdown: { food: 260, accommodation: 400 } });
    const none = aPlan({ budget: null, estimatedBudget: null });
    await screen([estimated, none]);
    expect(cardOf(estimated).querySelector('[data-testid="plan-budget"]')!.textContent).toBe('$660.00 (estimate)');
    expect(cardOf(none).querySelector('[data-testid="plan-budget"]')!.textContent).toBe('No budget yet');
  });

  it('shows Edit and Delete only on a plan that passes the edit check', async () => {
    const planning = aPlan();
    const booked = aPlan({ status: 'booked', editable: false });
    const completed = aPlan({
      status: 'completed',
      startDate: daysFromToday(-10),
      endDate: daysFromToday(-5),
      editable: false,
    });
    await screen([planning, booked, completed]);
    expect(buttonsOf(planning)).toEqual(['Mark as Booked', 'Regenerate', 'Edit', 'Delete']);
    expect(buttonsOf(booked)).toEqual(['Back to Planning']);
    expect(buttonsOf(completed)).toEqual([]);
    expect(cardOf(booked).querySelector('[data-status]')!.textContent).toBe('Booked');
    expect(cardOf(completed).querySelector('[data-status]')!.textContent).toBe('Completed');
  });

  it('fetches the list again with Refresh', async () => {
    const { calls, use } = await screen([aPlan({ destination: 'Oslo' })]);
    use(route(LIST, { body: [aPlan({ destination: 'Oslo' }), aPlan({ destination: 'Bergen' })] }));
    await click(button('Refresh'));
    await waitFor(() => allByText('Bergen', 'h2').length === 1);
    expect(calls.filter((c) => c.method === 'GET' && c.url === LIST_URL)).toHaveLength(2);
  });

  it('shows the empty state with Plan New Trip when there are no plans', async () => {
    await screen();
    expect(allByText('No travel plans yet')).toHaveLength(1);
    expect(
      Array.from(document.body.querySelectorAll('button')).filter((b) => b.textContent === 'Plan New Trip'),
    ).toHaveLength(2);
  });

  it("shows 'Failed to fetch travel plans' with the server's reason, in place and as a toast", async () => {
    mockFetch(route(LIST, { status: 500, body: { message: 'Database unavailable' } }));
    const { toasts } = renderScreen(<TravelPage />, { path: '/travel' });
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: TRAVEL_MESSAGES.fetchFailed,
      description: 'Database unavailable',
      variant: 'destructive',
    });
    expect(document.body.querySelector('.ant-alert-error')!.textContent).toContain('Failed to fetch travel plans');
  });

  it('shows the generation progress with its stage, and the edit buttons disabled meanwhile', async () => {
    const plan = aPlan({
      generation: { status: 'in_progress', progress: 40, stage: 'Planning each day', error: null, method: null },
    });
    await screen([plan]);
    const status = cardOf(plan).querySelector('[role="status"]')!;
    expect(status.textContent).toContain('Planning each day');
    expect(status.querySelector('.ant-progress')!.getAttribute('aria-valuenow')).toBe('40');
    expect(inCard(plan, 'Regenerate').disabled).toBe(true);
    await openTab(plan, 'Itinerary');
    expect(inCard(plan, 'Edit Itinerary').disabled).toBe(true);
  });

  it('shows why generation failed, with Regenerate after a confirm that says expenses are kept', async () => {
    const plan = aPlan({
      generation: { status: 'failed', progress: 30, stage: null, error: 'The AI provider timed out', method: null },
    });
    const { calls, use, toasts } = await screen([plan]);
    use(
      route(routeOf(travelEndpoints.regenerate, { id: plan.id }), {
        body: { ...plan, generation: { ...plan.generation, status: 'pending', error: null } },
      }),
    );
    expect(cardOf(plan).querySelector('.ant-alert-error')!.textContent).toContain('The AI provider timed out');
    await click(inCard(plan, 'Regenerate'));
    await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
    expect(document.body.querySelector('.ant-modal-confirm')!.textContent).toContain('Your tracked expenses are kept');
    await click(
      Array.from(document.body.querySelectorAll('.ant-modal-confirm button')).find(
        (b) => b.textContent === 'Regenerate',
      )!,
    );
    await waitFor(() => toasts.some((t) => t.title === TRAVEL_MESSAGES.regenerated));
    expect(
      calls.some((c) => c.method === 'POST' && c.url === endpointUrl(travelEndpoints.regenerate, { id: plan.id })),
    ).toBe(true);
  });

  it('marks a plan as booked with PATCH status', async () => {
    const plan = aPlan();
    const { calls, use, toasts } = await screen([plan]);
    use(
      route(routeOf(travelEndpoints.status, { id: plan.id }), { body: { ...plan, status: 'booked', editable: false } }),
    );
    await click(inCard(plan, 'Mark as Booked'));
    await waitFor(() => toasts.some((t) => t.title === TRAVEL_MESSAGES.booked));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: endpointUrl(travelEndpoints.status, { id: plan.id }),
      body: { status: 'booked' },
    });
  });

  it('asks before deleting, then deletes', async () => {
    const plan = aPlan({ destination: 'Kyoto' });
    const { calls, use, toasts } = await screen([plan]);
    use(route(routeOf(travelEndpoints.remove, { id: plan.id }), { status: 204 }), route(LIST, { body: [] }));
    await click(inCard(plan, 'Delete'));
    await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
    expect(document.body.querySelector('.ant-modal-confirm')!.textContent).toContain('Delete the trip to Kyoto?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(
      Array.from(document.body.querySelectorAll('.ant-modal-confirm button')).find((b) => b.textContent === 'Delete')!,
    );
    await waitFor(() => toasts.some((t) => t.title === TRAVEL_MESSAGES.deleted));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(endpointUrl(travelEndpoints.remove, { id: plan.id }));
  });
});

describe('TravelPage: the Create New Travel Plan dialog', () => {
  async function openCreate() {
    const api = await screen();
    await click(button('Plan New Trip'));
    await waitFor(() => dialog()?.textContent?.includes('Create New Travel Plan'));
    return api;
  }

  it("requires a destination and both dates: 'Destination is required', 'Start date is required', 'End date is required'", async () => {
    const { calls } = await openCreate();
    await click(inDialog('Create Plan'));
    await waitFor(() => allByText('Destination is required').length > 0);
    expect(allByText('Start date is required')).toHaveLength(1);
    expect(allByText('End date is required')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('adds a trimmed interest with Enter, ignores a repeat, clears the input, and does not submit', async () => {
    const { calls } = await openCreate();
    const interests = field('Interests');
    await type(interests, '  food  ');
    await keyDown(interests, 'Enter');
    expect(interests.value).toBe('');
    await type(interests, 'Food');
    await keyDown(interests, 'Enter');
    await type(interests, 'museums');
    await keyDown(interests, 'Enter');
    const tags = Array.from(dialog().querySelectorAll('[role="listitem"]')).map((t) => t.textContent);
    expect(tags).toEqual(['food', 'museums']);
    await settle();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(allByText('Destination is required')).toHaveLength(0);
    // A tag can be removed.
    await click(byLabel('Remove food'));
    expect(Array.from(dialog().querySelectorAll('[role="listitem"]')).map((t) => t.textContent)).toEqual(['museums']);
  });

  it('says when the end date is before the start date', async () => {
    await openCreate();
    await type(field('Destination'), 'Rome');
    // The end date first: once a start is picked, the picker greys out the days before it.
    await pickDate(field('End Date'), '2027-05-08');
    await pickDate(field('Start Date'), '2027-05-10');
    await click(inDialog('Create Plan'));
    await waitFor(() => allByText(TRAVEL_MESSAGES.endBeforeStart).length > 0);
  });

  it('creates the plan for the signed-in user with the parsed preferences', async () => {
    const { calls, use, toasts } = await openCreate();
    const created = aPlan({ destination: 'Rome' });
    use(route(routeOf(travelEndpoints.create), { status: 201, body: created }));
    await type(field('Destination'), '  Rome ');
    await type(field('Budget'), '$2,500');
    await pickDate(field('Start Date'), '2027-05-10');
    await pickDate(field('End Date'), '2027-05-14');
    await type(field('Interests'), 'art');
    await keyDown(field('Interests'), 'Enter');
    await click(inDialog('Create Plan'));
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: endpointUrl(travelEndpoints.create),
      body: {
        userId: testUser.id,
        destination: 'Rome',
        startDate: '2027-05-10',
        endDate: '2027-05-14',
        preferences: { budget: '$2,500', interests: ['art'], travelStyle: 'moderate', groupSize: 1 },
      },
    });
    await waitFor(() => toasts.some((t) => t.title === TRAVEL_MESSAGES.created));
  });

  it("toasts 'Failed to create travel plan' with the server's message and stays open", async () => {
    const { use, toasts } = await openCreate();
    use(route(routeOf(travelEndpoints.create), { status: 400, body: { message: TRAVEL_MESSAGES.tripTooLong } }));
    await type(field('Destination'), 'Rome');
    await pickDate(field('Start Date'), '2027-05-10');
    await pickDate(field('End Date'), '2027-05-14');
    await click(inDialog('Create Plan'));
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to create travel plan',
      description: TRAVEL_MESSAGES.tripTooLong,
      variant: 'destructive',
    });
    expect(dialog().textContent).toContain('Create New Travel Plan');
  });
});

/** Types a date into an antd DatePicker and confirms it with Enter. */
async function pickDate(input: HTMLInputElement, value: string) {
  await act(async () => {
    input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    input.focus();
  });
  await type(input, value);
  await keyDown(input, 'Enter');
  await settle();
}

describe('TravelPage: the checklist', () => {
  const checklist = {
    Documents: [
      { item: 'Passport', completed: true, required: true },
      { item: 'Visa', completed: false, required: true },
    ],
  };

  it('shows each category with its percent done, the required marks, and the completed checks', async () => {
    const plan = aPlan({ checklist });
    await screen([plan]);
    await openTab(plan, 'Checklist');
    const progress = cardOf(plan).querySelector('[aria-label="Documents: done"]')!;
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    const boxes = Array.from(
      cardOf(plan).querySelectorAll<HTMLInputElement>('.aide-travel-checklist input[type="checkbox"]'),
    );
    expect(boxes.map((b) => b.checked)).toEqual([true, false]);
    expect(allByText('Required').length).toBeGreaterThanOrEqual(2);
  });

  it('toggles an item at once, before PATCH checklist/item answers, and keeps it on success', async () => {
    const plan = aPlan({ checklist });
    const { calls, use } = await screen([plan]);
    const toggled = {
      ...plan,
      checklist: { Documents: [checklist.Documents[0], { ...checklist.Documents[1], completed: true }] },
    };
    use(
      route(routeOf(travelEndpoints.checklistItem, { id: plan.id }), { body: toggled }),
      route(LIST, { body: [toggled] }),
    );
    // Hold the PATCH's answer until the mark has been checked.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const mocked = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') await held;
      return mocked(input, init);
    }) as typeof fetch;

    await openTab(plan, 'Checklist');
    const visa = () =>
      Array.from(cardOf(plan).querySelectorAll<HTMLInputElement>('.aide-travel-checklist input[type="checkbox"]'))[1];
    await click(visa());
    await settle();
    expect(visa().checked).toBe(true);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    release();
    await waitFor(() => calls.some((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: endpointUrl(travelEndpoints.checklistItem, { id: plan.id }),
      body: { category: 'Documents', itemIndex: 1, completed: true },
    });
    // The list is refetched after it.
    await waitFor(() => calls.filter((c) => c.method === 'GET').length === 2);
    await settle();
    expect(visa().checked).toBe(true);
  });

  it("puts the mark back and toasts 'Failed to update checklist item' when the call fails", async () => {
    const plan = aPlan({ checklist });
    const { use, toasts } = await screen([plan]);
    use(
      route(routeOf(travelEndpoints.checklistItem, { id: plan.id }), {
        status: 409,
        body: { message: TRAVEL_MESSAGES.stillGenerating },
      }),
    );
    await openTab(plan, 'Checklist');
    const passport = () =>
      Array.from(cardOf(plan).querySelectorAll<HTMLInputElement>('.aide-travel-checklist input[type="checkbox"]'))[0];
    await click(passport());
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to update checklist item',
      description: TRAVEL_MESSAGES.stillGenerating,
      variant: 'destructive',
    });
    await waitFor(() => passport().checked === true);
  });
});

describe('TravelPage: the tabs', () => {
  it("shows the overview's sections that have something, and leaves the others out", async () => {
    const plan = aPlan({
      preferences: { budget: '$3,000', interests: ['food'], travelStyle: 'luxury', groupSize: 3 },
      recommendations: someRecommendations({
        weather: { climate: 'Warm and dry', season: 'Summer', seasonalPacking: ['Sunscreen'] },
        localTips: ['Tip on the bill'],
      }),
    });
    await screen([plan]);
    const text = cardOf(plan).textContent!;
    expect(text).toContain('Weather & Climate');
    expect(text).toContain('Summer');
    expect(text).toContain('Sunscreen');
    expect(text).toContain('Local Tips');
    expect(text).toContain('Luxury');
    expect(text).toContain('3 travellers');
    expect(text).not.toContain('Top Attractions');
    expect(text).not.toContain('Safety');
  });

  it("shows the itinerary's empty state, and the expenses' one with actual expenses still listed", async () => {
    const plan = aPlan({
      expenses: { total: 20, categories: { Food: [{ description: 'Gelato', amount: 20, date: '2027-05-10' }] } },
    });
    await screen([plan]);
    await openTab(plan, 'Itinerary');
    expect(cardOf(plan).textContent).toContain('No detailed itinerary available yet');
    await openTab(plan, 'Expenses');
    expect(cardOf(plan).textContent).toContain('No budget breakdown available');
    expect(cardOf(plan).textContent).toContain('Gelato');
    expect(cardOf(plan).querySelector('[aria-label="Food total"]')!.textContent).toBe('$20.00');
  });

  it('shows the tracked expenses against the budget, red when over it', async () => {
    const plan = aPlan({
      budget: 100,
      expenses: { total: 150, categories: { Food: [{ description: 'Feast', amount: 150, date: '2027-05-10' }] } },
    });
    await screen([plan]);
    await openTab(plan, 'Expenses');
    const bar = cardOf(plan).querySelector(`[aria-labelledby="travel-progress-${plan.id}"]`)!;
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.className).toContain('ant-progress-status-exception');
    expect(cardOf(plan).textContent).toContain('Over Budget');
  });

  it('hides the four edit buttons on a plan that fails the edit check', async () => {
    const plan = aPlan({
      status: 'completed',
      editable: false,
      startDate: daysFromToday(-9),
      endDate: daysFromToday(-2),
    });
    await screen([plan]);
    for (const tab of ['Itinerary', 'Expenses', 'Checklist']) await openTab(plan, tab);
    for (const name of ['Edit Itinerary', 'Edit Budget', 'Edit Expenses', 'Edit Checklist'])
      expect(inCard(plan, name)).toBeUndefined();
  });
});

describe('TravelPage: the editors', () => {
  it('Edit Budget warns while the breakdown differs from the total, and saves both', async () => {
    const plan = aPlan({ budget: 1000, budgetBreakdown: { accommodation: 600, food: 400 } });
    const { calls, use, toasts } = await screen([plan]);
    use(
      route(routeOf(travelEndpoints.budget, { id: plan.id }), (call) => ({
        body: { ...plan, ...(call.body as object) },
      })),
    );
    await openTab(plan, 'Expenses');
    await click(inCard(plan, 'Edit Budget'));
    await waitFor(() => dialog()?.textContent?.includes('Edit Budget'));
    expect(dialog().querySelector('.ant-alert-warning')).toBeNull();
    await type(byLabel('Food amount'), '500');
    await waitFor(() => dialog().querySelector('.ant-alert-warning'));
    expect(dialog().querySelector('.ant-alert-warning')!.textContent).toBe(
      'Note: Breakdown total ($1,100.00) differs from total budget ($1,000.00)',
    );
    await click(inDialog('Save'));
    await waitFor(() => toasts.some((t) => t.title === TRAVEL_MESSAGES.budgetUpdated));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      budget: 1000,
      budgetBreakdown: { accommodation: 600, food: 500 },
    });
  });

  it("Add Category's button stays disabled for a blank name, and a repeated one is refused", async () => {
    const plan = aPlan({ checklist: { Documents: [{ item: 'Passport', completed: false, required: true }] } });
    await screen([plan]);
    await openTab(plan, 'Checklist');
    await click(inCard(plan, 'Edit Checklist'));
    await waitFor(() => dialog()?.textContent?.includes('Edit Travel Checklist'));
    await click(inDialog('Add Category'));
    await waitFor(() => topDialog().querySelector('input[placeholder="e.g. Documents"]'));
    const add = () => inDialog('Add', topDialog());
    expect(add().disabled).toBe(true);
    const name = topDialog().querySelector<HTMLInputElement>('input')!;
    await type(name, '   ');
    expect(add().disabled).toBe(true);
    await type(name, ' documents ');
    expect(add().disabled).toBe(false);
    await click(add());
    await waitFor(() => allByText(TRAVEL_MESSAGES.categoryExists).length > 0);
  });

  it('Edit Expenses adds a category and an item, shows the recalculated total, and saves it', async () => {
    const plan = aPlan({
      expenses: { total: 40, categories: { Food: [{ description: 'Dinner', amount: 40, date: '2027-05-10' }] } },
    });
    const { calls, use, toasts } = await screen([plan]);
    use(
      route(routeOf(travelEndpoints.expenses, { id: plan.id }), (call) => ({
        body: { ...plan, ...(call.body as object) },
      })),
    );
    await openTab(plan, 'Expenses');
    await click(inCard(plan, 'Edit Expenses'));
    await waitFor(() => dialog()?.textContent?.includes('Edit Expenses'));
    const total = () => document.body.querySelector('[data-testid="expenses-total"]')!.textContent;
    expect(total()).toBe('Total: $40.00');

    await click(inDialog('Add Category'));
    await waitFor(() => topDialog().querySelector('input[placeholder="e.g. Food"]'));
    await type(topDialog().querySelector<HTMLInputElement>('input')!, '  Transport ');
    await click(inDialog('Add', topDialog()));
    await waitFor(() => dialog().textContent?.includes('Transport'));

    const group = Array.from(dialog().querySelectorAll<HTMLElement>('.aide-travel-editor-group')).find((g) =>
      g.textContent?.startsWith('Transport'),
    )!;
    await click(inDialog('Add Item', group));
    expect(byLabel('Amount, Transport item 1').value).toBe('0');
    await type(byLabel('Description, Transport item 1'), 'Taxi');
    await type(byLabel('Amount, Transport item 1'), '12.5');
    expect(total()).toBe('Total: $52.50');
    await type(byLabel('Amount, Food item 1'), 'forty');
    expect(total()).toBe('Total: $12.50');
    await type(byLabel('Amount, Food item 1'), '$1,040');
    expect(total()).toBe('Total: $1,052.50');

    await click(inDialog('Save'));
    await waitFor(() => toasts.some((t) => t.title === TRAVEL_MESSAGES.expensesUpdated));
    const today = daysFromToday(0);
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: endpointUrl(travelEndpoints.expenses, { id: plan.id }),
      body: {
        expenses: {
          total: 1052.5,
          categories: {
            Food: [{ description: 'Dinner', amount: 1040, date: '2027-05-10' }],
            Transport: [{ description: 'Taxi', amount: 12.5, date: today }],
          },
        },
      },
    });
  });

  it('Edit Daily Itinerary turns timeline slots into timed activities, adds one at 09:00, and saves the days', async () => {
    const plan = aPlan({
      itinerary: anItinerary({
        timeline: [{ day: 'Day 1', date: '2027-05-10', morning: 'Market', evening: 'Dinner' }],
        transportation: ['Metro'],
      }),
    });
    const { calls, use, toasts } = await screen([plan]);
    use(
      route(routeOf(travelEndpoints.itinerary, { id: plan.id }), (call) => ({
        body: { ...plan, ...(call.body as object) },
      })),
    );
    await openTab(plan, 'Itinerary');
    await click(inCard(plan, 'Edit Itinerary'));
    await waitFor(() => dialog()?.textContent?.includes('Edit Daily Itinerary'));
    expect(byLabel('Time, Day 1 activity 1').value).toBe('09:00');
    expect(byLabel('Time, Day 1 activity 2').value).toBe('19:00');
    await click(inDialog('Add Activity'));
    expect(byLabel('Time, Day 1 activity 3').value).toBe('09:00');
    expect(byLabel('Activity, Day 1 activity 3').value).toBe('');
    await click(inDialog('Add Activity'));
    await type(byLabel('Activity, Day 1 activity 4'), 'Museum');
    await type(byLabel('Location, Day 1 activity 4'), 'Old town');
    await click(button('Remove Day 1 activity 1'));
    await click(inDialog('Save'));
    await waitFor(() => toasts.some((t) => t.title === TRAVEL_MESSAGES.itineraryUpdated));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      itinerary: {
        days: [
          {
            day: 'Day 1',
            date: '2027-05-10',
            activities: [
              { time: '19:00', activity: 'Dinner' },
              { time: '09:00', activity: 'Museum', location: 'Old town' },
            ],
          },
        ],
        transportation: ['Metro'],
      },
    });
  });

  it("toasts 'Failed to update checklist' with the server's reason and keeps the editor open", async () => {
    const plan = aPlan({ checklist: { Documents: [{ item: 'Passport', completed: false, required: true }] } });
    const { use, toasts } = await screen([plan]);
    use(
      route(routeOf(travelEndpoints.checklist, { id: plan.id }), {
        status: 409,
        body: { message: TRAVEL_MESSAGES.notEditable },
      }),
    );
    await openTab(plan, 'Checklist');
    await click(inCard(plan, 'Edit Checklist'));
    await waitFor(() => dialog()?.textContent?.includes('Edit Travel Checklist'));
    await click(inDialog('Save'));
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to update checklist',
      description: TRAVEL_MESSAGES.notEditable,
      variant: 'destructive',
    });
    expect(dialog().textContent).toContain('Edit Travel Checklist');
  });
});
