import { createHash, randomBytes } from 'node:crypto';
import { SOCIAL_MESSAGES, type SocialPlatform } from '@aide/contracts';
import { startSocialPlatforms, type SocialPlatforms } from '../../../test/social-platforms';
import { toLittleText } from './linkedin.connector';
import { isRetryableSocialError } from './platform-http';
import { SocialConnectorError, type SocialConnector, type SocialConnectors } from './social-connector';
import {
  buildSocialConnectors,
  isSocialPlatformConfigured,
  parseSocialEnv,
  socialOAuthClient,
  type SocialEnv,
} from './social-connectors.provider';
import { exchangeSocialCode, refreshSocialTokens } from './social-oauth';
import { TwitterConnector } from './twitter.connector';

let fake: SocialPlatforms;
let env: SocialEnv;
let connectors: SocialConnectors;
const connector = (platform: SocialPlatform): SocialConnector => connectors.get(platform)!;

beforeAll(async () => {
  fake = await startSocialPlatforms();
  env = parseSocialEnv(fake.env);
  connectors = buildSocialConnectors(env);
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<SocialConnectorError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof SocialConnectorError))
    throw new Error(`expected a SocialConnectorError, got ${String(error)}`);
  return error;
}

const post = (text: string, imageUrl: string | null = null) => ({ text, imageUrl });

describe('provider', () => {
  it('builds the four connectors from the environment, X with HTTP Basic and PKCE', () => {
    expect([...connectors.keys()].sort()).toEqual(['facebook', 'instagram', 'linkedin', 'twitter']);
    expect(connector('twitter').oauth).toMatchObject({
      tokenUrl: `${fake.origin}/x/2/oauth2/token`,
      clientAuth: 'basic',
      pkce: true,
      scope: 'tweet.read tweet.write users.read offline.access',
    });
    expect(connector('linkedin').oauth).toMatchObject({
      authorizeUrl: `${fake.origin}/linkedin/oauth/v2/authorization`,
      tokenUrl: `${fake.origin}/linkedin/oauth/v2/accessToken`,
      clientAuth: 'body',
    });
    expect(connector('instagram').oauth.tokenUrl).toBe(`${fake.origin}/graph/v21.0/oauth/access_token`);
  });

  it('counts a platform as configured only with both client id and secret, Instagram through the Facebook app', () => {
    const bare = parseSocialEnv({
      TWITTER_CLIENT_ID: 'id-only',
      FACEBOOK_CLIENT_ID: 'meta',
      FACEBOOK_CLIENT_SECRET: 'secret',
    });
    expect(isSocialPlatformConfigured(bare, 'twitter')).toBe(false);
    expect(isSocialPlatformConfigured(bare, 'linkedin')).toBe(false);
    expect(isSocialPlatformConfigured(bare, 'facebook')).toBe(true);
    expect(isSocialPlatformConfigured(bare, 'instagram')).toBe(true);
    expect(socialOAuthClient(bare, 'twitter')).toBeUndefined();
    expect(socialOAuthClient(bare, 'instagram')).toEqual({
      label: 'Instagram',
      tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
      clientAuth: 'body',
      clientId: 'meta',
      clientSecret: 'secret',
    });
    expect(bare.LINKEDIN_API_VERSION).toMatch(/^\d{6}$/);
  });
});

