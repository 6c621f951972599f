// Content that promotes itself and reports back (issue 27) over HTTP: draft posts from a finished
// research report (its own sentences, its best source or the person's blog post), the 400/403/404
// answers, a written blog post's promotion with UTM links per platform, drafts that keep their
// campaign tags, and the visits fields on social and blog posts.
import {
  type BlogPost,
  type BlogPromotion,
  checkPostLength,
  SOCIAL_MESSAGES,
  type SocialPost,
  WEBSITE_MESSAGES,
} from '@aide/contracts';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
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

const SUMMARY =
  'Air-source heat pumps cut heating emissions by about 60 percent compared with gas boilers [1]. Installation costs fell by a fifth between 2020 and 2024 [2].';
const CONTENT =
  '# Heat pumps in cold climates\n\n## Key findings\n\n- Modern units keep working efficiently down to minus 20 degrees Celsius [3].\n';
const SOURCES = [
  { number: 1, url: 'https://weak.example/post', score: 40 },
  { number: 2, url: 'https://agency.example/report', score: 91 },
  { number: 3, url: 'https://news.example/story', score: 70 },
].map((source) => ({
  number: source.number,
  kind: 'web',
  title: `Source ${source.number}`,
  url: source.url,
  site: new URL(source.url).host,
  author: null,
  publishedAt: null,
  excerpt: 'Read.',
  credibility: { score: source.score, parts: [] },
}));

async function report(userId: number, status = 'completed', topic = 'Heat pumps in cold climates'): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO research_reports ("userId", topic, status, progress, summary, content, sources, "completedAt")
     VALUES ($1, $2, $3, 100, $4, $5, $6, now()) RETURNING id`,
    [userId, topic, status, SUMMARY, CONTENT, JSON.stringify(SOURCES)],
  );
  return row.id;
}

async function blogPost(
  agent: Agent,
  userId: number,
  title: string,
  url: string | null,
): Promise<{ siteId: number; postId: number }> {
  const site = await agent.post('/api/websites').send({ url: 'https://blog.example', name: 'Blog' }).expect(201);
  const [row] = await db.query(
    `INSERT INTO website_blog_posts ("websiteId", "userId", topic, keywords, title, content, status, "wordpressUrl")
     VALUES ($1, $2, $3, '{heat}', $3, $4, 'draft', $5) RETURNING id`,
    [
      site.body.id,
      userId,
      title,
      `# ${title}\n\nModern heat pumps keep working efficiently well below freezing. Insulating first makes the unit smaller and cheaper.`,
      url,
    ],
  );
  return { siteId: site.body.id, postId: row.id };
}

const fromResearch = (agent: Agent, body: Record<string, unknown>) =>
  agent.post('/api/social/posts/from-research').send(body);

describe('POST /api/social/posts/from-research', () => {
  it("writes one draft per platform from the report's sentences, linking to its most credible source", async () => {
    const { agent, id } = await user();
    const reportId = await report(id);
    const posts = (await fromResearch(agent, { reportId, platforms: ['twitter', 'linkedin', 'twitter'] }).expect(201))
      .body as SocialPost[];
    expect(posts.map((post) => post.platform)).toEqual(['twitter', 'linkedin']);
    for (const post of posts) {
      expect(post).toMatchObject({
        status: 'draft',
        topic: 'Heat pumps in cold climates',
        campaign: null,
        visits: null,
      });
      expect(post.content).toContain('https://agency.example/report');
      expect(post.content).toContain(
        'Air-source heat pumps cut heating emissions by about 60 percent compared with gas boilers.',
      );
      expect(post.content).not.toMatch(/\[\d\]/);
      expect(checkPostLength(post.platform, post.content, post.hashtags)).toBeNull();
    }
    const listed = (await agent.get(`/api/social/${id}`).expect(200)).body as SocialPost[];
    expect(listed.map((post) => post.id).sort()).toEqual(posts.map((post) => post.id).sort());
  });

  it('links to the blog post written from the report, with its campaign tags kept and visits counted', async () => {
    const { agent, id } = await user();
    const reportId = await report(id);
    await blogPost(agent, id, 'Heat pumps in cold climates', 'https://blog.example/heat-pumps/');
    const [post] = (await fromResearch(agent, { reportId, platforms: ['facebook'] }).expect(201)).body as SocialPost[];
    expect(post.content).toContain(
      'https://blog.example/heat-pumps/?utm_source=facebook&utm_medium=social&utm_campaign=heat-pumps-in-cold-climates',
    );
    expect(post.campaign).toEqual({ source: 'facebook', medium: 'social', campaign: 'heat-pumps-in-cold-climates' });
    const [listed] = (await agent.get(`/api/social/${id}`).expect(200)).body as SocialPost[];
    expect(listed).toMatchObject({ id: post.id, campaign: post.campaign, visits: expect.any(Number) });
  });

  it.each([
    [{ platforms: ['twitter'] }, SOCIAL_MESSAGES.reportRequired],
    [{ reportId: 1, platforms: [] }, SOCIAL_MESSAGES.platformsRequired],
    [{ reportId: 1, platforms: ['myspace'] }, SOCIAL_MESSAGES.platformInvalid],
  ])('answers 400 for %j', async (body, message) => {
    const { agent } = await user();
    expect((await fromResearch(agent, body).expect(400)).body.message).toContain(message);
  });

  it('answers 400 for a report still running, 404 for another user’s, and saves nothing', async () => {
    const { agent, id } = await user();
    const running = await report(id, 'in_progress');
    expect((await fromResearch(agent, { reportId: running, platforms: ['twitter'] }).expect(400)).body).toEqual({
      message: SOCIAL_MESSAGES.reportNotFinished,
    });
    const other = await user();
    const theirs = await report(other.id);
    expect((await fromResearch(agent, { reportId: theirs, platforms: ['twitter'] }).expect(404)).body).toEqual({
      message: SOCIAL_MESSAGES.reportNotFound,
    });
    expect((await agent.get(`/api/social/${id}`).expect(200)).body).toEqual([]);
  });

  it('answers 403 while the social module is switched off', async () => {
    const { agent, id } = await user();
    const reportId = await report(id);
    await db.query(`UPDATE feature_toggles SET enabled = false WHERE name = 'module.social'`);
    try {
      await fromResearch(agent, { reportId, platforms: ['twitter'] }).expect(403);
      await agent.post('/api/social/posts/drafts').send({ posts: [] }).expect(403);
    } finally {
      await db.query(`UPDATE feature_toggles SET enabled = true WHERE name = 'module.social'`);
    }
  });
});

