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
import dayjs from 'dayjs';
import {
  composePostText,
  SOCIAL_LENGTH_LIMITS,
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
  type EndpointDefinition,
  socialEndpoints as routes,
  type SocialPost,
} from '@aide/contracts';
import { aPost, anAccount, someStats } from '../../test/factories';
import SocialPage from './SocialPage';

afterEach(cleanup);

/** An endpoint's call as the fetch stub's route() names it: the method, a space, the filled path. */
const routeOf = (definition: EndpointDefinition, params?: Record<string, string | number>) =>
  `${definition.method} ${endpointUrl(definition, params)}`;

const LIST = routeOf(routes.list, { userId: testUser.id });
const stats = SOCIAL_PLATFORMS.map((platform) => someStats(platform));
const accounts = SOCIAL_PLATFORMS.map((platform) => anAccount(platform));

const dialog = () =>
  document.body.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;
const field = (label: string) =>
  document.getElementById(byText(label, 'label').getAttribute('for')!) as HTMLInputElement | HTMLTextAreaElement;
const cards = () => Array.from(document.body.querySelectorAll<HTMLElement>('.aide-social-grid article'));
const cardOf = (post: SocialPost) => document.body.querySelector<HTMLElement>(`[data-testid="post-${post.id}"]`)!;
const inCard = (post: SocialPost, text: string) =>
  Array.from(cardOf(post).querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!;
const inDialog = (text: string) =>
  Array.from(dialog().querySelectorAll('button')).find((b) => b.textContent?.trim() === text)!;
const counter = () => dialog().querySelector<HTMLElement>('.aide-social-counter')!;

async function screen({
  posts = [] as SocialPost[],
  platformStats = stats,
  platformAccounts = accounts,
  path = '/social',
} = {}) {
  const fetch = mockFetch(
    route(LIST, { body: posts }),
    route(routeOf(routes.stats), { body: platformStats }),
    route(routeOf(routes.accounts), { body: platformAccounts }),
  );
  const rendered = renderScreen(<SocialPage />, { path });
  await waitFor(
    () => !document.body.querySelector('[aria-busy="true"]') && !document.body.querySelector('.ant-skeleton'),
  );
  return { ...fetch, ...rendered };
}

async function pickOption(select: Element, option: string) {
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  // An option's label may hold an icon beside its text.
  const found = () => [
    ...allByText(option, '.ant-select-item-option-content'),
    ...allByText(option, '.ant-select-item-option-content *'),
  ];
  await waitFor(() => found().length > 0);
  const options = found();
  await click(options[options.length - 1]);
}

describe('SocialPage: posts and tabs', () => {
  const draft = aPost({ content: 'A draft about AI', hashtags: ['ai', 'Tech'] });
  const scheduled = aPost({
    platform: 'twitter',
    status: 'scheduled',
    content: 'Going out soon',
    scheduledAt: dayjs().add(2, 'day').toISOString(),
  });
  const published = aPost({
    platform: 'facebook',
    status: 'published',
    content: 'Already out',
    publishedAt: '2026-03-02T10:00:00.000Z',
    publishMode: 'connector',
    engagement: { likes: 12, shares: 3, comments: 4, reach: 1500 },
    engagementUpdatedAt: '2026-03-03T09:30:00.000Z',
    externalUrl: 'https://facebook.com/posts/1',
  });

  it("asks for the signed-in user's posts and shows them with their hashtags as #tag", async () => {
    const { calls } = await screen({ posts: [draft, scheduled, published] });
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        endpointUrl(routes.list, { userId: 1 }),
        endpointUrl(routes.stats),
        endpointUrl(routes.accounts),
      ]),
    );
    expect(byText('Social Media', 'h1')).toBeTruthy();
    expect(cards()).toHaveLength(3);
    expect(Array.from(cardOf(draft).querySelectorAll('.aide-social-hashtags span')).map((s) => s.textContent)).toEqual([
      '#ai',
      '#Tech',
    ]);
  });

  it('counts posts on each tab and shows only that status', async () => {
    await screen({ posts: [draft, scheduled, published] });
    const tabs = Array.from(document.body.querySelectorAll('.ant-tabs-tab')).map((t) =>
      t.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(tabs).toEqual(['All Posts 3', 'Drafts 1', 'Scheduled 1', 'Published 1']);
    await click(byText('Scheduled', '.ant-tabs-tab-btn span'));
    await waitFor(() => cards().length === 1);
    expect(cards()[0].getAttribute('data-testid')).toBe(`post-${scheduled.id}`);
    await click(byText('Drafts', '.ant-tabs-tab-btn span'));
    await waitFor(() => cards()[0]?.getAttribute('data-testid') === `post-${draft.id}`);
    expect(cards()).toHaveLength(1);
  });

  it("gives each status its buttons: a draft's Publish Now, a scheduled post's Reschedule", async () => {
    await screen({ posts: [draft, scheduled, published] });
    expect(Array.from(cardOf(draft).querySelectorAll('button')).map((b) => b.textContent?.trim())).toEqual([
      'Publish Now',
      'Schedule',
      'Edit',
      'Delete',
    ]);
    expect(Array.from(cardOf(scheduled).querySelectorAll('button')).map((b) => b.textContent?.trim())).toEqual([
      'Reschedule',
      'Unschedule',
      'Edit',
      'Delete',
    ]);
  });

  it('shows a published post’s engagement, when the figures were read, and its link', async () => {
    await screen({ posts: [published] });
    const figures = Array.from(cardOf(published).querySelectorAll('.aide-social-engagement dd')).map(
      (d) => d.textContent,
    );
    expect(figures).toEqual(['12', '3', '4', '1.5K']);
    expect(cardOf(published).textContent).toContain(
      `Figures last updated ${dayjs('2026-03-03T09:30:00.000Z').format('MMM D, YYYY HH:mm')}`,
    );
    expect(cardOf(published).querySelector('a[href="https://facebook.com/posts/1"]')!.getAttribute('target')).toBe(
      '_blank',
    );
  });

  it('says a share-published post has figures only through a connected account', async () => {
    const shared = aPost({ status: 'published', publishedAt: '2026-03-02T10:00:00.000Z', publishMode: 'share' });
    await screen({ posts: [shared] });
    expect(cardOf(shared).textContent).toContain(
      'engagement figures come only from posts published through a connected account',
    );
  });

  it('shows the empty state with Create Post when there are no posts', async () => {
    await screen();
    expect(allByText('No posts yet')).toHaveLength(1);
    expect(
      Array.from(document.body.querySelectorAll('button')).filter((b) => b.textContent === 'Create Post'),
    ).toHaveLength(2);
  });

  it('asks before deleting, then deletes', async () => {
    const { calls, use, toasts } = await screen({ posts: [draft] });
    use(route(routeOf(routes.remove, { id: draft.id }), { status: 204 }), route(LIST, { body: [] }));
    await click(inCard(draft, 'Delete'));
    await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(
      Array.from(document.body.querySelectorAll('.ant-modal-confirm button')).find((b) => b.textContent === 'Delete')!,
    );
    await waitFor(() => toasts.some((t) => t.title === SOCIAL_MESSAGES.deleted));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe(endpointUrl(routes.remove, { id: draft.id }));
  });

  it('opens a scheduled post from the calendar', async () => {
    // Today, so the day shown under the calendar (today, at first) lists it.
    const soon = aPost({
      status: 'scheduled',
      content: 'On the calendar',
      scheduledAt: dayjs().startOf('day').add(12, 'hour').toISOString(),
    });
    await screen({ posts: [soon] });
    // A phone-width screen in jsdom: the switch shows icons, named by their titles.
    await click(document.body.querySelector('.ant-segmented [title="Calendar"]')!);
    await waitFor(() => document.body.querySelector('.aide-social-cal-item'));
    await click(document.body.querySelector('.aide-social-cal-item')!);
    await waitFor(() => dialog()?.querySelector(`[data-testid="post-${soon.id}"]`));
    expect(dialog().textContent).toContain('On the calendar');
  });
});