describe('X', () => {
  it('identifies the account as @username', async () => {
    await expect(connector('twitter').identify(fake.issueToken('twitter'))).resolves.toEqual({
      externalAccountId: fake.twitterUser.id,
      accountName: '@ada_writes',
    });
  });

  it('publishes the text with the bearer token and answers the post and its address', async () => {
    const token = fake.issueToken('twitter');
    const published = await connector('twitter').publish(token, fake.twitterUser.id, post('Hello from Aide\n\n#ai'));
    const [sent] = fake.published.twitter;
    expect(published).toEqual({ externalId: sent.id, url: `https://x.com/i/web/status/${sent.id}` });
    expect(sent.request).toMatchObject({ method: 'POST', path: '/2/tweets', body: { text: 'Hello from Aide\n\n#ai' } });
    expect(sent.request.headers.authorization).toBe(`Bearer ${token}`);
    expect(sent.request.headers['content-type']).toBe('application/json');
  });

  it('maps public_metrics: likes, retweets plus quotes as shares, replies, impressions as reach; unknown posts left out', async () => {
    fake.setMetrics('twitter', '111', {
      like_count: 5,
      retweet_count: 2,
      quote_count: 1,
      reply_count: 3,
      impression_count: 120,
    });
    const figures = await connector('twitter').engagement(fake.issueToken('twitter'), fake.twitterUser.id, [
      '111',
      '999',
    ]);
    expect([...figures]).toEqual([['111', { likes: 5, shares: 3, comments: 3, reach: 120 }]]);
    expect(fake.requests[0].query.get('tweet.fields')).toBe('public_metrics');
  });

  it('asks for at most 100 posts per lookup', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => String(1000 + i));
    for (const id of ids) fake.setEngagement('twitter', id, { likes: 1 });
    const figures = await connector('twitter').engagement(fake.issueToken('twitter'), fake.twitterUser.id, ids);
    expect(figures.size).toBe(150);
    expect(fake.requests.map((call) => call.query.get('ids')!.split(',').length)).toEqual([100, 50]);
  });

  it('a revoked token is an auth error that says to connect again, without the token', async () => {
    const token = fake.issueToken('twitter');
    fake.revokeTokens('twitter');
    const error = await failure(connector('twitter').publish(token, fake.twitterUser.id, post('Hi')));
    expect(error).toMatchObject({
      auth: true,
      status: 401,
      retryable: false,
      message: "X no longer accepts this account's sign-in: connect it again",
    });
    expect(error.message).not.toContain(token);
    expect(fake.published.twitter).toHaveLength(0);
  });

  it('rate limiting and server errors are retryable; a refusal is not and carries X’s reason', async () => {
    const token = fake.issueToken('twitter');
    fake.failNext('twitter', 429);
    const limited = await failure(connector('twitter').publish(token, fake.twitterUser.id, post('Hi')));
    expect(limited).toMatchObject({
      message: 'X is limiting requests; try again later',
      status: 429,
      retryable: true,
      auth: false,
    });
    fake.failNext('twitter', 503);
    expect(
      isRetryableSocialError(await failure(connector('twitter').publish(token, fake.twitterUser.id, post('Hi')))),
    ).toBe(true);

    await connector('twitter').publish(token, fake.twitterUser.id, post('Same words'));
    const duplicate = await failure(connector('twitter').publish(token, fake.twitterUser.id, post('Same words')));
    expect(duplicate).toMatchObject({
      message: 'X refused the post: You are not allowed to create a Tweet with duplicate content.',
      status: 403,
      retryable: false,
      auth: false,
    });
  });

  it('an unreachable X is retryable', async () => {
    const closed = await startSocialPlatforms();
    await closed.close();
    const offline = new TwitterConnector({
      apiUrl: `${closed.origin}/x`,
      authorizeUrl: closed.env.TWITTER_AUTHORIZE_URL,
    });
    expect(await failure(offline.identify('token'))).toMatchObject({
      message: 'X could not be reached',
      retryable: true,
      auth: false,
      status: undefined,
    });
  });

  it('completes OAuth: PKCE authorize, code exchange with HTTP Basic, refresh that rotates, a spent refresh token is an auth error', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(connector('twitter').oauth.authorizeUrl);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: env.TWITTER_CLIENT_ID!,
      redirect_uri: 'http://localhost:3000/api/social/oauth/callback',
      scope: connector('twitter').oauth.scope,
      state: 'state-123',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const redirect = await fetch(authorize, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://localhost:3000/api/social/oauth/callback');
    expect(back.searchParams.get('state')).toBe('state-123');

    const client = socialOAuthClient(env, 'twitter')!;
    const tokens = await exchangeSocialCode(
      client,
      back.searchParams.get('code')!,
      'http://localhost:3000/api/social/oauth/callback',
      verifier,
    );
    expect(tokens).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    const [exchange] = fake.tokenRequests;
    expect(exchange.authorization).toBe(`Basic ${Buffer.from('x-client-id:x-client-secret').toString('base64')}`);
    expect(exchange.params.get('client_secret')).toBeNull();
    expect(exchange.params.get('code_verifier')).toBe(verifier);
    await expect(connector('twitter').identify(tokens.accessToken)).resolves.toMatchObject({
      accountName: '@ada_writes',
    });

    const refreshed = await refreshSocialTokens(client, tokens);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    await expect(connector('twitter').identify(refreshed.accessToken)).resolves.toMatchObject({
      externalAccountId: fake.twitterUser.id,
    });
    expect(await failure(refreshSocialTokens(client, tokens))).toMatchObject({
      auth: true,
      message: "X no longer accepts this account's sign-in: connect it again",
    });
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const authorize = new URL(connector('twitter').oauth.authorizeUrl);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: env.TWITTER_CLIENT_ID!,
      redirect_uri: 'http://localhost/cb',
      scope: connector('twitter').oauth.scope,
      state: 's',
      code_challenge: createHash('sha256').update('the-right-verifier').digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get(
      'code',
    )!;
    const error = await failure(
      exchangeSocialCode(socialOAuthClient(env, 'twitter')!, code, 'http://localhost/cb', 'a-wrong-verifier'),
    );
    expect(error).toMatchObject({
      auth: false,
      retryable: false,
      message: 'X refused the sign-in: Value passed for the code_verifier was invalid.',
    });
  });
});

