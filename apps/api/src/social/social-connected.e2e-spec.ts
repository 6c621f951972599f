// The whole path through the API with the REAL connectors against the local fake platforms
// (test/social-platforms.ts): connecting an account by OAuth (PKCE and state for X, Meta's
// long-lived token and Page for Facebook and Instagram), Publish Now and a scheduled post through
// the connected account, the platforms' refusals as readable messages, engagement read back into
// the posts and the stats, disconnecting, and one user's account out of another's reach. Job
// workers are on (fast polling) for the scheduled post and the engagement refresh.
import { createHash } from 'node:crypto';
import {
  composePostText,
  type PublishSocialPostResult,
  SOCIAL_MESSAGES,
  type SocialAccount,
  type SocialPlatform,
  type SocialPlatformStats,
  type SocialPost,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { publishJobsOf } from '../../test/social-jobs';
import { type SocialPlatforms, startSocialPlatforms } from '../../test/social-platforms';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { toLittleText } from './connectors/linkedin.connector';
import type { SocialCredentials } from './social-account.entity';

jest.setTimeout(60_000);

let fake: SocialPlatforms;
let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  fake = await startSocialPlatforms();
  t = await createTestApp({
    env: {
      ...fake.env,
      ...FAST_JOBS_ENV,
      AUTH_REGISTER_RATE_LIMIT: '1000',
      // No scheduled engagement run for everyone in the middle of a test: only the ones asked for.
      SOCIAL_ENGAGEMENT_CRON: '0 0 1 1 *',
    },
  });
  db = t.app.get<DataSource>(getDataSourceToken());
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

// Every test signs up its own users and connects its own accounts.
beforeEach(() => fake.reset());

let topics = 0;
/** A topic no other test uses: X refuses a tweet whose text it already has. */
const topic = (about: string) => `${about} (${++topics}-${Math.random().toString(36).slice(2, 8)})`;

async function user(): Promise<{ agent: Agent; id: number }> {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
}

async function draft(
  agent: Agent,
  platform: SocialPlatform,
  about = 'Rooftop gardens in the city',
): Promise<SocialPost> {
  return (
    await agent
      .post('/api/social/create')
      .send({ platform, topic: topic(about) })
      .expect(201)
  ).body as SocialPost;
}

const accounts = async (agent: Agent) => (await agent.get('/api/social-accounts').expect(200)).body as SocialAccount[];
const accountOf = async (agent: Agent, platform: SocialPlatform) =>
  (await accounts(agent)).find((account) => account.platform === platform)!;
const posts = async (agent: Agent, id: number) =>
  (await agent.get(`/api/social/${id}`).expect(200)).body as SocialPost[];
const postOf = async (agent: Agent, userId: number, postId: number) =>
  (await posts(agent, userId)).find((post) => post.id === postId)!;
const accountRows = (userId: number) =>
  db.query<
    { platform: string; externalAccountId: string; accountName: string; credentials: string; error: string | null }[]
  >(
    `SELECT platform, "externalAccountId", "accountName", credentials, error FROM social_accounts WHERE "userId" = $1 ORDER BY id`,
    [userId],
  );
const decrypt = (stored: string) => t.app.get(CredentialsCipher).decrypt<SocialCredentials>(stored);

/** The first steps of connecting: the API's authorization URL, and where the platform sends the browser back. */
async function authorize(agent: Agent, platform: SocialPlatform): Promise<{ authUrl: URL; callback: URL }> {
  const start = await agent.get(`/api/auth/social/${platform}`).expect(200);
  const authUrl = new URL(start.body.authUrl as string);
  // The user grants access on the platform, which redirects back to the API.
  const granted = await fetch(authUrl, { redirect: 'manual' });
  expect(granted.status).toBe(302);
  return { authUrl, callback: new URL(granted.headers.get('location')!) };
}

/** Connects the platform the way a browser does, and answers where the API sent the browser at the end. */
async function connect(
  agent: Agent,
  platform: SocialPlatform,
): Promise<{ authUrl: URL; callback: URL; location: string }> {
  const { authUrl, callback } = await authorize(agent, platform);
  const done = await agent.get(callback.pathname + callback.search).expect(302);
  return { authUrl, callback, location: done.headers.location as string };
}

async function publish(agent: Agent, postId: number, status = 200) {
  return agent.post(`/api/social/${postId}/publish`).send({}).expect(status);
}

describe('connecting X', () => {
  it('goes through X with PKCE and a state, stores the account with its token encrypted, and refuses a replayed or forged callback', async () => {
    const { agent, id } = await user();
    const { authUrl, callback, location } = await connect(agent, 'twitter');

    // The authorization URL: on the platform, for our app, with a state and an S256 PKCE challenge.
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(fake.env.TWITTER_AUTHORIZE_URL);
    const state = authUrl.searchParams.get('state');
    const challenge = authUrl.searchParams.get('code_challenge');
    expect(authUrl.searchParams.get('client_id')).toBe(fake.clients.twitter.clientId);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(state).toMatch(/^[\w-]{32,}$/);
    expect(challenge).toMatch(/^[\w-]{43}$/);
    expect(authUrl.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/social\/twitter\/callback$/,
    );
    // The platform sends the browser back to our callback with the code and the same state.
    expect(callback.pathname).toBe('/api/auth/social/twitter/callback');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toMatch(/^twitter-code-/);
    expect(location).toBe('/social?connected=twitter');

    // The token request: HTTP Basic with our client, the code, and the verifier behind the challenge.
    expect(fake.tokenRequests).toHaveLength(1);
    const [exchange] = fake.tokenRequests;
    expect(exchange.params.get('grant_type')).toBe('authorization_code');
    expect(exchange.params.get('code')).toBe(callback.searchParams.get('code'));
    expect(exchange.authorization).toBe(
      `Basic ${Buffer.from(`${fake.clients.twitter.clientId}:${fake.clients.twitter.clientSecret}`).toString('base64')}`,
    );
    expect(createHash('sha256').update(exchange.params.get('code_verifier')!).digest('base64url')).toBe(challenge);

    // Shown connected, as the X user.
    const twitter = await accountOf(agent, 'twitter');
    expect(twitter).toEqual({
      platform: 'twitter',
      configured: true,
      connected: true,
      accountName: `@${fake.twitterUser.username}`,
      connectedAt: expect.any(String),
      error: null,
    });
    expect(JSON.stringify(await accounts(agent))).not.toMatch(/twitter-access-|twitter-refresh-/);

    // Stored: the X user's id, and the tokens only encrypted.
    const rows = await accountRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      platform: 'twitter',
      externalAccountId: fake.twitterUser.id,
      accountName: `@${fake.twitterUser.username}`,
      error: null,
    });
    const credentials = decrypt(rows[0].credentials);
    expect(credentials.accessToken).toMatch(/^twitter-access-/);
    expect(credentials.refreshToken).toMatch(/^twitter-refresh-/);
    expect(rows[0].credentials).not.toContain(credentials.accessToken);
    expect(rows[0].credentials).not.toContain(credentials.refreshToken);
    expect(rows[0].credentials).not.toContain('twitter-');

    // The same callback again: nothing pending any more.
    expect((await agent.get(callback.pathname + callback.search).expect(302)).headers.location).toBe(
      '/social?error=twitter',
    );
    // A new start, and a callback whose state is not this session's: refused before any token request.
    const second = await authorize(agent, 'twitter');
    second.callback.searchParams.set('state', 'forged-state');
    expect((await agent.get(second.callback.pathname + second.callback.search).expect(302)).headers.location).toBe(
      '/social?error=twitter',
    );
    expect(fake.tokenRequests).toHaveLength(1);
    // Still the one account, with the first sign-in's tokens.
    const after = await accountRows(id);
    expect(after).toHaveLength(1);
    expect(decrypt(after[0].credentials).accessToken).toBe(credentials.accessToken);
  });

  it('goes back to /social with the error when X refuses the code, and connects nothing', async () => {
    const { agent, id } = await user();
    fake.failNext('twitter', 400, {
      error: 'invalid_grant',
      error_description: 'The authorization code is invalid or was already used.',
    });
    expect((await connect(agent, 'twitter')).location).toBe('/social?error=twitter');
    expect(await accountRows(id)).toEqual([]);
    expect((await accountOf(agent, 'twitter')).connected).toBe(false);
  });
});

