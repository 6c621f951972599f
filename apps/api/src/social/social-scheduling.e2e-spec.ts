// Scheduled publishing with the job workers on (fast polling): a post goes out once, at its time,
// through the connected account's connector — after a reschedule, a duplicate delivery of its job,
// and an API restart — a publish interrupted mid-way is never repeated, and refusals leave a
// readable reason. The platform is a small counting connector standing in for X through Nest's
// overrideProvider (the real connectors and fake platform servers have their own suites).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { SOCIAL_MESSAGES, type SocialEngagement, type SocialPlatform, type SocialPost } from '@aide/contracts';
import { ConsoleLogger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { publishJobsOf } from '../../test/social-jobs';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { AppModule } from '../app.module';
import { configureApp } from '../app.setup';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { parseEnv } from '../config/env.schema';
import { JobsService } from '../jobs/jobs.service';
import {
  type PublishedPost,
  type PublishRequest,
  SOCIAL_CONNECTORS,
  type SocialConnector,
  SocialConnectorError,
} from './connectors/social-connector';
import { connectToPublishMessage, SOCIAL_PUBLISH_JOB } from './publishing/social-publisher.service';

jest.setTimeout(60_000);

/** Stands in for X: records every publish; `next` decides the answer of the next ones. */
class CountingConnector implements SocialConnector {
  readonly platform: SocialPlatform = 'twitter';
  readonly oauth = {
    authorizeUrl: 'http://127.0.0.1:9/authorize',
    tokenUrl: 'http://127.0.0.1:9/token',
    scope: 'tweet.write',
    extraParams: {},
    clientAuth: 'basic' as const,
    pkce: true,
  };
  readonly calls: { token: string; accountId: string; post: PublishRequest; at: number }[] = [];
  next: (() => PublishedPost) | null = null;
  /** What engagement() reports, by the post's id on the platform; the ids asked for are recorded. */
  figures = new Map<string, SocialEngagement>();
  readonly engagementAsked: string[][] = [];

  async identify() {
    return { externalAccountId: 'me', accountName: '@me' };
  }

  async publish(token: string, accountId: string, post: PublishRequest): Promise<PublishedPost> {
    this.calls.push({ token, accountId, post, at: Date.now() });
    if (this.next) return this.next();
    const id = `tweet-${this.calls.length}`;
    return { externalId: id, url: `https://x.com/me/status/${id}` };
  }

  async engagement(_token: string, _accountId: string, externalIds: string[]): Promise<Map<string, SocialEngagement>> {
    this.engagementAsked.push(externalIds);
    return new Map(externalIds.flatMap((id) => (this.figures.has(id) ? [[id, this.figures.get(id)!] as const] : [])));
  }
}

const connector = new CountingConnector();
/** The same for every app of this file, so the session cookies survive a restart. */
const SESSION_SECRET = randomBytes(32).toString('hex');

let database: TestDatabase;
let api: NestExpressApplication;
let db: DataSource;

/** The real app on `database` with the counting connector as X's, job workers on. */
async function startApi(): Promise<NestExpressApplication> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    SESSION_SECRET,
    DATA_DIR: os.tmpdir(),
    AUTH_REGISTER_RATE_LIMIT: '1000',
    ...FAST_JOBS_ENV,
    DATABASE_URL: database.url,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(env)] })
    .overrideProvider(SOCIAL_CONNECTORS)
    .useValue(new Map([['twitter', connector]]))
    .setLogger(new ConsoleLogger('Test', { logLevels: ['error'] }))
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    forceCloseConnections: true,
    logger: ['error'],
  });
  await configureApp(app);
  await app.init();
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startApi();
  db = api.get<DataSource>(getDataSourceToken());
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.drop();
});

beforeEach(() => {
  connector.calls.length = 0;
  connector.next = null;
});

/** A user with an X account connected (its token stored encrypted, as the OAuth callback leaves it). */
async function connectedUser(): Promise<{ agent: Agent; id: number }> {
  const { agent, user } = await signUp(request.agent(api.getHttpServer()));
  const credentials = api
    .get(CredentialsCipher)
    .encrypt({ accessToken: `token-of-${user.id}`, refreshToken: null, expiresAt: null });
  await db.query(
    `INSERT INTO social_accounts ("userId", platform, "externalAccountId", "accountName", credentials) VALUES ($1, 'twitter', $2, '@me', $3)`,
    [user.id, `x-${user.id}`, credentials],
  );
  return { agent, id: user.id };
}

async function draft(agent: Agent, platform: SocialPlatform = 'twitter'): Promise<SocialPost> {
  return (await agent.post('/api/social/create').send({ platform, topic: 'Rooftop gardens' }).expect(201))
    .body as SocialPost;
}

