import { act, byText, cleanup, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
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

const promoted = aPost({
  id: 21,
  content: 'Read the whole post here.',
  campaign: { source: 'linkedin', medium: 'social', campaign: 'heat-pumps' },
  visits: 12,
});
const plain = aPost({ id: 22, content: 'No link to my site here.' });

async function screen() {
  mockFetch(
    route(routeOf(routes.list, { userId: testUser.id }), { body: [promoted, plain] }),
    route(routeOf(routes.stats), { body: SOCIAL_PLATFORMS.map((platform) => someStats(platform)) }),
    route(routeOf(routes.accounts), { body: SOCIAL_PLATFORMS.map((platform) => anAccount(platform)) }),
  );
  renderScreen(<SocialPage />, { path: '/social' });
  await waitFor(
    () => !document.body.querySelector('[aria-busy="true"]') && !document.body.querySelector('.ant-skeleton'),
  );
}

it('shows the visits a post with a campaign link brought, and nothing on a post without one (issue 27)', async () => {
  await screen();
  expect(byText('12 visits')).toBeTruthy();
  const visitTags = [...document.body.querySelectorAll('.ant-tag')].filter((tag) =>
    /visit/.test(tag.textContent ?? ''),
  );
  expect(visitTags.map((tag) => tag.textContent?.trim())).toEqual(['12 visits']);
});

it('says it in the person’s language', async () => {
  await act(() => setLocale('de'));
  await screen();
  expect(byText('12 Besuche')).toBeTruthy();
});