describe('Publish Now through a connected X account', () => {
  it('posts the text with its hashtags once, with the token X issued, and shows the post published with its link', async () => {
    const { agent, id } = await user();
    await connect(agent, 'twitter');
    const post = await draft(agent, 'twitter');

    const result = (await publish(agent, post.id)).body as PublishSocialPostResult;
    expect(result.share).toBeNull();
    expect(result.post).toMatchObject({
      id: post.id,
      status: 'published',
      publishMode: 'connector',
      publishError: null,
    });

    expect(fake.published.twitter).toHaveLength(1);
    const [tweet] = fake.published.twitter;
    expect(tweet.text).toBe(composePostText(post.content, post.hashtags));
    expect(post.hashtags.length).toBeGreaterThan(0);
    const [{ credentials }] = await accountRows(id);
    expect(tweet.token).toBe(decrypt(credentials).accessToken);
    expect(tweet.request.headers.authorization).toBe(`Bearer ${tweet.token}`);
    expect(result.post.externalUrl).toBe(`https://x.com/i/web/status/${tweet.id}`);
    expect(await postOf(agent, id, post.id)).toEqual(result.post);
    const [{ externalId }] = await db.query(`SELECT "externalId" FROM social_posts WHERE id = $1`, [post.id]);
    expect(externalId).toBe(tweet.id);
  });
});