const schedule = async (agent: Agent, id: number, at: Date) =>
  (await agent.post(`/api/social/${id}/schedule`).send({ scheduledAt: at.toISOString() }).expect(200))
    .body as SocialPost;

async function row(id: number) {
  const [post] = await db.query<
    {
      status: string;
      publishedAt: Date | null;
      publishMode: string | null;
      externalId: string | null;
      publishError: string | null;
      publishClaimedAt: Date | null;
      scheduleVersion: number;
    }[]
  >(
    `SELECT status, "publishedAt", "publishMode", "externalId", "publishError", "publishClaimedAt", "scheduleVersion" FROM social_posts WHERE id = $1`,
    [id],
  );
  return post;
}

const published = (id: number, timeoutMs = 20_000) =>
  waitFor(async () => ((await row(id)).status === 'published' ? row(id) : undefined), {
    timeoutMs,
    intervalMs: 100,
    what: `post ${id} to be published`,
  });
const notifications = (userId: number) =>
  db.query<{ title: string; body: string | null }[]>(
    `SELECT title, body FROM notifications WHERE "userId" = $1 ORDER BY id`,
    [userId],
  );
/** Every job of this post that was due has finished (a later check a racing delivery may queue is not due). */
const jobsSettled = (postId: number) =>
  waitFor(
    async () =>
      (await publishJobsOf(db, postId))
        .filter((job) => new Date(job.startAfter).getTime() <= Date.now())
        .every((job) => job.state === 'completed'),
    { timeoutMs: 20_000, intervalMs: 100, what: `post ${postId}'s jobs to finish` },
  );

it('publishes a scheduled post once, at its time, through the connected account', async () => {
  const { agent, id } = await connectedUser();
  const post = await draft(agent);
  const at = new Date(Date.now() + 2000);
  await schedule(agent, post.id, at);

  const done = await published(post.id);
  expect(done).toMatchObject({
    publishMode: 'connector',
    externalId: 'tweet-1',
    publishError: null,
    publishClaimedAt: null,
  });
  expect(connector.calls).toHaveLength(1);
  expect(connector.calls[0]).toMatchObject({
    token: `token-of-${id}`,
    accountId: `x-${id}`,
    post: { text: expect.stringContaining(post.content), imageUrl: null },
  });
  expect(connector.calls[0].at).toBeGreaterThanOrEqual(at.getTime());
  await jobsSettled(post.id);
  expect(connector.calls).toHaveLength(1);

  const listed = ((await agent.get(`/api/social/${id}`).expect(200)).body as SocialPost[])[0];
  expect(listed).toMatchObject({
    status: 'published',
    publishMode: 'connector',
    externalUrl: 'https://x.com/me/status/tweet-1',
  });
  expect(await notifications(id)).toContainEqual({ title: 'Post published on X (Twitter)', body: post.content });
});

it('moves the post when it is rescheduled: nothing goes out at the old time', async () => {
  const { agent } = await connectedUser();
  const post = await draft(agent);
  const old = new Date(Date.now() + 2000);
  await schedule(agent, post.id, old);
  const moved = new Date(Date.now() + 5000);
  await schedule(agent, post.id, moved);

  // The old time's job runs and finds a newer schedule.
  await waitFor(async () => (await publishJobsOf(db, post.id))[0].state === 'completed', {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: "the old time's job to run",
  });
  expect(Date.now()).toBeLessThan(moved.getTime());
  expect((await row(post.id)).status).toBe('scheduled');
  expect(connector.calls).toHaveLength(0);

  await published(post.id);
  expect(connector.calls).toHaveLength(1);
  expect(connector.calls[0].at).toBeGreaterThanOrEqual(moved.getTime());
});

it('publishes once when the same job is delivered twice', async () => {
  const { agent, id } = await connectedUser();
  const post = await draft(agent);
  const at = new Date(Date.now() + 2000);
  await schedule(agent, post.id, at);
  const { scheduleVersion } = await row(post.id);
  // The same schedule's job again, due at the same time (a duplicate delivery).
  await api
    .get(JobsService)
    .enqueue(SOCIAL_PUBLISH_JOB, { postId: post.id, version: scheduleVersion }, { userId: id, startAfter: at });
  expect(await publishJobsOf(db, post.id)).toHaveLength(2);

  await published(post.id);
  await jobsSettled(post.id);
  expect(connector.calls).toHaveLength(1);
  expect((await notifications(id)).filter((n) => n.title.startsWith('Post published'))).toHaveLength(1);
});

