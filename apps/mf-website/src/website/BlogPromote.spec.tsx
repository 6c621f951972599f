import { act, button, cleanup, click, mockFetch, renderScreen, route, waitFor } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import { endpointUrl } from '@aide/api-client';
import { type BlogPromotion, type EndpointDefinition, socialEndpoints, websitesEndpoints } from '@aide/contracts';
import { aBlogPost, aSite } from '../../test/factories';
import { BlogPostsDrawer } from './BlogPostsDrawer';
import WebsitePage from './WebsitePage';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

const routeOf = (definition: EndpointDefinition, params?: Record<string, number>) =>
  `${definition.method} ${endpointUrl(definition, params)}`;

const site = aSite();
const written = aBlogPost({
  id: 40,
  websiteId: site.id,
  title: 'Ten running tips',
  status: 'draft',
  wordpressUrl: 'https://blog.example.com/tips/',
  content: 'Warm up for ten minutes before every run.',
  visits: 7,
});
const waiting = aBlogPost({ websiteId: site.id, topic: 'Marathon diet', status: 'writing' });
const link = (platform: string) =>
  `https://blog.example.com/tips/?utm_source=${platform}&utm_medium=social&utm_campaign=ten-running-tips`;
const PROMOTION: BlogPromotion = {
  blogPostId: 40,
  url: 'https://blog.example.com/tips/',
  campaign: 'ten-running-tips',
  posts: (['linkedin', 'twitter'] as const).map((platform) => ({
    platform,
    topic: 'Ten running tips',
    content: `Warm up for ten minutes before every run. Read the whole post here: ${link(platform)}`,
    hashtags: ['Running'],
    link: link(platform),
    campaign: { source: platform, medium: 'social', campaign: 'ten-running-tips' },
  })),
};

function drawer() {
  const fetched = mockFetch(
    route(routeOf(websitesEndpoints.blogPosts, { id: site.id }), { body: [written, waiting] }),
    route(routeOf(websitesEndpoints.blogPromotion, { id: 40 }), { body: PROMOTION }),
    route(routeOf(socialEndpoints.createDrafts), (call) => ({
      status: 201,
      body: (call.body as { posts: Array<Record<string, unknown>> }).posts.map((post, index) => ({
        ...post,
        id: index + 1,
        tone: 'professional',
        imageUrl: null,
        status: 'draft',
        engagement: { likes: 0, shares: 0, comments: 0, reach: 0 },
        engagementUpdatedAt: null,
        publishedAt: null,
        scheduledAt: null,
        publishMode: null,
        externalUrl: null,
        publishError: null,
        visits: 0,
        createdAt: '2026-11-20T09:00:00.000Z',
        updatedAt: '2026-11-20T09:00:00.000Z',
      })),
    })),
  );
  renderScreen(<BlogPostsDrawer site={site} open onClose={() => {}} />, { path: '/website' });
  return fetched;
}

it('shows the visits a promoted post brought, and only a written post with an address offers Promote (issue 27)', async () => {
  drawer();
  const items = await waitFor(() => {
    const found = document.body.querySelectorAll('[data-testid^="post-"]');
    return found.length === 2 ? Array.from(found) : null;
  });
  expect(items![0].textContent).toContain('7 visits');
  expect(items![0].textContent).toContain('Promote');
  expect(items![1].textContent).not.toContain('visits');
  expect(items![1].textContent).not.toContain('Promote');
});

it('the Promote step shows the posts with their UTM links and keeps the chosen ones with their campaign tags', async () => {
  const fetched = drawer();
  await waitFor(() => document.body.querySelector('[data-testid="post-40"]'));
  await click(button('Promote'));
  try {
    await waitFor(() => document.body.textContent?.includes(link('twitter')));
  } catch (e) {
    console.log(JSON.stringify(fetched.calls), document.body.textContent?.slice(0, 1500));
    throw e;
  }
  // Leave X out.
  const twitter = Array.from(document.body.querySelectorAll<HTMLInputElement>('.ant-modal input[type="checkbox"]'))[1];
  await click(twitter);
  await click(button('Keep 1 draft'));
  await waitFor(() => document.body.textContent?.includes('1 draft saved in Social Media'));
  const kept = fetched.calls.find((call) => call.method === 'POST')!.body as { posts: Array<Record<string, unknown>> };
  expect(kept.posts).toEqual([
    {
      platform: 'linkedin',
      topic: 'Ten running tips',
      content: PROMOTION.posts[0].content,
      hashtags: ['Running'],
      campaign: { source: 'linkedin', medium: 'social', campaign: 'ten-running-tips' },
    },
  ]);
});