describe("the platform's refusals", () => {
  it("answers 502 with X's reason and leaves the post a draft with it", async () => {
    const { agent, id } = await user();
    await connect(agent, 'twitter');
    const post = await draft(agent, 'twitter');
    fake.failNext('twitter', 403, {
      title: 'Forbidden',
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      status: 403,
    });

    const response = await publish(agent, post.id, 502);
    // X's own words, said once (not wrapped in a second "refused the post").
    const message = 'X refused the post: You are not allowed to create a Tweet with duplicate content.';
    expect(response.body).toEqual({ message });
    expect(await postOf(agent, id, post.id)).toMatchObject({
      status: 'draft',
      publishMode: null,
      publishedAt: null,
      externalUrl: null,
      publishError: message,
    });
    expect(fake.published.twitter).toEqual([]);
    // A refusal of the post is not the account's fault.
    expect((await accountOf(agent, 'twitter')).error).toBeNull();

    // Tried again, it goes out, and the reason is cleared.
    const retried = (await publish(agent, post.id)).body as PublishSocialPostResult;
    expect(retried.post).toMatchObject({ status: 'published', publishMode: 'connector', publishError: null });
    expect(fake.published.twitter).toHaveLength(1);
  });

  it('marks the account when X no longer accepts its token, and publishes nothing', async () => {
    const { agent, id } = await user();
    await connect(agent, 'twitter');
    const post = await draft(agent, 'twitter');
    fake.revokeTokens('twitter');

    const response = await publish(agent, post.id, 502);
    const message = "X no longer accepts this account's sign-in: connect it again";
    expect(response.body).toEqual({ message });
    expect(await postOf(agent, id, post.id)).toMatchObject({ status: 'draft', publishError: message });
    expect(await accountOf(agent, 'twitter')).toMatchObject({ connected: true, error: message });
    expect(fake.published.twitter).toEqual([]);
    // The refused call carried the (now revoked) token it was given.
    expect(fake.requests.filter((call) => call.path === '/2/tweets')).toHaveLength(1);
  });
});