it('does not publish again after a publish that was interrupted (a claim older than 5 minutes): back to draft with the reason', async () => {
  const { agent, id } = await connectedUser();
  const post = await draft(agent);
  await schedule(agent, post.id, new Date(Date.now() + 60_000));
  // What a publish that died after claiming (the API stopped mid-way) leaves behind.
  await db.query(`UPDATE social_posts SET "publishClaimedAt" = now() - interval '6 minutes' WHERE id = $1`, [post.id]);
  const { scheduleVersion } = await row(post.id);
  await api.get(JobsService).enqueue(SOCIAL_PUBLISH_JOB, { postId: post.id, version: scheduleVersion }, { userId: id });

  await waitFor(async () => (await row(post.id)).status === 'draft', {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: 'the interrupted publish to be settled',
  });
  expect(await row(post.id)).toMatchObject({
    publishError: SOCIAL_MESSAGES.publishInterrupted,
    publishClaimedAt: null,
    scheduleVersion: scheduleVersion + 1,
  });
  expect(connector.calls).toHaveLength(0);
  expect(await notifications(id)).toContainEqual({
    title: 'Publishing on X (Twitter) was interrupted',
    body: SOCIAL_MESSAGES.publishInterrupted,
  });
});

it('leaves a fresh claim to its publisher: the job does nothing and looks again once the claim would be stale', async () => {
  const { agent, id } = await connectedUser();
  const post = await draft(agent);
  await schedule(agent, post.id, new Date(Date.now() + 60_000));
  await db.query(`UPDATE social_posts SET "publishClaimedAt" = date_trunc('milliseconds', now()) WHERE id = $1`, [
    post.id,
  ]);
  const { scheduleVersion, publishClaimedAt } = await row(post.id);
  await api.get(JobsService).enqueue(SOCIAL_PUBLISH_JOB, { postId: post.id, version: scheduleVersion }, { userId: id });

  await waitFor(async () => (await publishJobsOf(db, post.id)).length === 3, {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: 'a later check to be queued',
  });
  const check = (await publishJobsOf(db, post.id))[2];
  expect(check.version).toBe(scheduleVersion);
  expect(new Date(check.startAfter).getTime()).toBeGreaterThanOrEqual(publishClaimedAt!.getTime() + 5 * 60_000);
  expect((await row(post.id)).status).toBe('scheduled');
  expect(connector.calls).toHaveLength(0);
});

it("puts a scheduled post back in the drafts, with the platform's reason and a notification, when the platform refuses it", async () => {
  const { agent, id } = await connectedUser();
  const post = await draft(agent);
  connector.next = () => {
    throw new SocialConnectorError(
      'X refused the post: You are not allowed to create a Tweet with duplicate content.',
      false,
      403,
    );
  };
  await schedule(agent, post.id, new Date(Date.now() + 1500));
  const message = 'X refused the post: You are not allowed to create a Tweet with duplicate content.';
  await waitFor(async () => (await row(post.id)).publishError === message, {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: 'the refusal to be recorded',
  });
  expect(await row(post.id)).toMatchObject({ status: 'draft', publishClaimedAt: null });
  expect(connector.calls).toHaveLength(1);
  expect(await notifications(id)).toContainEqual({
    title: 'Post not published on X (Twitter)',
    body: `${message}. The post is back in your drafts.`,
  });
});

it('marks the account when the platform refuses its token, and says so on the account', async () => {
  const { agent, id } = await connectedUser();
  const post = await draft(agent);
  connector.next = () => {
    throw new SocialConnectorError("X no longer accepts this account's sign-in: connect it again", true, 401);
  };
  const response = await agent.post(`/api/social/${post.id}/publish`).expect(502);
  expect(response.body).toEqual({ message: "X no longer accepts this account's sign-in: connect it again" });
  expect(await row(post.id)).toMatchObject({
    status: 'draft',
    publishError: response.body.message,
    publishClaimedAt: null,
  });
  const accounts = (await agent.get('/api/social-accounts').expect(200)).body as {
    platform: string;
    error: string | null;
  }[];
  expect(accounts.find((a) => a.platform === 'twitter')!.error).toBe(response.body.message);
  const [{ error }] = await db.query(`SELECT error FROM social_accounts WHERE "userId" = $1`, [id]);
  expect(error).toBe(response.body.message);
});

it('Publish Now goes through the connected account: published, no share page', async () => {
  const { agent } = await connectedUser();
  const post = await draft(agent);
  const result = (await agent.post(`/api/social/${post.id}/publish`).send({}).expect(200)).body;
  expect(result).toEqual({
    post: expect.objectContaining({
      status: 'published',
      publishMode: 'connector',
      externalUrl: 'https://x.com/me/status/tweet-1',
    }),
    share: null,
  });
  expect(connector.calls).toHaveLength(1);
});