describe("a blog post's promotion", () => {
  it('offers a post per platform with UTM links; kept drafts carry their campaign; both show visits', async () => {
    const { agent, id } = await user();
    const { siteId, postId } = await blogPost(agent, id, 'Heat Pumps in Cold Climates', 'https://blog.example/heat/');
    const promotion = (await agent.get(`/api/websites/blog-posts/${postId}/promotion`).expect(200))
      .body as BlogPromotion;
    expect(promotion).toMatchObject({ blogPostId: postId, campaign: 'heat-pumps-in-cold-climates' });
    expect(promotion.posts.map((post) => post.platform)).toEqual(['linkedin', 'twitter', 'facebook', 'instagram']);
    for (const post of promotion.posts) {
      expect(post.link).toBe(
        `https://blog.example/heat/?utm_source=${post.platform}&utm_medium=social&utm_campaign=heat-pumps-in-cold-climates`,
      );
      expect(post.content).toContain(post.link);
    }

    const kept = (
      await agent
        .post('/api/social/posts/drafts')
        .send({
          posts: promotion.posts.map(({ platform, topic, content, hashtags, campaign }) => ({
            platform,
            topic,
            content,
            hashtags,
            campaign,
          })),
        })
        .expect(201)
    ).body as SocialPost[];
    expect(kept.map((post) => post.campaign)).toEqual(promotion.posts.map((post) => post.campaign));
    const stored = await db.query(
      `SELECT platform, "utmSource", "utmMedium", "utmCampaign" FROM social_posts WHERE "userId" = $1 ORDER BY id`,
      [id],
    );
    expect(stored).toEqual(
      promotion.posts.map((post) => ({
        platform: post.platform,
        utmSource: post.platform,
        utmMedium: 'social',
        utmCampaign: 'heat-pumps-in-cold-climates',
      })),
    );
    const listed = (await agent.get(`/api/social/${id}`).expect(200)).body as SocialPost[];
    for (const post of listed) expect(post.visits).toEqual(expect.any(Number));

    const [blog] = (await agent.get(`/api/websites/${siteId}/blog-posts`).expect(200)).body as BlogPost[];
    expect(blog).toMatchObject({ id: postId, visits: expect.any(Number) });
  });

  it('answers 400 for a post without an address, 404 for a missing one', async () => {
    const { agent, id } = await user();
    const { siteId, postId } = await blogPost(agent, id, 'Unsent', null);
    expect((await agent.get(`/api/websites/blog-posts/${postId}/promotion`).expect(400)).body).toEqual({
      message: WEBSITE_MESSAGES.blogPostNotPromotable,
    });
    const [blog] = (await agent.get(`/api/websites/${siteId}/blog-posts`).expect(200)).body as BlogPost[];
    expect(blog.visits).toBeNull();
    expect((await agent.get(`/api/websites/blog-posts/2147483647/promotion`).expect(404)).body).toEqual({
      message: WEBSITE_MESSAGES.blogPostNotFound,
    });
  });

  it('refuses drafts over their platform limit', async () => {
    const { agent } = await user();
    await agent
      .post('/api/social/posts/drafts')
      .send({
        posts: [{ platform: 'twitter', topic: 'Long', content: 'A long sentence. '.repeat(30), campaign: null }],
      })
      .expect(400);
  });
});
