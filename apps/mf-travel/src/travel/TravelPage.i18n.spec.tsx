import { act, byText, cleanup, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
import { endpointUrl } from '@aide/api-client';
import { travelEndpoints, type TravelPlan } from '@aide/contracts';
import { setLocale } from '@aide/i18n';
import { aPlan } from '../../test/factories';
import TravelPage from './TravelPage';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const LIST = `GET ${endpointUrl(travelEndpoints.list, { userId: testUser.id })}`;
/** Intl writes (narrow) no-break spaces in '2 000,00 $': compared as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const cardOf = (plan: TravelPlan) => document.body.querySelector<HTMLElement>(`[data-testid="plan-${plan.id}"]`)!;
const budgetOf = (plan: TravelPlan) => plain(cardOf(plan).querySelector('[data-testid="plan-budget"]')!.textContent);
/** The Overview's budget preference (a <dd> after its <dt>). */
const preferenceBudget = (plan: TravelPlan) =>
  plain(
    Array.from(cardOf(plan).querySelectorAll('.aide-travel-prefs > div'))
      .find((row) => ['Budget', 'Presupuesto'].includes(row.querySelector('dt')!.textContent!))
      ?.querySelector('dd')?.textContent,
  );

async function screen(plans: TravelPlan[]) {
  mockFetch(route(LIST, { body: plans }));
  renderScreen(<TravelPage />, { path: '/travel' });
  await waitFor(() => !document.body.querySelector('.ant-skeleton'));
}

// Spec §9: travel money is US dollars; issue 22: the Overview showed the budget as '2000'.
const lisbon = () =>
  aPlan({
    destination: 'Lisbon',
    startDate: '2027-05-01',
    endDate: '2027-05-07',
    budget: 2000,
    preferences: { budget: '2000', interests: [], travelStyle: 'moderate', groupSize: 2 },
  });

describe('Travel money: every amount through formatCurrency(amount, USD)', () => {
  it('writes the budget as $2,000.00 in English, on the card and in the Overview (not "2000")', async () => {
    const plan = lisbon();
    await screen([plan]);
    expect(budgetOf(plan)).toBe('$2,000.00');
    expect(preferenceBudget(plan)).toBe('$2,000.00');
  });

  it('writes it the German and French way, still in US dollars', async () => {
    const plan = lisbon();
    await screen([plan]);
    await act(() => setLocale('de'));
    await waitFor(() => byText('Reiseplaner', 'h1'));
    expect(budgetOf(plan)).toBe('2.000,00 $');
    await act(() => setLocale('fr'));
    await waitFor(() => byText('Planificateur de voyages', 'h1'));
    expect(budgetOf(plan)).toBe('2 000,00 $US');
  });
});

describe('TravelPage in another language', () => {
  it('switches without a reload: translated heading, tiles, status, dates and plurals', async () => {
    const plan = lisbon();
    await screen([plan]);
    expect(cardOf(plan).textContent).toContain('May 1 – May 7, 2027 · 7 days');

    await act(() => setLocale('es'));
    await waitFor(() => byText('Planificador de viajes', 'h1'));
    expect(byText('Viajes en total', '.ant-statistic-title')).toBeTruthy();
    expect(cardOf(plan).querySelector('[data-status]')!.textContent).toBe('En planificación');
    expect(plain(cardOf(plan).textContent)).toContain('1 may – 7 may 2027 · 7 días');
    expect(preferenceBudget(plan)).toBe('2000,00 US$');
    expect(cardOf(plan).textContent).toContain('2 viajeros');
  });
});

describe('TravelPage on a phone', () => {
  it('puts the three summary tiles in one compact row (xs=8), so the plans start on the first screen', async () => {
    await screen([lisbon()]);
    const columns = Array.from(document.body.querySelectorAll('section[aria-label="Travel statistics"] .ant-col'));
    expect(columns).toHaveLength(3);
    for (const column of columns) expect(column.classList).toContain('ant-col-xs-8');
  });
});
