import { useEffect } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { endpointUrl } from '@aide/api-client';
import { type ToggleChecklistItemPayload, travelEndpoints, type TravelPlan } from '@aide/contracts';
import { act, cleanup, mockFetch, renderScreen, route, settle, testUser, waitFor } from '@aide/testing';
import { aPlan } from '../../test/factories';
import { plansKey, useToggleChecklistItem, useTravelPlans } from './useTravel';

afterEach(cleanup);

const LIST = `GET ${endpointUrl(travelEndpoints.list, { userId: testUser.id })}`;
const TOGGLE = (id: number) => `PATCH ${endpointUrl(travelEndpoints.checklistItem, { id })}`;

/** As over a network, each answer arrives in a task of its own; reads of the list take `listDelay` ms. */
function overNetwork(listDelay = 0) {
  const answer = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    new Promise((resolve) =>
      setTimeout(() => resolve(answer(input, init)), (init?.method ?? 'GET') === 'GET' ? listDelay : 0),
    );
}
type Toggle = UseMutationResult<TravelPlan, Error, { id: number; payload: ToggleChecklistItemPayload }>;

/** The checklist hook alone, on the plans list the screen reads. */
function renderToggle(plan: TravelPlan) {
  const toggleRef: { current: Toggle | null } = { current: null };
  function Probe() {
    useTravelPlans();
    const toggle = useToggleChecklistItem();
    // Handed out after render: a component may not change outer values while rendering.
    useEffect(() => {
      toggleRef.current = toggle;
    });
    return null;
  }
  const screen = renderScreen(<Probe />);
  const marks = () =>
    (screen.client.getQueryData<TravelPlan[]>(plansKey(testUser.id)) ?? [])
      .find((p) => p.id === plan.id)
      ?.checklist?.Documents.map((item) => `${item.item}: ${item.completed ? 'done' : 'open'}`);
  const click = (itemIndex: number, completed: boolean) =>
    act(() => {
      toggleRef.current!.mutate({ id: plan.id, payload: { category: 'Documents', itemIndex, completed } });
    });
  return { ...screen, marks, click };
}

const planWithChecklist = () =>
  aPlan({
    checklist: {
      Documents: [
        { item: 'Passport', completed: false, required: true },
        { item: 'Visa', completed: false, required: false },
      ],
    },
  });

describe('useToggleChecklistItem', () => {
  it('puts back only the item whose save failed, keeping another ticked meanwhile', async () => {
    const plan = planWithChecklist();
    const fetch = mockFetch(route(LIST, { body: [plan] }));
    const { marks, click } = renderToggle(plan);
    await waitFor(() => marks());
    fetch.use(
      route(TOGGLE(plan.id), (call) =>
        (call.body as ToggleChecklistItemPayload).itemIndex === 0
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { body: plan },
      ),
    );
    // The list is slow to answer, so what the failure put back shows before the refetch replaces it.
    overNetwork(300);
    click(0, true);
    click(1, true);
    await waitFor(() => marks()?.join() === 'Passport: open,Visa: done');
  });

  it('refetches the plans once after a quick series of toggles', async () => {
    const plan = planWithChecklist();
    const fetch = mockFetch(route(LIST, { body: [plan] }), route(TOGGLE(plan.id), { body: plan }));
    overNetwork();
    const { marks, click } = renderToggle(plan);
    await waitFor(() => marks());
    const gets = () => fetch.calls.filter((c) => c.method === 'GET').length;
    expect(gets()).toBe(1);
    click(0, true);
    click(1, true);
    await waitFor(() => fetch.calls.filter((c) => c.method === 'PATCH').length === 2 && gets() === 2);
    await settle(50);
    expect(gets()).toBe(2);
    // What the server answered replaces the optimistic marks.
    expect(marks()).toEqual(['Passport: open', 'Visa: open']);
  });
});
