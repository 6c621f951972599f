import { act, button, byText, cleanup, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import { endpointUrl } from '@aide/api-client';
import { type EndpointDefinition, SOCIAL_PLATFORMS, socialEndpoints as routes } from '@aide/contracts';
import { aPost, anAccount, someStats } from '../../test/factories';
import SocialPage from './SocialPage';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const routeOf = (definition: EndpointDefinition, params?: Record<string, string | number>) =>
  `${definition.method} ${endpointUrl(definition, params)}`;

const published = aPost({
  id: 7,
  platform: 'twitter',
  status: 'published',
  publishedAt: '2026-11-20T09:30:00.000Z',
  engagement: { likes: 1234, shares: 5, comments: 2, reach: 25000 },
});
const draft = aPost({ id: 8, status: 'draft' });

async function screen() {
  mockFetch(
    route(routeOf(routes.list, { userId: testUser.id }), { body: [published, draft] }),
    route(routeOf(routes.stats), {
      body: SOCIAL_PLATFORMS.map((platform) =>
        someStats(platform, {
          growth: { basis: 'engagement', thisWeek: 12, lastWeek: 10, percent: platform === 'linkedin' ? 20 : 0 },
        }),
      ),
    }),
    route(routeOf(routes.accounts), { body: SOCIAL_PLATFORMS.map((platform) => anAccount(platform)) }),
  );
  renderScreen(<SocialPage />, { path: '/social' });
  await waitFor(
    () => !document.body.querySelector('[aria-busy="true"]') && !document.body.querySelector('.ant-skeleton'),
  );
}

const card = (id: number) => document.body.querySelector<HTMLElement>(`[data-testid="post-${id}"]`)!;

describe('SocialPage in another language', () => {
  it('switches to French at once: heading, tabs, numbers, percentages and dates', async () => {
    await screen();
    expect(byText('Social Media', 'h1')).toBeTruthy();
    expect(card(7).querySelector('dd')?.textContent).toBe('1.2K');

    await act(() => setLocale('fr'));

    await waitFor(() => byText('Réseaux sociaux', 'h1'));
    expect(document.body.querySelectorAll('h1')).toHaveLength(1);
    expect(button('Créer une publication')).toBeTruthy();
    expect(byText('Brouillons')).toBeTruthy();
    // Compact numbers and percentages the French way: '1,2 k', '20 %'.
    const compact = new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 }).format(1234);
    expect(card(7).querySelector('dd')?.textContent).toBe(compact);
    const growth = document.body.querySelector('#social-stats-linkedin')!.closest('section')!;
    expect(growth.querySelector('.aide-social-growth')?.textContent?.trim()).toBe(
      `+${new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(0.2)}`,
    );
    // The published date in French, in its sentence.
    const when = new Intl.DateTimeFormat('fr-FR', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date('2026-11-20T09:30:00.000Z'));
    expect(card(7).textContent).toContain(`Publiée le ${when}`);
    expect(card(7).getAttribute('aria-label')).toBe('Publication X (Twitter) 7 (publiée)');
  });

  it('reads German labels on the post actions and the connect hint', async () => {
    await screen();
    await act(() => setLocale('de'));
    await waitFor(() => byText('Social Media', 'h1'));
    expect(button('Jetzt veröffentlichen')).toBeTruthy();
    expect(byText('Alle Beiträge')).toBeTruthy();
    expect(card(8).querySelector('[role="group"]')?.getAttribute('aria-label')).toBe(
      `Aktionen für LinkedIn-Beitrag 8 (Entwurf)`,
    );
  });
});
