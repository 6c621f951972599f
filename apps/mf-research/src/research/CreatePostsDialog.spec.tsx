import { act, button, byText, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import { endpointUrl } from '@aide/api-client';
import { socialEndpoints } from '@aide/contracts';
import { aCompletedReport } from '../../test/factories';
import CreatePostsDialog from './CreatePostsDialog';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const CREATE = `POST ${endpointUrl(socialEndpoints.fromResearch)}`;
const drafted = (id: number, platform: 'linkedin' | 'twitter', content: string) => ({
  id,
  platform,
  topic: 'Solar power costs',
  tone: 'professional',
  content,
  hashtags: ['Solar'],
  imageUrl: null,
  status: 'draft',
  engagement: { likes: 0, shares: 0, comments: 0, reach: 0 },
  engagementUpdatedAt: null,
  publishedAt: null,
  scheduledAt: null,
  publishMode: null,
  externalUrl: null,
  publishError: null,
  campaign: null,
  visits: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
});

it('creates drafts for the chosen platforms from the report and shows them (issue 27)', async () => {
  const report = aCompletedReport({ id: 5, topic: 'Solar power costs' });
  const fetched = mockFetch(
    route(CREATE, {
      status: 201,
      body: [
        drafted(
          1,
          'linkedin',
          'Solar power costs: what the research shows.\n\nPanel prices fell by 80 percent in ten years.',
        ),
        drafted(
          2,
          'twitter',
          'Panel prices fell by 80 percent in ten years. The most reliable source I found: https://a.example',
        ),
      ],
    }),
  );
  renderScreen(<CreatePostsDialog report={report} onClose={() => {}} />, { path: '/research' });
  await click(button('Create posts'));
  await waitFor(() => Boolean(document.body.textContent?.includes('2 drafts saved in Social Media')));
  expect(fetched.calls.find((call) => call.method === 'POST')?.body).toEqual({
    reportId: 5,
    platforms: ['linkedin', 'twitter'],
  });
  expect(byText(/Panel prices fell by 80 percent in ten years\. The most reliable source/)).toBeTruthy();
});

it('speaks the person’s language', async () => {
  await act(() => setLocale('fr'));
  mockFetch();
  renderScreen(<CreatePostsDialog report={aCompletedReport({ topic: 'Solaire' })} onClose={() => {}} />, {
    path: '/research',
  });
  expect(button('Créer des publications')).toBeTruthy();
});