describe('SocialPage: platform stat cards', () => {
  const growth = (platform: SocialPlatform) =>
    document.body.querySelector<HTMLElement>(
      `section[aria-labelledby="social-stats-${platform}"] .aide-social-growth`,
    )!;
  const card = (platform: SocialPlatform) =>
    document.body.querySelector<HTMLElement>(`section[aria-labelledby="social-stats-${platform}"]`)!;

  it('shows scheduled, engagement and growth up, down, none and by posts', async () => {
    await screen({
      platformStats: [
        someStats('linkedin', {
          scheduled: 2,
          engagement: { likes: 10, shares: 2, comments: 3, reach: 99, total: 15 },
          growth: { basis: 'engagement', thisWeek: 15, lastWeek: 10, percent: 50 },
        }),
        someStats('twitter', { growth: { basis: 'engagement', thisWeek: 3, lastWeek: 4, percent: -25 } }),
        someStats('facebook', { growth: { basis: 'engagement', thisWeek: 3, lastWeek: 0, percent: null } }),
        someStats('instagram', { growth: { basis: 'posts', thisWeek: 2, lastWeek: 1, percent: 100 } }),
      ],
    });
    expect(
      Array.from(card('linkedin').querySelectorAll('.aide-social-figure')).map((f) => f.textContent?.trim()),
    ).toEqual(['2', '15', '+50%']);
    expect(growth('linkedin').dataset.direction).toBe('up');
    expect(growth('linkedin').querySelector('.anticon-arrow-up')).toBeTruthy();
    expect(growth('twitter').textContent?.trim()).toBe('−25%');
    expect(growth('twitter').querySelector('.anticon-arrow-down')).toBeTruthy();
    expect(growth('facebook').textContent?.trim()).toBe('—');
    expect(growth('facebook').getAttribute('aria-label')).toContain('No figures last week');
    expect(growth('instagram').getAttribute('aria-label')).toContain('Counts posts published');
    expect(growth('instagram').getAttribute('aria-label')).toContain('because no engagement figures are available');
  });

  it("offers Connect only where the server is configured, and shows a connected account's name", async () => {
    await screen({
      platformAccounts: [
        anAccount('linkedin', { configured: true, connected: true, accountName: 'Ada Lovelace' }),
        anAccount('twitter', { configured: true }),
        anAccount('facebook'),
        anAccount('instagram'),
      ],
    });
    expect(card('linkedin').textContent).toContain('Connected as Ada Lovelace');
    expect(button('Disconnect LinkedIn')).toBeTruthy();
    expect(button('Connect X (Twitter)')).toBeTruthy();
    expect(() => button('Connect Facebook')).toThrow();
  });

  it('disconnects after confirming', async () => {
    const { calls, use, toasts } = await screen({
      platformAccounts: [anAccount('linkedin', { configured: true, connected: true, accountName: 'Ada' })],
    });
    use(route(routeOf(routes.disconnect, { platform: 'linkedin' }), { status: 204 }));
    await click(button('Disconnect LinkedIn'));
    await waitFor(() => document.body.querySelector('.ant-modal-confirm'));
    await click(
      Array.from(document.body.querySelectorAll('.ant-modal-confirm button')).find(
        (b) => b.textContent === 'Disconnect',
      )!,
    );
    await waitFor(() => toasts.some((t) => t.title === SOCIAL_MESSAGES.disconnected));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url === endpointUrl(routes.disconnect, { platform: 'linkedin' })),
    ).toBe(true);
  });

  it('toasts on return from a platform and cleans the address', async () => {
    const { toasts, location } = await screen({ path: '/social?connected=linkedin' });
    await waitFor(() => toasts.length > 0);
    expect(toasts[0].title).toBe('LinkedIn connected');
    expect(location().search).toBe('');
  });

  it('toasts the failure when the platform sent the user back with an error', async () => {
    const { toasts, location } = await screen({ path: '/social?error=twitter' });
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toMatchObject({ title: SOCIAL_MESSAGES.connectFailed, variant: 'destructive' });
    expect(location().search).toBe('');
  });
});

