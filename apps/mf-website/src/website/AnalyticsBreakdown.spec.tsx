import { button, byText, click, cleanup, mockFetch, renderScreen, type, waitFor } from '@aide/testing';
import type { AnalyticsBreakdown as Breakdown } from '@aide/contracts';
import AnalyticsBreakdown from './AnalyticsBreakdown';

afterEach(cleanup);

const BREAKDOWN = /^\/api\/websites\/7\/analytics\/breakdown\?period=(7d|30d)$/;

const someBreakdown = (overrides: Partial<Breakdown> = {}): Breakdown => ({
  period: '30d',
  from: '2030-02-14',
  to: '2030-03-15',
  visitors: 40,
  sources: [
    { source: 'linkedin', visitors: 12 },
    { source: null, visitors: 8 },
  ],
  pages: [{ path: '/pricing', visitors: 20, views: 31 }],
  campaigns: [{ campaign: 'spring-sale', source: 'linkedin', medium: 'social', visitors: 12 }],
  goals: [{ id: 3, kind: 'page', match: '/thank-you', conversions: 4, conversionRate: 10 }],
  ...overrides,
});

async function screen(answer: (period: string) => Breakdown) {
  const fetch = mockFetch((call) => {
    const match = BREAKDOWN.exec(call.url);
    return call.method === 'GET' && match ? { body: answer(match[1]) } : undefined;
  });
  renderScreen(<AnalyticsBreakdown websiteId={7} />);
  await waitFor(() => !document.body.querySelector('.ant-skeleton'));
  return fetch;
}

describe('AnalyticsBreakdown', () => {
  it('lists sources (Direct for none), pages, campaigns and goals with their conversion rate', async () => {
    await screen(() => someBreakdown());
    expect(byText('linkedin', 'td')).toBeTruthy();
    expect(byText('Direct / none')).toBeTruthy();
    expect(byText('/pricing', 'td')).toBeTruthy();
    expect(byText('spring-sale', 'td')).toBeTruthy();
    expect(byText('social', '.ant-tag')).toBeTruthy();
    expect(byText('10%')).toBeTruthy();
    expect(byText('2030-02-14 to 2030-03-15 · 40 visitors')).toBeTruthy();
  });

  it('tells the person what to do when a list is empty', async () => {
    await screen(() => someBreakdown({ sources: [], pages: [], campaigns: [], goals: [], visitors: 0 }));
    expect(byText(/^Tag links with utm_campaign/)).toBeTruthy();
    expect(byText(/^Add a goal to count conversions/)).toBeTruthy();
  });

  it('switches the period, and adds a goal', async () => {
    const fetch = await screen((period) => someBreakdown({ period: period as Breakdown['period'] }));
    await click(byText('Last 7 days'));
    await waitFor(() => fetch.calls.some((call) => call.url.endsWith('period=7d')));

    fetch.use((call) =>
      call.method === 'POST' && call.url === '/api/websites/7/goals'
        ? {
            status: 201,
            body: { id: 4, websiteId: 7, createdAt: '2030-03-15T10:00:00.000Z', ...(call.body as object) },
          }
        : undefined,
    );
    await click(button('Add goal'));
    await type(
      document.body.querySelector<HTMLInputElement>('.ant-popover input[placeholder="/thank-you"]')!,
      '/signed-up',
    );
    await click(document.body.querySelector<HTMLButtonElement>('.ant-popover button[type="submit"]')!);
    await waitFor(() => fetch.calls.some((call) => call.method === 'POST'));
    expect(fetch.calls.find((call) => call.method === 'POST')!.body).toEqual({ kind: 'page', match: '/signed-up' });
  });
});