describe('engagement read back', () => {
  it("shows X's figures on the post and in the stats, and leaves a post shared on LinkedIn at zero", async () => {
    const { agent, id } = await user();
    await connect(agent, 'twitter');
    const viaX = await draft(agent, 'twitter');
    await publish(agent, viaX.id);
    // LinkedIn is not connected: shared through the share page, no id on the platform.
    const shared = await draft(agent, 'linkedin');
    expect((await publish(agent, shared.id)).body.post.publishMode).toBe('share');

    const [tweet] = fake.published.twitter;
    fake.setEngagement('twitter', tweet.id, { likes: 12, shares: 3, comments: 4, reach: 900 });
    await agent.post('/api/social/engagement/refresh').expect(202);
    const refreshed = await waitFor(
      async () => {
        const post = await postOf(agent, id, viaX.id);
        return post.engagementUpdatedAt ? post : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'the engagement run' },
    );
    expect(refreshed.engagement).toEqual({ likes: 12, shares: 3, comments: 4, reach: 900 });
    expect(Date.now() - new Date(refreshed.engagementUpdatedAt!).getTime()).toBeLessThan(60_000);
    // X was asked for the figures of that tweet, with the account's token.
    const lookups = fake.requests.filter((call) => call.method === 'GET' && call.path === '/2/tweets');
    expect(lookups).toHaveLength(1);
    expect(lookups[0].query.get('ids')).toBe(tweet.id);
    expect(lookups[0].token).toBe(tweet.token);

    expect(await postOf(agent, id, shared.id)).toMatchObject({
      engagement: { likes: 0, shares: 0, comments: 0, reach: 0 },
      engagementUpdatedAt: null,
    });
    const stats = (await agent.get('/api/social/stats').expect(200)).body as SocialPlatformStats[];
    const by = Object.fromEntries(stats.map((s) => [s.platform, s]));
    expect(by.twitter).toMatchObject({
      published: 1,
      connected: true,
      engagement: { likes: 12, shares: 3, comments: 4, reach: 900, total: 19 },
      growth: { basis: 'engagement', thisWeek: 19, lastWeek: 0, percent: null },
    });
    expect(by.linkedin).toMatchObject({
      published: 1,
      connected: false,
      engagement: { likes: 0, shares: 0, comments: 0, reach: 0, total: 0 },
      growth: { basis: 'posts', thisWeek: 1 },
    });
  });
});