describe('LinkedIn', () => {
  const person = () => `urn:li:person:${fake.linkedinMember.sub}`;

  it('identifies the member by the userinfo sub and name', async () => {
    await expect(connector('linkedin').identify(fake.issueToken('linkedin'))).resolves.toEqual({
      externalAccountId: '782bbtaQ',
      accountName: 'Ada Lovelace',
    });
  });

  it('publishes through /rest/posts with the version headers and the documented body, the URN from x-restli-id', async () => {
    const token = fake.issueToken('linkedin');
    const published = await connector('linkedin').publish(
      token,
      fake.linkedinMember.sub,
      post('Shipping today\n\n#ai'),
    );
    const [sent] = fake.published.linkedin;
    expect(published).toEqual({ externalId: sent.id, url: `https://www.linkedin.com/feed/update/${sent.id}/` });
    expect(sent.id).toMatch(/^urn:li:share:\d+$/);
    expect(sent.request.path).toBe('/rest/posts');
    expect(sent.request.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'linkedin-version': env.LINKEDIN_API_VERSION,
      'x-restli-protocol-version': '2.0.0',
    });
    expect(sent.request.body).toEqual({
      author: person(),
      commentary: 'Shipping today\n\n{hashtag|\\#|ai}',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
  });

  it('escapes the little-text reserved characters and keeps hashtags as hashtag templates', () => {
    expect(toLittleText('Launch (beta) [v2] @team *now* ~x <b> {y} | a\\b')).toBe(
      'Launch \\(beta\\) \\[v2\\] \\@team \\*now\\* \\~x \\<b\\> \\{y\\} \\| a\\\\b',
    );
    expect(toLittleText('#AI and #cloud_ops, C# and issue#4')).toBe(
      '{hashtag|\\#|AI} and {hashtag|\\#|cloud\\_ops}, C\\# and issue\\#4',
    );
    expect(toLittleText('See https://example.com/docs/#setup and snake_case')).toBe(
      'See https://example.com/docs/\\#setup and snake\\_case',
    );
    expect(toLittleText('Café #été')).toBe('Café {hashtag|\\#|été}');
  });

  it('reads likes and comments from socialActions (shares and reach stay 0); a deleted post is left out', async () => {
    const token = fake.issueToken('linkedin');
    const { externalId } = await connector('linkedin').publish(token, fake.linkedinMember.sub, post('Figures'));
    fake.setEngagement('linkedin', externalId, { likes: 7, comments: 2, shares: 9, reach: 500 });
    const figures = await connector('linkedin').engagement(token, fake.linkedinMember.sub, [
      externalId,
      'urn:li:share:1',
    ]);
    expect([...figures]).toEqual([[externalId, { likes: 7, comments: 2, shares: 0, reach: 0 }]]);
    const read = fake.requests.find((call) => call.path.startsWith('/rest/socialActions/'))!;
    expect(read.path).toBe(`/rest/socialActions/${encodeURIComponent(externalId)}`);
    expect(read.headers['linkedin-version']).toBe(env.LINKEDIN_API_VERSION);
  });

  it('an invalid token is an auth error; a 500 is retryable', async () => {
    expect(await failure(connector('linkedin').identify('not-a-token'))).toMatchObject({
      auth: true,
      status: 401,
      message: "LinkedIn no longer accepts this account's sign-in: connect it again",
    });
    fake.failNext('linkedin', 500);
    expect(
      await failure(connector('linkedin').publish(fake.issueToken('linkedin'), fake.linkedinMember.sub, post('x'))),
    ).toMatchObject({ retryable: true, auth: false, status: 500 });
  });

  it("refuses to post as someone else, with LinkedIn's reason", async () => {
    const error = await failure(connector('linkedin').publish(fake.issueToken('linkedin'), 'someoneElse', post('x')));
    expect(error).toMatchObject({
      status: 403,
      auth: false,
      retryable: false,
      message: 'LinkedIn refused the post: Not enough permissions to post as urn:li:person:someoneElse',
    });
  });
});

describe('Facebook', () => {
  it('identifies the first managed Page with its token, read with a long-lived user token', async () => {
    const userToken = fake.issueToken('facebook');
    const identity = await connector('facebook').identify(userToken);
    const [page] = fake.pages;
    expect(identity).toEqual({
      externalAccountId: page.id,
      accountName: 'Aide Test Page',
      publishToken: page.accessToken,
    });
    const [exchange] = fake.tokenRequests;
    expect(exchange.params.get('grant_type')).toBe('fb_exchange_token');
    expect(exchange.params.get('fb_exchange_token')).toBe(userToken);
    const accounts = fake.requests.find((call) => call.path === '/me/accounts')!;
    expect(accounts.query.get('fields')).toBe('id,name,access_token');
    expect(accounts.token).not.toBe(userToken);
  });

  it('says so when the account manages no Page', async () => {
    fake.pages = [];
    expect(await failure(connector('facebook').identify(fake.issueToken('facebook')))).toMatchObject({
      message: 'No Facebook Page is managed by this account',
      auth: false,
    });
  });

  it('publishes to the Page feed with the Page token', async () => {
    const [page] = fake.pages;
    const published = await connector('facebook').publish(page.accessToken, page.id, post('Open day on Friday'));
    const [sent] = fake.published.facebook;
    expect(published).toEqual({ externalId: sent.id, url: `https://www.facebook.com/${sent.id}` });
    expect(sent).toMatchObject({ accountId: page.id, text: 'Open day on Friday', token: page.accessToken });
    expect(sent.request).toMatchObject({
      method: 'POST',
      path: `/${page.id}/feed`,
      body: { message: 'Open day on Friday' },
    });
    expect(sent.request.headers.authorization).toBe(`Bearer ${page.accessToken}`);
  });

  it('publishes a post with an image as a Page photo', async () => {
    const [page] = fake.pages;
    const published = await connector('facebook').publish(
      page.accessToken,
      page.id,
      post('Our team', 'https://images.example.com/team.jpg'),
    );
    const [sent] = fake.published.facebook;
    expect(published.externalId).toBe(sent.id);
    expect(sent.request).toMatchObject({
      path: `/${page.id}/photos`,
      body: { url: 'https://images.example.com/team.jpg', caption: 'Our team' },
    });
  });

  it("refuses a user token for posting as the Page, with Graph's reason", async () => {
    const [page] = fake.pages;
    const error = await failure(connector('facebook').publish(fake.issueToken('facebook'), page.id, post('x')));
    expect(error.auth).toBe(false);
    expect(error.message).toMatch(/^Facebook refused the post: \(#200\) If posting to a page/);
  });

  it('maps reactions, comments, shares and unique impressions; reach 0 when the insight does not answer; a deleted post is left out', async () => {
    const [page] = fake.pages;
    fake.setMetrics('facebook', `${page.id}_1`, {
      reactions: 12,
      comments: 4,
      shares: 2,
      post_impressions_unique: 340,
    });
    fake.setMetrics('facebook', `${page.id}_2`, { reactions: 1, comments: 0 });
    const figures = await connector('facebook').engagement(page.accessToken, page.id, [
      `${page.id}_1`,
      `${page.id}_2`,
      `${page.id}_3`,
    ]);
    expect(Object.fromEntries(figures)).toEqual({
      [`${page.id}_1`]: { likes: 12, comments: 4, shares: 2, reach: 340 },
      [`${page.id}_2`]: { likes: 1, comments: 0, shares: 0, reach: 0 },
    });
  });

  it("Graph's invalid-token code 190 is an auth error; its rate-limit code is retryable", async () => {
    const [page] = fake.pages;
    const stale = page.accessToken;
    fake.revokeTokens('facebook');
    const revoked = await failure(connector('facebook').publish(stale, page.id, post('x')));
    expect(revoked).toMatchObject({
      auth: true,
      status: 400,
      message: "Facebook no longer accepts this account's sign-in: connect it again",
    });
    fake.failNext('facebook', 400, {
      error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32 },
    });
    expect(await failure(connector('facebook').publish(fake.pages[0].accessToken, page.id, post('x')))).toMatchObject({
      retryable: true,
      auth: false,
      message: 'Facebook is limiting requests; try again later',
    });
  });
});

describe('Instagram', () => {
  const account = () => fake.pages[0].instagram!;

  it('identifies the professional account linked to a managed Page; publishes with the long-lived user token', async () => {
    const identity = await connector('instagram').identify(fake.issueToken('instagram'));
    expect(identity).toMatchObject({ externalAccountId: account().id, accountName: '@aide.test' });
    const accounts = fake.requests.find((call) => call.path === '/me/accounts')!;
    expect(accounts.query.get('fields')).toBe('name,access_token,instagram_business_account{id,username}');
    expect(identity.publishToken).toBe(accounts.token);
  });

  it('says so when no Page has an Instagram account', async () => {
    fake.pages[0].instagram = null;
    expect((await failure(connector('instagram').identify(fake.issueToken('instagram')))).message).toBe(
      'No Instagram professional account is linked to a Facebook Page this account manages',
    );
  });

  it('will not publish without an image, and asks Instagram nothing', async () => {
    const error = await failure(
      connector('instagram').publish(fake.issueToken('instagram'), account().id, post('Caption only')),
    );
    expect(error).toMatchObject({ message: SOCIAL_MESSAGES.instagramNeedsImage, auth: false, retryable: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('publishes an image: a media container, then media_publish, and answers the permalink', async () => {
    const token = fake.issueToken('instagram');
    const published = await connector('instagram').publish(
      token,
      account().id,
      post('Morning light #photo', 'https://images.example.com/light.jpg'),
    );
    const [sent] = fake.published.instagram;
    expect(sent).toMatchObject({
      accountId: account().id,
      text: 'Morning light #photo',
      imageUrl: 'https://images.example.com/light.jpg',
      token,
    });
    expect(published).toEqual({
      externalId: sent.id,
      url: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/),
    });
    const posts = fake.requests.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([`/${account().id}/media`, `/${account().id}/media_publish`]);
    expect(posts[0].body).toEqual({
      image_url: 'https://images.example.com/light.jpg',
      caption: 'Morning light #photo',
    });
    expect(posts[1].body).toEqual({ creation_id: expect.any(String) });
  });

  it('maps likes, comments and reach', async () => {
    const token = fake.issueToken('instagram');
    fake.setEngagement('instagram', '17900000000000042', { likes: 30, comments: 5, reach: 800 });
    const figures = await connector('instagram').engagement(token, account().id, [
      '17900000000000042',
      '17900000000000043',
    ]);
    expect([...figures]).toEqual([['17900000000000042', { likes: 30, comments: 5, shares: 0, reach: 800 }]]);
  });

  it('a server error is retryable', async () => {
    fake.failNext('instagram', 500);
    const error = await failure(
      connector('instagram').publish(
        fake.issueToken('instagram'),
        account().id,
        post('x', 'https://images.example.com/a.jpg'),
      ),
    );
    expect(error).toMatchObject({ retryable: true, auth: false, status: 500 });
    expect(fake.published.instagram).toHaveLength(0);
  });
});