describe('SocialPage: Create Post', () => {
  async function openCreate(posts: SocialPost[] = []) {
    const api = await screen({ posts });
    await click(button('Create Post'));
    await waitFor(() => dialog());
    return api;
  }

  it("requires a platform and a topic: 'Platform is required', 'Topic is required'", async () => {
    const { calls } = await openCreate();
    await click(inDialog('Generate'));
    await waitFor(() => allByText('Platform is required').length > 0);
    expect(allByText('Topic is required')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('generates with the tone defaulting to professional, then shows the editable preview with its counter', async () => {
    const { calls, use, toasts } = await openCreate();
    const created = aPost({ platform: 'twitter', content: 'Hello from the AI', hashtags: ['ai'] });
    use(route(routeOf(routes.create), { status: 201, body: created }));
    // The tone shows Professional before anything is picked.
    expect(dialog().querySelectorAll('.ant-select')[1].textContent).toContain('Professional');
    await pickOption(dialog().querySelector('.ant-select')!, 'X (Twitter)');
    await type(field('Topic'), '  Our launch  ');
    await click(inDialog('Generate'));
    await waitFor(() => calls.some((c) => c.method === 'POST'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: endpointUrl(routes.create),
      body: { userId: testUser.id, platform: 'twitter', topic: 'Our launch', tone: 'professional' },
    });
    await waitFor(() => dialog().textContent?.includes('Post text'));
    expect((field('Post text') as HTMLTextAreaElement).value).toBe('Hello from the AI');
    expect((field('Hashtags') as HTMLInputElement).value).toBe('#ai');
    // 'Hello from the AI' + blank line + '#ai'.
    expect(counter().textContent).toBe(`${composePostText('Hello from the AI', ['ai']).length} / 280`);
    expect(toasts.map((t) => t.title)).toContain(SOCIAL_MESSAGES.created);
  });

  it("toasts 'Failed to create social post' with the server's message and stays on the form", async () => {
    const { use, toasts } = await openCreate();
    use(route(routeOf(routes.create), { status: 503, body: { message: 'The AI is unavailable' } }));
    await pickOption(dialog().querySelector('.ant-select')!, 'LinkedIn');
    await type(field('Topic'), 'X');
    await click(inDialog('Generate'));
    await waitFor(() => toasts.length > 0);
    expect(toasts[0]).toEqual({
      title: 'Failed to create social post',
      description: 'The AI is unavailable',
      variant: 'destructive',
    });
    expect(inDialog('Generate')).toBeTruthy();
  });

  it('saves the edited preview as a draft with PATCH, hashtags without #', async () => {
    const { calls, use } = await openCreate();
    const created = aPost({ platform: 'linkedin', content: 'Generated', hashtags: ['ai'] });
    use(
      route(routeOf(routes.create), { status: 201, body: created }),
      route(routeOf(routes.update, { id: created.id }), { body: { ...created, content: 'Edited' } }),
    );
    await pickOption(dialog().querySelector('.ant-select')!, 'LinkedIn');
    await type(field('Topic'), 'Launch');
    await click(inDialog('Generate'));
    await waitFor(() => dialog().textContent?.includes('Post text'));
    await type(field('Post text'), 'Edited');
    await type(field('Hashtags'), '#ai, #Launch news');
    await click(inDialog('Save draft'));
    await waitFor(() => calls.some((c) => c.method === 'PATCH'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      content: 'Edited',
      hashtags: ['ai', 'Launch', 'news'],
    });
  });
});

describe('SocialPage: the live character counter', () => {
  it.each(SOCIAL_PLATFORMS)(
    'counts %s posts against its limit, and over it turns red and blocks saving',
    async (platform) => {
      const limit = SOCIAL_LENGTH_LIMITS[platform];
      const post = aPost({ platform, content: 'x', hashtags: [] });
      await screen({ posts: [post] });
      await click(inCard(post, 'Edit'));
      await waitFor(() => dialog()?.textContent?.includes('Post text'));
      await type(field('Hashtags'), '');
      await type(field('Post text'), 'a'.repeat(limit));
      expect(counter().textContent).toBe(`${limit.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`);
      expect(counter().dataset.over).toBeUndefined();
      expect(inDialog('Save').disabled).toBe(false);

      // The hashtags count too: '\n\n#a' makes it 4 over.
      await type(field('Hashtags'), 'a');
      expect(counter().textContent).toBe(`${(limit + 4).toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`);
      expect(counter().dataset.over).toBe('true');
      expect(counter().className).toContain('ant-typography-danger');
      expect(inDialog('Save').disabled).toBe(true);
      expect(dialog().textContent).toContain(
        `allows ${limit.toLocaleString('en-US')} characters; this post has ${(limit + 4).toLocaleString('en-US')}`,
      );
    },
  );

  it('counts an emoji as one character, as the platforms do', async () => {
    const post = aPost({ platform: 'twitter', content: 'x' });
    await screen({ posts: [post] });
    await click(inCard(post, 'Edit'));
    await waitFor(() => dialog()?.textContent?.includes('Post text'));
    await type(field('Post text'), '🚀🚀');
    expect(counter().textContent).toBe('2 / 280');
  });
});

describe('SocialPage: Publish Now', () => {
  type FakeTab = { location: { href: string }; close: jest.Mock; opener: unknown };
  let tab: FakeTab;
  let open: jest.Mock;
  let writeText: jest.Mock;

  beforeEach(() => {
    tab = { location: { href: '' }, close: jest.fn(), opener: window };
    open = jest.fn(() => tab);
    window.open = open as unknown as typeof window.open;
    writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });

  function shareAnswer(post: SocialPost, url: string, prefillsText: boolean) {
    return {
      body: {
        post: { ...post, status: 'published', publishMode: 'share', publishedAt: new Date().toISOString() },
        share: { url, prefillsText, text: composePostText(post.content, post.hashtags) },
      },
    };
  }

  it('opens the tab in the click, before the API answers, then points it at the share page (X prefills the text)', async () => {
    const post = aPost({ platform: 'twitter', content: 'Ship it', hashtags: ['dev'] });
    const { calls, use, toasts } = await screen({ posts: [post] });
    const url = 'https://twitter.com/intent/tweet?text=Ship%20it';
    let openedBeforeAnswer = false;
    use(
      route(routeOf(routes.publish, { id: post.id }), () => {
        openedBeforeAnswer = open.mock.calls.length === 1;
        return shareAnswer(post, url, true);
      }),
    );
    await click(inCard(post, 'Publish Now'));
    await waitFor(() => toasts.length > 0);
    expect(openedBeforeAnswer).toBe(true);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe(url);
    expect(writeText).not.toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: endpointUrl(routes.publish, { id: post.id }),
      body: {},
    });
    expect(toasts[0].title).toBe(SOCIAL_MESSAGES.sharedOpened);
  });

  it.each(['instagram', 'facebook'] as const)(
    'copies the text to the clipboard for %s, which cannot take it, and says so',
    async (platform) => {
      const post = aPost({ platform, content: 'Look at this', hashtags: ['photo'] });
      const { use, toasts } = await screen({ posts: [post] });
      const url = platform === 'instagram' ? 'https://www.instagram.com/' : 'https://www.facebook.com/';
      use(route(routeOf(routes.publish, { id: post.id }), shareAnswer(post, url, false)));
      await click(inCard(post, 'Publish Now'));
      await waitFor(() => toasts.length > 0);
      expect(writeText).toHaveBeenCalledWith('Look at this\n\n#photo');
      expect(tab.location.href).toBe(url);
      expect(toasts[0].title).toBe(SOCIAL_MESSAGES.sharedOpened);
      expect(toasts[0].description).toContain('on your clipboard');
    },
  );

  it("closes the tab and toasts 'Failed to publish post' with the server's message on a platform error", async () => {
    const post = aPost({ platform: 'linkedin' });
    const { use, toasts } = await screen({ posts: [post] });
    use(
      route(routeOf(routes.publish, { id: post.id }), {
        status: 502,
        body: { message: 'LinkedIn refused the post: token expired' },
      }),
    );
    await click(inCard(post, 'Publish Now'));
    await waitFor(() => toasts.length > 0);
    expect(tab.close).toHaveBeenCalled();
    expect(toasts[0]).toEqual({
      title: 'Failed to publish post',
      description: 'LinkedIn refused the post: token expired',
      variant: 'destructive',
    });
  });

  it('opens no tab when the platform has a connected account', async () => {
    const post = aPost({ platform: 'linkedin' });
    const { use, toasts } = await screen({
      posts: [post],
      platformAccounts: [anAccount('linkedin', { configured: true, connected: true, accountName: 'Ada' })],
    });
    use(
      route(routeOf(routes.publish, { id: post.id }), {
        body: { post: { ...post, status: 'published', publishMode: 'connector' }, share: null },
      }),
    );
    await click(inCard(post, 'Publish Now'));
    await waitFor(() => toasts.length > 0);
    expect(open).not.toHaveBeenCalled();
    expect(toasts[0].title).toBe(SOCIAL_MESSAGES.published);
  });
});

describe('SocialPage: Schedule and Reschedule', () => {
  const pickerInput = () => dialog().querySelector<HTMLInputElement>('.ant-picker input')!;

  it('refuses a time in the past: an overdue post cannot be rescheduled to its old time', async () => {
    const overdue = aPost({ status: 'scheduled', scheduledAt: dayjs().subtract(1, 'hour').toISOString() });
    const { calls } = await screen({ posts: [overdue] });
    await click(inCard(overdue, 'Reschedule'));
    await waitFor(() => dialog()?.textContent?.includes('Reschedule post'));
    await click(inDialog('Reschedule'));
    await waitFor(() => dialog().textContent?.includes(SOCIAL_MESSAGES.scheduledInPast));
    expect(calls.some((c) => c.url.endsWith('/schedule'))).toBe(false);
  });

  it('greys out the days before today in the picker', async () => {
    const draft = aPost();
    await screen({ posts: [draft] });
    await click(inCard(draft, 'Schedule'));
    await waitFor(() => dialog()?.querySelector('.ant-picker'));
    await act(async () => {
      pickerInput().dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      pickerInput().focus();
      pickerInput().click();
    });
    const yesterday = dayjs().subtract(1, 'day');
    // The picker opens on the default time's month; show the month of yesterday if it differs.
    await waitFor(() => document.body.querySelector('.ant-picker-dropdown td[title]'));
    if (!document.body.querySelector(`.ant-picker-dropdown td[title="${yesterday.format('YYYY-MM-DD')}"]`)) {
      await click(document.body.querySelector('.ant-picker-dropdown .ant-picker-header-prev-btn')!);
    }
    const cell = await waitFor(() =>
      document.body.querySelector(`.ant-picker-dropdown td[title="${yesterday.format('YYYY-MM-DD')}"]`),
    );
    expect(cell!.className).toContain('ant-picker-cell-disabled');
    const today = document.body.querySelector(`.ant-picker-dropdown td[title="${dayjs().format('YYYY-MM-DD')}"]`)!;
    expect(today.className).not.toContain('ant-picker-cell-disabled');
  });

  it('schedules a draft at the chosen time, and warns that without an account it comes back as a draft', async () => {
    const draft = aPost({ platform: 'instagram' });
    const { calls, use, toasts } = await screen({ posts: [draft] });
    use(
      route(routeOf(routes.schedule, { id: draft.id }), (call) => ({
        body: { ...draft, status: 'scheduled', scheduledAt: (call.body as { scheduledAt: string }).scheduledAt },
      })),
    );
    await click(inCard(draft, 'Schedule'));
    await waitFor(() => dialog()?.textContent?.includes('Schedule post'));
    expect(dialog().textContent).toContain('No Instagram account is connected');
    expect(dialog().textContent).toContain('moves back to Drafts');
    const shown = pickerInput().value;
    await click(inDialog('Schedule'));
    await waitFor(() => toasts.some((t) => t.title === SOCIAL_MESSAGES.scheduled));
    const body = calls.find((c) => c.url === endpointUrl(routes.schedule, { id: draft.id }))!.body as {
      scheduledAt: string;
    };
    expect(dayjs(body.scheduledAt).format('YYYY-MM-DD HH:mm')).toBe(shown);
    expect(dayjs(body.scheduledAt).isAfter(dayjs())).toBe(true);
  });

  it('reschedules to a newly picked day with POST /schedule', async () => {
    const at = dayjs().add(3, 'day').hour(9).minute(0).second(0).millisecond(0);
    const post = aPost({ status: 'scheduled', scheduledAt: at.toISOString() });
    const { calls, use, toasts } = await screen({ posts: [post] });
    use(
      route(routeOf(routes.schedule, { id: post.id }), (call) => ({
        body: { ...post, scheduledAt: (call.body as { scheduledAt: string }).scheduledAt },
      })),
    );
    await click(inCard(post, 'Reschedule'));
    await waitFor(() => dialog()?.textContent?.includes('Reschedule post'));
    expect(pickerInput().value).toBe(at.format('YYYY-MM-DD HH:mm'));

    const later = at.add(1, 'day');
    await type(pickerInput(), later.format('YYYY-MM-DD HH:mm'));
    await act(async () => {
      pickerInput().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await settle();
    await click(inDialog('Reschedule'));
    await waitFor(() => toasts.some((t) => t.title === SOCIAL_MESSAGES.rescheduled));
    const call = calls.find((c) => c.url === endpointUrl(routes.schedule, { id: post.id }))!;
    expect(call.method).toBe('POST');
    expect(dayjs((call.body as { scheduledAt: string }).scheduledAt).toISOString()).toBe(later.toISOString());
  });

  it('unschedules back to drafts', async () => {
    const post = aPost({ status: 'scheduled', scheduledAt: dayjs().add(1, 'day').toISOString() });
    const { calls, use, toasts } = await screen({ posts: [post] });
    use(route(routeOf(routes.unschedule, { id: post.id }), { body: { ...post, status: 'draft', scheduledAt: null } }));
    await click(inCard(post, 'Unschedule'));
    await waitFor(() => toasts.some((t) => t.title === SOCIAL_MESSAGES.unscheduled));
    expect(calls.some((c) => c.method === 'POST' && c.url === endpointUrl(routes.unschedule, { id: post.id }))).toBe(
      true,
    );
  });
});