describe('Facebook and Instagram (Meta)', () => {
  it('connects the Page with a long-lived sign-in and publishes with the Page token, not the user token', async () => {
    const { agent, id } = await user();
    const page = fake.pages[0];
    const { authUrl, location } = await connect(agent, 'facebook');
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(fake.env.FACEBOOK_AUTHORIZE_URL);
    expect(location).toBe('/social?connected=facebook');

    // The code for a short-lived user token, then that for a long-lived one.
    expect(fake.tokenRequests.map((call) => call.params.get('grant_type'))).toEqual([
      'authorization_code',
      'fb_exchange_token',
    ]);
    const shortLived = fake.tokenRequests[1].params.get('fb_exchange_token')!;
    expect(shortLived).toMatch(/^EAAUser/);
    const pagesCall = fake.requests.find((call) => call.path === '/me/accounts')!;
    expect(pagesCall.token).toMatch(/^EAAUser/);
    expect(pagesCall.token).not.toBe(shortLived);

    expect(await accountOf(agent, 'facebook')).toMatchObject({ connected: true, accountName: page.name, error: null });
    const [row] = await accountRows(id);
    expect(row.externalAccountId).toBe(page.id);
    expect(decrypt(row.credentials).publishToken).toBe(page.accessToken);
    expect(row.credentials).not.toContain(page.accessToken);

    const post = await draft(agent, 'facebook');
    const result = (await publish(agent, post.id)).body as PublishSocialPostResult;
    expect(fake.published.facebook).toHaveLength(1);
    const [published] = fake.published.facebook;
    expect(published).toMatchObject({
      accountId: page.id,
      text: composePostText(post.content, post.hashtags),
      imageUrl: null,
    });
    expect(published.request.path).toBe(`/${page.id}/feed`);
    expect(published.token).toBe(page.accessToken);
    expect(published.token).not.toBe(pagesCall.token);
    expect(result).toMatchObject({
      share: null,
      post: { status: 'published', publishMode: 'connector', externalUrl: `https://www.facebook.com/${published.id}` },
    });
  });

  it('refuses an Instagram post without an image before calling Instagram, then publishes it with one', async () => {
    const { agent, id } = await user();
    expect((await connect(agent, 'instagram')).location).toBe('/social?connected=instagram');
    const instagram = fake.pages[0].instagram!;
    expect(await accountOf(agent, 'instagram')).toMatchObject({
      connected: true,
      accountName: `@${instagram.username}`,
    });

    const post = await draft(agent, 'instagram');
    const before = fake.requests.length;
    expect((await publish(agent, post.id, 502)).body).toEqual({ message: SOCIAL_MESSAGES.instagramNeedsImage });
    expect(fake.requests).toHaveLength(before);
    expect(await postOf(agent, id, post.id)).toMatchObject({
      status: 'draft',
      publishError: SOCIAL_MESSAGES.instagramNeedsImage,
    });

    const imageUrl = 'https://example.org/rooftop-garden.jpg';
    await agent.patch(`/api/social/${post.id}`).send({ imageUrl }).expect(200);
    const result = (await publish(agent, post.id)).body as PublishSocialPostResult;
    expect(fake.published.instagram).toHaveLength(1);
    const [media] = fake.published.instagram;
    expect(media).toMatchObject({
      accountId: instagram.id,
      imageUrl,
      text: composePostText(post.content, post.hashtags),
    });
    expect(result.share).toBeNull();
    expect(result.post).toMatchObject({
      status: 'published',
      publishMode: 'connector',
      publishError: null,
      imageUrl,
      externalUrl: `https://www.instagram.com/p/${Buffer.from(media.id).toString('base64url').slice(0, 11)}/`,
    });
  });
});

