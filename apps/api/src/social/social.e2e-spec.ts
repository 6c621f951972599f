// The Social Media screen's calls over HTTP (spec §7, DECISIONS §Identity, §Integrations, real
// growth): validation with the contract's messages, AI drafts within each platform's limit, edits,
// the schedule's transitions, Publish Now through the share page (no account connected here), the
// user-id path rule and ownership, stats and growth from stored figures, the dashboard and header
// search. No job workers: a scheduled post's job stays queued here (social-scheduling.e2e-spec.ts
// runs them).
import {
  checkPostLength,
  composePostText,
  type DashboardResponse,
  type PublishSocialPostResult,
  type SearchResponse,
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORMS,
  type SocialAccount,
  type SocialPlatform,
  type SocialPlatformStats,
  type SocialPost,
  tooLongMessage,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { publishJobsOf } from '../../test/social-jobs';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  // Many people sign up here: more than a real visitor's 20 a minute.
  t = await createTestApp({ env: { JOBS_WORKERS: 'false', AUTH_REGISTER_RATE_LIMIT: '1000' } });
  db = t.app.get<DataSource>(getDataSourceToken());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function user(): Promise<{ agent: Agent; id: number }> {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
}

const create = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/social/create').send(body);
const draft = async (agent: Agent, platform: SocialPlatform = 'linkedin', topic = 'Remote work and team culture') =>
  (await create(agent, { platform, topic }).expect(201)).body as SocialPost;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const list = async (agent: Agent, id: number) =>
  (await agent.get(`/api/social/${id}`).expect(200)).body as SocialPost[];

describe('POST /api/social/create', () => {
  it.each([
    [{ topic: 'Bees' }, SOCIAL_MESSAGES.platformRequired],
    [{ platform: '', topic: 'Bees' }, SOCIAL_MESSAGES.platformRequired],
    [{ platform: 'myspace', topic: 'Bees' }, SOCIAL_MESSAGES.platformInvalid],
    [{ platform: 'twitter' }, SOCIAL_MESSAGES.topicRequired],
    [{ platform: 'twitter', topic: '   ' }, SOCIAL_MESSAGES.topicRequired],
    [{ platform: 'twitter', topic: 'Bees', tone: 'angry' }, SOCIAL_MESSAGES.toneInvalid],
  ])('answers 400 with the message for %j and saves nothing', async (body, message) => {
    const { agent, id } = await user();
    const response = await create(agent, body).expect(400);
    expect(response.body.message).toContain(message);
    expect(await list(agent, id)).toEqual([]);
  });

  it('writes a professional draft by default, with hashtags, and lists it for its owner', async () => {
    const { agent, id } = await user();
    const post = (
      await create(agent, { userId: id, platform: 'linkedin', topic: '  Remote work and team culture ' }).expect(201)
    ).body as SocialPost;
    expect(post).toMatchObject({
      platform: 'linkedin',
      topic: 'Remote work and team culture',
      tone: 'professional',
      status: 'draft',
      engagement: { likes: 0, shares: 0, comments: 0, reach: 0 },
      publishedAt: null,
      scheduledAt: null,
      publishMode: null,
      publishError: null,
    });
    expect(post.content).toContain('Remote work and team culture');
    expect(post.hashtags.length).toBeGreaterThanOrEqual(3);
    expect(await list(agent, id)).toEqual([post]);
  });

  it.each(SOCIAL_PLATFORMS)("fits a %s post to the platform's limit, for a 500-character topic", async (platform) => {
    const { agent } = await user();
    const topic =
      'Planning for stronger winter storms in small coastal towns, with harbour walls and fishing fleets at risk. '
        .repeat(5)
        .slice(0, 500);
    const post = (await create(agent, { platform, topic, tone: 'enthusiastic' }).expect(201)).body as SocialPost;
    expect(checkPostLength(platform, post.content, post.hashtags)).toBeNull();
    expect(post.tone).toBe('enthusiastic');
  });

  it("refuses another user's id in the body with 403 and saves nothing", async () => {
    const a = await user();
    const b = await user();
    expect((await create(a.agent, { userId: b.id, platform: 'twitter', topic: 'Bees' }).expect(403)).body).toEqual({
      message: SOCIAL_MESSAGES.otherUserCreate,
    });
    expect(await list(a.agent, a.id)).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect(
      (await request(t.http).post('/api/social/create').send({ platform: 'twitter', topic: 'Bees' }).expect(401)).body,
    ).toEqual({ message: 'Unauthorized' });
  });
});

describe('GET /api/social/:userId', () => {
  it("answers 403 for another user's id, and lists only the user's own posts, newest first", async () => {
    const a = await user();
    const b = await user();
    const first = await draft(a.agent);
    const second = await draft(a.agent, 'twitter');
    await draft(b.agent);
    expect((await b.agent.get(`/api/social/${a.id}`).expect(403)).body).toEqual({ message: SOCIAL_MESSAGES.otherUser });
    expect((await list(a.agent, a.id)).map((post) => post.id)).toEqual([second.id, first.id]);
  });

  it('answers 400 for a user id that is not a number', async () => {
    const { agent } = await user();
    expect((await agent.get('/api/social/me').expect(400)).body).toEqual({
      message: 'User id must be a positive whole number',
    });
  });
});

describe('PATCH /api/social/:id', () => {
  it('edits the text and the hashtags (normalised, one of each)', async () => {
    const { agent } = await user();
    const post = await draft(agent, 'twitter');
    const edited = (
      await agent
        .patch(`/api/social/${post.id}`)
        .send({ content: 'A shorter take.', hashtags: ['#AI', 'ai', 'Remote Work'] })
        .expect(200)
    ).body as SocialPost;
    expect(edited).toMatchObject({ content: 'A shorter take.', hashtags: ['AI', 'RemoteWork'], status: 'draft' });
    const image = (
      await agent.patch(`/api/social/${post.id}`).send({ imageUrl: 'https://example.org/a.png' }).expect(200)
    ).body as SocialPost;
    expect(image).toMatchObject({
      content: 'A shorter take.',
      hashtags: ['AI', 'RemoteWork'],
      imageUrl: 'https://example.org/a.png',
    });
  });

  it("answers 400 with the platform's message when the text with its hashtags is over the limit", async () => {
    const { agent, id } = await user();
    const post = await draft(agent, 'twitter');
    const content = 'x'.repeat(275);
    const response = await agent
      .patch(`/api/social/${post.id}`)
      .send({ content, hashtags: ['abc'] })
      .expect(400);
    expect(response.body).toEqual({
      message: tooLongMessage('twitter', [...composePostText(content, ['abc'])].length),
    });
    expect(response.body.message).toBe('X (Twitter) allows 280 characters; this post has 281');
    expect((await list(agent, id))[0].content).toBe(post.content);
    // The same text fits LinkedIn.
    const linkedin = await draft(agent, 'linkedin');
    await agent
      .patch(`/api/social/${linkedin.id}`)
      .send({ content, hashtags: ['abc'] })
      .expect(200);
  });

  it('validates the body with the contract', async () => {
    const { agent } = await user();
    const post = await draft(agent);
    expect((await agent.patch(`/api/social/${post.id}`).send({}).expect(400)).body.message).toBe(
      'Send content, hashtags or an image link to change',
    );
    expect((await agent.patch(`/api/social/${post.id}`).send({ content: ' ' }).expect(400)).body.message).toContain(
      SOCIAL_MESSAGES.contentRequired,
    );
    expect(
      (await agent.patch(`/api/social/${post.id}`).send({ imageUrl: 'ftp://x' }).expect(400)).body.message,
    ).toContain('Image link must be an http(s) address');
  });
});

describe('scheduling', () => {
  it('schedules a draft, reschedules it (a new job each time, on a new version), and unschedules it', async () => {
    const { agent, id } = await user();
    const post = await draft(agent);
    const first = inDays(1);
    const scheduled = (await agent.post(`/api/social/${post.id}/schedule`).send({ scheduledAt: first }).expect(200))
      .body as SocialPost;
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: first });
    const second = inDays(2);
    expect(
      (await agent.post(`/api/social/${post.id}/schedule`).send({ scheduledAt: second }).expect(200)).body,
    ).toMatchObject({ status: 'scheduled', scheduledAt: second });

    const jobs = await publishJobsOf(db, post.id);
    expect(jobs.map((job) => [job.version, new Date(job.startAfter).toISOString()])).toEqual([
      [1, first],
      [2, second],
    ]);
    expect(jobs.every((job) => job.userId === id)).toBe(true);

    // Edits are allowed while scheduled.
    await agent.patch(`/api/social/${post.id}`).send({ content: 'Edited while scheduled.' }).expect(200);

    const unscheduled = (await agent.post(`/api/social/${post.id}/unschedule`).expect(200)).body as SocialPost;
    expect(unscheduled).toMatchObject({ status: 'draft', scheduledAt: null, content: 'Edited while scheduled.' });
    const [{ scheduleVersion }] = await db.query(`SELECT "scheduleVersion" FROM social_posts WHERE id = $1`, [post.id]);
    expect(scheduleVersion).toBe(3);
    expect((await agent.post(`/api/social/${post.id}/unschedule`).expect(409)).body).toEqual({
      message: SOCIAL_MESSAGES.notScheduled,
    });
  });

  it.each<[() => string, string]>([
    [() => new Date(Date.now() - 60_000).toISOString(), SOCIAL_MESSAGES.scheduledInPast],
    [() => inDays(400), SOCIAL_MESSAGES.scheduledTooFar],
    [() => 'tomorrow', SOCIAL_MESSAGES.scheduledAtInvalid],
  ])('answers 400 for a bad time (%#) and leaves the post a draft', async (when, message) => {
    const { agent, id } = await user();
    const post = await draft(agent);
    expect(
      (await agent.post(`/api/social/${post.id}/schedule`).send({ scheduledAt: when() }).expect(400)).body.message,
    ).toBe(message);
    expect((await list(agent, id))[0]).toMatchObject({ status: 'draft', scheduledAt: null });
    expect(await publishJobsOf(db, post.id)).toEqual([]);
  });

  it('answers 409 while the post is being published, for every change', async () => {
    const { agent } = await user();
    const post = await draft(agent);
    await db.query(`UPDATE social_posts SET "publishClaimedAt" = now() WHERE id = $1`, [post.id]);
    const publishing = { message: SOCIAL_MESSAGES.publishing };
    expect((await agent.patch(`/api/social/${post.id}`).send({ content: 'Hi' }).expect(409)).body).toEqual(publishing);
    expect(
      (
        await agent
          .post(`/api/social/${post.id}/schedule`)
          .send({ scheduledAt: inDays(1) })
          .expect(409)
      ).body,
    ).toEqual(publishing);
    expect((await agent.post(`/api/social/${post.id}/publish`).expect(409)).body).toEqual(publishing);
  });
});