it('speaks the person’s language', async () => {
  await act(() => setLocale('es'));
  drawer();
  await waitFor(() => document.body.querySelector('[data-testid="post-40"]'));
  expect(document.body.textContent).toContain('7 visitas');
  expect(button('Promocionar')).toBeTruthy();
});

it('publishes a written draft on a site with WordPress after the confirmation, then opens Promote by itself', async () => {
  const wordpressSite = aSite({ wordpress: { configured: true, username: 'editor' } });
  const draft = { ...written, websiteId: wordpressSite.id };
  const live = { ...draft, status: 'published' as const, wordpressUrl: 'https://blog.example.com/ten-running-tips/' };
  const fetched = mockFetch(
    // The list as the server has it: published once the publish call came.
    route(routeOf(websitesEndpoints.blogPosts, { id: wordpressSite.id }), () => ({
      body: [fetched.calls.some((call) => call.method === 'POST') ? live : draft],
    })),
    route(routeOf(websitesEndpoints.publishBlogPost, { id: 40 }), { status: 201, body: live }),
    route(routeOf(websitesEndpoints.blogPromotion, { id: 40 }), { body: PROMOTION }),
  );
  renderScreen(<BlogPostsDrawer site={wordpressSite} open onClose={() => {}} />, { path: '/website' });
  await waitFor(() => document.body.querySelector('[data-testid="post-40"]'));
  await click(button('Publish'));
  await waitFor(() => document.body.textContent?.includes('Publish on your site?'));
  expect(fetched.calls.some((call) => call.method === 'POST')).toBe(false);
  const confirm = await waitFor(() =>
    document.body.querySelector<HTMLButtonElement>('.ant-popconfirm-buttons .ant-btn-primary'),
  );
  await click(confirm!);
  // The Promote step opens with the posts for the live address.
  await waitFor(() => document.body.textContent?.includes(link('twitter')));
  expect(fetched.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
    endpointUrl(websitesEndpoints.publishBlogPost, { id: 40 }),
  ]);
  const item = document.body.querySelector('[data-testid="post-40"]')!;
  expect(item.textContent).toContain('Published');
  expect(item.textContent).not.toContain('Publish on your site?');
});

it('offers Publish only for a written draft on a site with a WordPress connection', async () => {
  mockFetch(route(routeOf(websitesEndpoints.blogPosts, { id: site.id }), { body: [written, waiting] }));
  renderScreen(<BlogPostsDrawer site={site} open onClose={() => {}} />, { path: '/website' });
  await waitFor(() => document.body.querySelector('[data-testid="post-40"]'));
  expect(() => button('Publish')).toThrow();
});

it('opens the Promote step of the post /website?promote=<id> names (the notification of a post gone live)', async () => {
  mockFetch(
    route(routeOf(websitesEndpoints.list), { body: [site] }),
    route(routeOf(websitesEndpoints.blogPromotion, { id: 40 }), { body: PROMOTION }),
    (call) => (call.method === 'GET' && call.url.includes('/analytics') ? { body: [] } : undefined),
  );
  const rendered = renderScreen(<WebsitePage />, { path: '/website?promote=40' });
  await waitFor(() => document.body.textContent?.includes(link('linkedin')));
  expect(document.querySelector('.ant-modal')?.textContent).toContain('Promote “Ten running tips”');
  // The address no longer names it, so going back does not open it again.
  await waitFor(() => rendered.location().search === '');
});
