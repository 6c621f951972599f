import type { WebsiteDashboard } from '@aide/contracts';
import { act, byText, cleanup, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import { WebsiteAnalyticsCard, WebsiteViewsStat } from './widgets';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const website: WebsiteDashboard = {
  views: 12_345,
  viewsChangePercent: 18,
  analytics: { visitors: 820, pageViews: 12_345, blogPosts: 4, seoScore: 87, uptime: 99.954, uptimeSince: null },
};
const dashboard = () => route('GET /api/dashboard', { body: { modules: { website } } });
/** Intl writes no-break spaces ('+18 %'): compared as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('Website widgets in another language', () => {
  it('Website Views: the figure and its change the German way', async () => {
    mockFetch(dashboard());
    const { container } = renderScreen(<WebsiteViewsStat />);
    await waitFor(() => byText('+18% this week'));
    await act(() => setLocale('de'));
    await waitFor(() => byText('Website-Aufrufe'));
    expect(plain(container.querySelector('.ant-statistic-content')?.textContent)).toBe('12,3 Tsd.');
    expect(container.textContent?.replace(/\s/g, ' ')).toContain('+18 % diese Woche');
  });

  it('Website Analytics: titles, numbers and uptime the French way', async () => {
    mockFetch(dashboard());
    const { container } = renderScreen(<WebsiteAnalyticsCard />);
    await waitFor(() => byText('87/100'));
    await act(() => setLocale('fr'));
    await waitFor(() => byText('Statistiques du site web'));
    const figures = Array.from(container.querySelectorAll('.ant-statistic')).map(
      (s) =>
        `${s.querySelector('.ant-statistic-title')?.textContent}: ${plain(s.querySelector('.ant-statistic-content')?.textContent)}`,
    );
    expect(figures).toEqual(['Visiteurs: 820', 'Pages vues: 12 345', 'Articles de blog: 4']);
    expect(plain(container.textContent)).toContain('99,95 %');
  });
});