describe('Publish Now without a connected account (the share page)', () => {
  it('marks the post published and answers the X intent URL with the whole text', async () => {
    const { agent, id } = await user();
    const post = await draft(agent, 'twitter');
    const result = (await agent.post(`/api/social/${post.id}/publish`).send({}).expect(200))
      .body as PublishSocialPostResult;
    const text = composePostText(post.content, post.hashtags);
    expect(result.share).toEqual({
      url: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}`,
      prefillsText: true,
      text,
    });
    expect(result.post).toMatchObject({
      status: 'published',
      publishMode: 'share',
      externalUrl: null,
      publishError: null,
      engagement: { likes: 0, shares: 0, comments: 0, reach: 0 },
    });
    expect(Date.now() - new Date(result.post.publishedAt!).getTime()).toBeLessThan(60_000);
    expect((await list(agent, id))[0]).toEqual(result.post);
  });

  it.each([
    [
      'linkedin',
      (text: string) => `https://www.linkedin.com/feed/?shareActive=true&text=${encodeURIComponent(text)}`,
      true,
    ],
    ['facebook', () => 'https://www.facebook.com/', false],
    ['instagram', () => 'https://www.instagram.com/', false],
  ] as const)("answers %s's share page", async (platform, url, prefillsText) => {
    const { agent } = await user();
    const post = await draft(agent, platform);
    const result = (await agent.post(`/api/social/${post.id}/publish`).expect(200)).body as PublishSocialPostResult;
    const text = composePostText(post.content, post.hashtags);
    expect(result.share).toEqual({ url: url(text), prefillsText, text });
  });

  it("shares the post's first link on Facebook", async () => {
    const { agent } = await user();
    const post = await draft(agent, 'facebook');
    await agent
      .patch(`/api/social/${post.id}`)
      .send({ content: 'Read more at https://example.org/storms today.' })
      .expect(200);
    const result = (await agent.post(`/api/social/${post.id}/publish`).expect(200)).body as PublishSocialPostResult;
    expect(result.share?.url).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('https://example.org/storms')}`,
    );
  });

  it('publishes a scheduled post now (its queued job becomes void), and a published post can no longer change', async () => {
    const { agent } = await user();
    const post = await draft(agent);
    await agent
      .post(`/api/social/${post.id}/schedule`)
      .send({ scheduledAt: inDays(1) })
      .expect(200);
    await agent.post(`/api/social/${post.id}/publish`).expect(200);
    const [{ scheduleVersion }] = await db.query(`SELECT "scheduleVersion" FROM social_posts WHERE id = $1`, [post.id]);
    expect(scheduleVersion).toBe(2);
    const published = { message: SOCIAL_MESSAGES.alreadyPublished };
    expect((await agent.post(`/api/social/${post.id}/publish`).expect(409)).body).toEqual(published);
    expect((await agent.patch(`/api/social/${post.id}`).send({ content: 'Too late' }).expect(409)).body).toEqual(
      published,
    );
    expect(
      (
        await agent
          .post(`/api/social/${post.id}/schedule`)
          .send({ scheduledAt: inDays(1) })
          .expect(409)
      ).body,
    ).toEqual(published);
    expect((await agent.post(`/api/social/${post.id}/unschedule`).expect(409)).body).toEqual({
      message: SOCIAL_MESSAGES.notScheduled,
    });
  });

  it('settles a publish interrupted more than 5 minutes ago instead of publishing again', async () => {
    const { agent, id } = await user();
    const post = await draft(agent);
    await db.query(`UPDATE social_posts SET "publishClaimedAt" = now() - interval '6 minutes' WHERE id = $1`, [
      post.id,
    ]);
    expect((await agent.post(`/api/social/${post.id}/publish`).expect(409)).body).toEqual({
      message: SOCIAL_MESSAGES.publishInterrupted,
    });
    expect((await list(agent, id))[0]).toMatchObject({
      status: 'draft',
      publishError: SOCIAL_MESSAGES.publishInterrupted,
    });
    // The user has seen the warning: publishing again is up to them.
    expect((await agent.post(`/api/social/${post.id}/publish`).expect(200)).body.post.status).toBe('published');
  });
});

describe('delete and ownership', () => {
  it('deletes, then answers 404', async () => {
    const { agent, id } = await user();
    const post = await draft(agent);
    await agent.delete(`/api/social/${post.id}`).expect(204);
    expect(await list(agent, id)).toEqual([]);
    expect((await agent.delete(`/api/social/${post.id}`).expect(404)).body).toEqual({
      message: SOCIAL_MESSAGES.notFound,
    });
  });

  it("answers 404 for another user's post, as for a missing one, and changes nothing", async () => {
    const a = await user();
    const b = await user();
    const post = await draft(a.agent);
    const notFound = { message: SOCIAL_MESSAGES.notFound };
    expect((await b.agent.patch(`/api/social/${post.id}`).send({ content: 'Mine now' }).expect(404)).body).toEqual(
      notFound,
    );
    expect(
      (
        await b.agent
          .post(`/api/social/${post.id}/schedule`)
          .send({ scheduledAt: inDays(1) })
          .expect(404)
      ).body,
    ).toEqual(notFound);
    expect((await b.agent.post(`/api/social/${post.id}/unschedule`).expect(404)).body).toEqual(notFound);
    expect((await b.agent.post(`/api/social/${post.id}/publish`).expect(404)).body).toEqual(notFound);
    expect((await b.agent.delete(`/api/social/${post.id}`).expect(404)).body).toEqual(notFound);
    expect((await b.agent.post('/api/social/2147483647/publish').expect(404)).body).toEqual(notFound);
    expect(await list(a.agent, a.id)).toEqual([post]);
  });
});

describe('accounts', () => {
  it('lists the four platforms, none configured or connected here, and says connecting is not configured', async () => {
    const { agent } = await user();
    const accounts = (await agent.get('/api/social-accounts').expect(200)).body as SocialAccount[];
    expect(accounts).toEqual(
      SOCIAL_PLATFORMS.map((platform) => ({
        platform,
        configured: false,
        connected: false,
        accountName: null,
        connectedAt: null,
        error: null,
      })),
    );
    expect((await agent.get('/api/auth/social/twitter').expect(503)).body).toEqual({
      message: SOCIAL_MESSAGES.notConfigured('twitter'),
    });
    await agent.get('/api/auth/social/myspace').expect(404);
    expect((await agent.delete('/api/social-accounts/twitter').expect(404)).body).toEqual({
      message: SOCIAL_MESSAGES.accountNotFound,
    });
  });

  it('goes back to /social with the error when a callback arrives with no connection started', async () => {
    const { agent } = await user();
    const response = await agent.get('/api/auth/social/linkedin/callback').query({ code: 'x', state: 'y' }).expect(302);
    expect(response.headers.location).toBe('/social?error=linkedin');
  });

  it('disconnects an account', async () => {
    const { agent, id } = await user();
    await db.query(
      `INSERT INTO social_accounts ("userId", platform, "externalAccountId", "accountName", credentials) VALUES ($1, 'facebook', 'page-1', 'My Page', 'not-a-real-secret')`,
      [id],
    );
    const facebook = ((await agent.get('/api/social-accounts').expect(200)).body as SocialAccount[]).find(
      (a) => a.platform === 'facebook',
    );
    expect(facebook).toMatchObject({ connected: true, accountName: 'My Page', error: null });
    await agent.delete('/api/social-accounts/facebook').expect(204);
    expect(
      ((await agent.get('/api/social-accounts').expect(200)).body as SocialAccount[]).every((a) => !a.connected),
    ).toBe(true);
  });

  it('queues an engagement refresh for the user', async () => {
    const { agent, id } = await user();
    await agent.post('/api/social/engagement/refresh').expect(202);
    const jobs = await db.query(
      `SELECT data FROM pgboss.job WHERE name = 'social.engagement' AND (data->>'userId')::int = $1`,
      [id],
    );
    expect(jobs).toEqual([{ data: expect.objectContaining({ payload: { userId: id }, userId: id }) }]);
  });
});

describe('stats, dashboard and search', () => {
  /** A published post with an engagement history: figures at each of the given days ago. */
  async function publishedWithHistory(
    userId: number,
    platform: SocialPlatform,
    history: [daysAgo: number, likes: number, shares: number, comments: number][],
  ) {
    const [{ id }] = await db.query(
      `INSERT INTO social_posts ("userId", platform, topic, content, status, "publishedAt", "publishMode", "externalId", engagement)
       VALUES ($1, $2, 'Figures', 'A post with figures', 'published', now() - interval '20 days', 'connector', $3, $4) RETURNING id`,
      [
        userId,
        platform,
        `ext-${Math.random()}`,
        JSON.stringify({
          likes: history.at(-1)![1],
          shares: history.at(-1)![2],
          comments: history.at(-1)![3],
          reach: 500,
        }),
      ],
    );
    for (const [daysAgo, likes, shares, comments] of history) {
      await db.query(
        `INSERT INTO social_engagement_snapshots ("postId", "userId", platform, likes, shares, comments, reach, "capturedAt") VALUES ($1, $2, $3, $4, $5, $6, 0, now() - $7::int * interval '1 day')`,
        [id, userId, platform, likes, shares, comments, daysAgo],
      );
    }
    return id as number;
  }

  async function publishedDaysAgo(userId: number, platform: SocialPlatform, daysAgo: number) {
    await db.query(
      `INSERT INTO social_posts ("userId", platform, topic, content, status, "publishedAt", "publishMode") VALUES ($1, $2, 'Shared', 'A shared post', 'published', now() - $3::int * interval '1 day', 'share')`,
      [userId, platform, daysAgo],
    );
  }

  it('counts posts per platform, sums engagement, and computes growth from the stored figures, or from posts where there are none', async () => {
    const { agent, id } = await user();
    // LinkedIn: total 10 before two weeks ago, 30 before a week ago, 80 now → last week +20, this week +50…
    await publishedWithHistory(id, 'linkedin', [
      [15, 8, 1, 1],
      [8, 20, 5, 5],
      [1, 50, 20, 10],
    ]);
    // …and a second post first reported this week, +7: 57 against 20, +185 %.
    await publishedWithHistory(id, 'linkedin', [[2, 5, 1, 1]]);
    // X: posts published: 3 this week, 2 the week before (+50 %); a draft and a scheduled one.
    for (const days of [1, 2, 3, 8, 9]) await publishedDaysAgo(id, 'twitter', days);
    await draft(agent, 'twitter');
    const scheduled = await draft(agent, 'twitter');
    await agent
      .post(`/api/social/${scheduled.id}/schedule`)
      .send({ scheduledAt: inDays(3) })
      .expect(200);
    // Facebook: one published this week, none the week before: no percent.
    await publishedDaysAgo(id, 'facebook', 2);

    const stats = (await agent.get('/api/social/stats').expect(200)).body as SocialPlatformStats[];
    expect(stats.map((s) => s.platform)).toEqual([...SOCIAL_PLATFORMS]);
    const by = Object.fromEntries(stats.map((s) => [s.platform, s]));
    expect(by.linkedin).toEqual({
      platform: 'linkedin',
      drafts: 0,
      scheduled: 0,
      published: 2,
      engagement: { likes: 55, shares: 21, comments: 11, reach: 1000, total: 87 },
      growth: { basis: 'engagement', thisWeek: 57, lastWeek: 20, percent: 185 },
      connected: false,
    });
    expect(by.twitter).toMatchObject({
      drafts: 1,
      scheduled: 1,
      published: 5,
      engagement: { total: 0 },
      growth: { basis: 'posts', thisWeek: 3, lastWeek: 2, percent: 50 },
    });
    expect(by.facebook.growth).toEqual({ basis: 'posts', thisWeek: 1, lastWeek: 0, percent: null });
    expect(by.instagram).toMatchObject({
      drafts: 0,
      scheduled: 0,
      published: 0,
      growth: { basis: 'posts', thisWeek: 0, lastWeek: 0, percent: null },
    });

    const { modules } = (await agent.get('/api/dashboard').expect(200)).body as DashboardResponse;
    expect(modules.social).toEqual({
      performance: {
        linkedin: { scheduled: 0, growthRate: 185 },
        twitter: { scheduled: 1, growthRate: 50 },
        facebook: { scheduled: 0, growthRate: 0 },
        instagram: { scheduled: 0, growthRate: 0 },
      },
    });
  });

  it('rounds the percent to one decimal and shows a fall', async () => {
    const { agent, id } = await user();
    // 3 gained last week, 2 this week: -33.3 %.
    await publishedWithHistory(id, 'instagram', [
      [16, 1, 0, 0],
      [10, 4, 0, 0],
      [1, 6, 0, 0],
    ]);
    const stats = (await agent.get('/api/social/stats').expect(200)).body as SocialPlatformStats[];
    expect(stats.find((s) => s.platform === 'instagram')!.growth).toEqual({
      basis: 'engagement',
      thisWeek: 2,
      lastWeek: 3,
      percent: -33.3,
    });
  });

  it("does not count another user's posts", async () => {
    const a = await user();
    const b = await user();
    await draft(a.agent, 'twitter');
    const stats = (await b.agent.get('/api/social/stats').expect(200)).body as SocialPlatformStats[];
    expect(stats.every((s) => s.drafts === 0 && s.published === 0)).toBe(true);
  });

  it('is found by the header search by its topic, a hashtag or its text, and not by another user', async () => {
    const a = await user();
    const b = await user();
    const post = await draft(a.agent, 'linkedin', 'Beekeeping on city rooftops');
    await a.agent
      .patch(`/api/social/${post.id}`)
      .send({ hashtags: ['UrbanBees'] })
      .expect(200);
    const find = async (agent: Agent, q: string) =>
      ((await agent.get('/api/search').query({ q }).expect(200)).body as SearchResponse).results.filter(
        (r) => r.module === 'social',
      );
    const expected = {
      module: 'social',
      type: 'social-post',
      id: post.id,
      title: 'LinkedIn: Beekeeping on city rooftops',
      snippet: post.content.split('\n')[0],
      link: '/social',
    };
    expect(await find(a.agent, 'beekeep')).toEqual([expected]);
    expect(await find(a.agent, '#urbanbees')).toEqual([expected]);
    expect(await find(a.agent, 'considered look')).toEqual([expected]);
    expect(await find(a.agent, '100%_')).toEqual([]);
    expect(await find(b.agent, 'beekeep')).toEqual([]);
  });
});