it('Publish Now answers 502 with the reason, and leaves a scheduled post scheduled, when the platform cannot be reached', async () => {
  const { agent } = await connectedUser();
  const post = await draft(agent);
  await schedule(agent, post.id, new Date(Date.now() + 3_600_000));
  connector.next = () => {
    throw new SocialConnectorError('X could not answer (Service Unavailable); try again later', false, 503, true);
  };
  expect((await agent.post(`/api/social/${post.id}/publish`).expect(502)).body).toEqual({
    message: 'X could not answer (Service Unavailable); try again later',
  });
  expect(await row(post.id)).toMatchObject({
    status: 'scheduled',
    publishError: 'X could not answer (Service Unavailable); try again later',
    publishClaimedAt: null,
  });
});

it('puts a scheduled post with no connected account back in the drafts, saying to connect it', async () => {
  const { agent, user } = await signUp(request.agent(api.getHttpServer()));
  const post = await draft(agent, 'linkedin');
  await schedule(agent, post.id, new Date(Date.now() + 1500));
  await waitFor(async () => (await row(post.id)).status === 'draft', {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: 'the post to go back to draft',
  });
  expect((await row(post.id)).publishError).toBe(connectToPublishMessage('linkedin'));
  expect(connectToPublishMessage('linkedin')).toBe(
    'Connect your LinkedIn account to publish scheduled posts automatically, or use Publish Now',
  );
  expect(await notifications(user.id)).toContainEqual({
    title: 'Post not published on LinkedIn',
    body: `${connectToPublishMessage('linkedin')}. The post is back in your drafts.`,
  });
});

it("reads the figures of the user's posts published through the account, keeps one snapshot per run, and invents none", async () => {
  const { agent, id } = await connectedUser();
  const viaX = await draft(agent);
  await agent.post(`/api/social/${viaX.id}/publish`).expect(200);
  const [{ externalId }] = await db.query(`SELECT "externalId" FROM social_posts WHERE id = $1`, [viaX.id]);
  // Shared by the share page (no id on the platform): never asked about.
  await db.query(
    `INSERT INTO social_posts ("userId", platform, topic, content, status, "publishedAt", "publishMode") VALUES ($1, 'twitter', 'Shared', 'Shared', 'published', now(), 'share')`,
    [id],
  );
  connector.figures.set(externalId, { likes: 12, shares: 3, comments: 4, reach: 900 });
  connector.engagementAsked.length = 0;

  const snapshots = () =>
    db.query(`SELECT likes, shares, comments, reach FROM social_engagement_snapshots WHERE "userId" = $1`, [id]);
  await agent.post('/api/social/engagement/refresh').expect(202);
  await waitFor(async () => (await snapshots()).length === 1, {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: 'the first engagement run',
  });
  expect(connector.engagementAsked).toEqual([[externalId]]);
  const posts = (await agent.get(`/api/social/${id}`).expect(200)).body as SocialPost[];
  expect(posts.find((p) => p.id === viaX.id)).toMatchObject({
    engagement: { likes: 12, shares: 3, comments: 4, reach: 900 },
    engagementUpdatedAt: expect.any(String),
  });
  expect(posts.find((p) => p.publishMode === 'share')).toMatchObject({
    engagement: { likes: 0, shares: 0, comments: 0, reach: 0 },
    engagementUpdatedAt: null,
  });

  connector.figures.set(externalId, { likes: 20, shares: 3, comments: 4, reach: 1000 });
  await agent.post('/api/social/engagement/refresh').expect(202);
  await waitFor(async () => (await snapshots()).length === 2, {
    timeoutMs: 15_000,
    intervalMs: 100,
    what: 'the second engagement run',
  });
  const stats = (await agent.get('/api/social/stats').expect(200)).body as {
    platform: string;
    engagement: { total: number };
    growth: { basis: string };
  }[];
  expect(stats.find((s) => s.platform === 'twitter')).toMatchObject({
    engagement: { total: 27 },
    growth: { basis: 'engagement' },
  });
});

// Last: it replaces the app.
it('publishes a post scheduled before an API restart exactly once, by the restarted API', async () => {
  const { agent } = await connectedUser();
  const post = await draft(agent);
  const at = new Date(Date.now() + 4000);
  await schedule(agent, post.id, at);
  await api.close();
  expect(Date.now()).toBeLessThan(at.getTime());
  expect(connector.calls).toHaveLength(0);

  api = await startApi();
  db = api.get<DataSource>(getDataSourceToken());
  await published(post.id, 30_000);
  await jobsSettled(post.id);
  expect(connector.calls).toHaveLength(1);
  expect(connector.calls[0].at).toBeGreaterThanOrEqual(at.getTime());
});
