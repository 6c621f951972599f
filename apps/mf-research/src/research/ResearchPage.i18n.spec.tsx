import { act, button, byText, cleanup, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import { endpointUrl } from '@aide/api-client';
import { researchEndpoints } from '@aide/contracts';
import { aCompletedReport, aReport } from '../../test/factories';
import ResearchPage from './ResearchPage';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const LIST = `GET ${endpointUrl(researchEndpoints.list, { userId: testUser.id })}`;
const shortDate = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

async function screen() {
  const reports = [
    aCompletedReport({
      id: 1,
      topic: 'Solar power costs',
      category: 'environment',
      createdAt: '2026-11-20T09:00:00.000Z',
    }),
    aReport({ id: 2, topic: 'Quantum computing', status: 'in_progress', progress: 30 }),
    aCompletedReport({ id: 3, topic: 'Old study', isArchived: true }),
    aCompletedReport({ id: 4, topic: 'Older study', isArchived: true }),
  ];
  mockFetch(route(LIST, { body: reports }));
  renderScreen(<ResearchPage />, { path: '/research' });
  await waitFor(() => !document.body.querySelector('[aria-busy="true"]'));
}

describe('ResearchPage in another language', () => {
  it('switches to Spanish at once: headings, plurals, categories and dates', async () => {
    await screen();
    expect(byText('Research Hub', 'h1')).toBeTruthy();
    expect(byText('2 archived, not counted')).toBeTruthy();

    await act(() => setLocale('es'));

    await waitFor(() => byText('Centro de investigación', 'h1'));
    expect(document.body.querySelectorAll('h1')).toHaveLength(1);
    // ICU plural: 2 → "archivados, no se cuentan".
    expect(byText('2 archivados, no se cuentan')).toBeTruthy();
    expect(byText('Medio ambiente')).toBeTruthy();
    expect(button('Iniciar investigación')).toBeTruthy();
    // The card's date in Spanish (es-ES), not 'Nov 20, 2026'.
    const date = document.body.querySelector('[data-testid="research-1"] time')!.textContent;
    expect(date).toBe(shortDate('es-ES', '2026-11-20T09:00:00.000Z'));
    expect(date).not.toBe('Nov 20, 2026');
    expect(
      document.body.querySelector('[data-testid="research-2"] button[aria-label]')?.getAttribute('aria-label'),
    ).toBe('Acciones de «Quantum computing»');
  });

  it('speaks Japanese too, with its own date order', async () => {
    await screen();
    await act(() => setLocale('ja'));
    await waitFor(() => byText('リサーチハブ', 'h1'));
    expect(byText('アーカイブ済み 2 件（集計外）')).toBeTruthy();
    expect(document.body.querySelector('[data-testid="research-1"] time')!.textContent).toBe(
      shortDate('ja-JP', '2026-11-20T09:00:00.000Z'),
    );
  });
});