describe('LinkedIn', () => {
  it('connects the member and publishes through the versioned Posts API as them', async () => {
    const { agent } = await user();
    expect((await connect(agent, 'linkedin')).location).toBe('/social?connected=linkedin');
    expect(await accountOf(agent, 'linkedin')).toMatchObject({
      connected: true,
      accountName: fake.linkedinMember.name,
    });

    const post = await draft(agent, 'linkedin');
    const result = (await publish(agent, post.id)).body as PublishSocialPostResult;
    expect(fake.published.linkedin).toHaveLength(1);
    const [published] = fake.published.linkedin;
    expect(published.request.method).toBe('POST');
    expect(published.request.path).toBe('/rest/posts');
    // The API's default version (LINKEDIN_API_VERSION unset).
    expect(published.request.headers['linkedin-version']).toBe('202510');
    expect(published.request.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(published.request.body).toMatchObject({
      author: `urn:li:person:${fake.linkedinMember.sub}`,
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
    });
    expect(published.text).toBe(toLittleText(composePostText(post.content, post.hashtags)));
    expect(result).toMatchObject({ share: null, post: { status: 'published', publishMode: 'connector' } });
    expect(result.post.externalUrl).toBe(`https://www.linkedin.com/feed/update/${published.id}/`);
  });
});

describe('a scheduled post on a connected account', () => {
  it('goes out once through the connector at its time', async () => {
    const { agent, id } = await user();
    await connect(agent, 'twitter');
    const post = await draft(agent, 'twitter');
    const at = new Date(Date.now() + 2000);
    await agent.post(`/api/social/${post.id}/schedule`).send({ scheduledAt: at.toISOString() }).expect(200);
    expect(fake.published.twitter).toEqual([]);

    const done = await waitFor(
      async () => {
        const current = await postOf(agent, id, post.id);
        return current.status === 'published' ? current : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'the scheduled post to be published' },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    // Every due job of the post has run: none publishes a second time.
    await waitFor(async () => (await publishJobsOf(db, post.id)).every((job) => job.state === 'completed'), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: "the post's job to finish",
    });
    expect(fake.published.twitter).toHaveLength(1);
    expect(fake.published.twitter[0].text).toBe(composePostText(post.content, post.hashtags));
    expect(done).toMatchObject({
      publishMode: 'connector',
      externalUrl: `https://x.com/i/web/status/${fake.published.twitter[0].id}`,
      publishError: null,
    });
  });

  it('is tried again later, and stays scheduled with the reason, when the platform is limiting requests', async () => {
    const { agent, id } = await user();
    await connect(agent, 'facebook');
    const post = await draft(agent, 'facebook');
    // Graph's application rate limit (code 4) on a 400: worth another try, not a refusal of the post.
    fake.failNext('facebook', 400, {
      error: {
        message: '(#4) Application request limit reached',
        type: 'OAuthException',
        code: 4,
        is_transient: true,
        fbtrace_id: 'Ab1',
      },
    });
    await agent
      .post(`/api/social/${post.id}/schedule`)
      .send({ scheduledAt: new Date(Date.now() + 1500).toISOString() })
      .expect(200);

    const message = 'Facebook is limiting requests; try again later';
    const failed = await waitFor(
      async () => {
        const current = await postOf(agent, id, post.id);
        return current.publishError ? current : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'the first attempt to fail' },
    );
    expect(failed).toMatchObject({ status: 'scheduled', publishError: message });
    expect(fake.published.facebook).toEqual([]);
    // The job failed, to be retried by the queue (not completed as a final refusal).
    await waitFor(async () => (await publishJobsOf(db, post.id)).some((job) => job.state === 'retry'), {
      timeoutMs: 10_000,
      intervalMs: 100,
      what: 'the job to be retried',
    });
    // Not left to fire during the next tests.
    await agent.post(`/api/social/${post.id}/unschedule`).expect(200);
  });
});

describe('disconnecting', () => {
  it('forgets the account: the next Publish Now on X answers the share page and calls nothing', async () => {
    const { agent, id } = await user();
    await connect(agent, 'twitter');
    await agent.delete('/api/social-accounts/twitter').expect(204);
    expect(await accountOf(agent, 'twitter')).toMatchObject({
      configured: true,
      connected: false,
      accountName: null,
      error: null,
    });
    expect(await accountRows(id)).toEqual([]);

    const post = await draft(agent, 'twitter');
    const before = fake.requests.length;
    const result = (await publish(agent, post.id)).body as PublishSocialPostResult;
    expect(result.share?.url).toBe(
      `https://twitter.com/intent/tweet?text=${encodeURIComponent(composePostText(post.content, post.hashtags))}`,
    );
    expect(result.post).toMatchObject({ status: 'published', publishMode: 'share', externalUrl: null });
    expect(fake.requests).toHaveLength(before);
    expect(fake.published.twitter).toEqual([]);
    await agent.delete('/api/social-accounts/twitter').expect(404);
  });
});

describe("another user's account", () => {
  it('is neither shown nor disconnectable, nor used to publish', async () => {
    const a = await user();
    const b = await user();
    await connect(a.agent, 'twitter');

    expect(await accountOf(b.agent, 'twitter')).toMatchObject({ connected: false, accountName: null });
    expect((await b.agent.delete('/api/social-accounts/twitter').expect(404)).body).toEqual({
      message: SOCIAL_MESSAGES.accountNotFound,
    });
    expect(await accountOf(a.agent, 'twitter')).toMatchObject({
      connected: true,
      accountName: `@${fake.twitterUser.username}`,
    });
    expect(await accountRows(a.id)).toHaveLength(1);

    // B's Publish Now goes to the share page, not through A's account.
    const post = await draft(b.agent, 'twitter');
    expect((await publish(b.agent, post.id)).body.post.publishMode).toBe('share');
    expect(fake.published.twitter).toEqual([]);
  });
});
