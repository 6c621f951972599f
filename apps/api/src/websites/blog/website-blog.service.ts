import { WEBSITE_MESSAGES } from '@aide/contracts';
import {
  BadRequestException,
  Injectable,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AiService } from '../../ai/ai.service';
import { CredentialsCipher } from '../../common/crypto/credentials-cipher';
import { returnedRows } from '../../database/returned-rows.util';
import { moduleOpenSql } from '../../feature-toggles/feature-toggles.service';
import type { JobContext, JobOwner } from '../../jobs/job-definition';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { SiteFetcher } from '../fetch/site-fetcher';
import { BLOG_POST_ENTITY, WEBSITE_INVALIDATES } from '../website-job-state';
import { findBlogMaterial, findSitePages } from './blog-material';
import { registerBlogTemplates, writeBlogPost } from './blog-writer';
import {
  createWordPressDraft,
  publishWordPressPost,
  readWordPressPost,
  type WordPressCredentials,
  WordPressError,
} from './wordpress-client';

export const WEBSITE_BLOG_JOB = 'website.blog';
/** Issue 27: every 15 minutes, the WordPress drafts that went live in WordPress itself. */
export const WEBSITE_BLOG_LIVE_CHECK_JOB = 'website.blog-live-check';
const LIVE_CHECK_CRON = '*/15 * * * *';

interface PostOnWordPress {
  id: number;
  topic: string;
  userId: number;
  title: string | null;
  content: string | null;
  status: string;
  wordpressPostId: number | null;
  siteUrl: string;
  wordpressUsername: string | null;
  wordpressCredentials: string | null;
}

interface BlogPayload {
  postId: number;
}

const POST_ON_WORDPRESS_SQL = `SELECT p.id, p."userId", p.topic, p.title, p.content, p.status, p."wordpressPostId",
    w.url AS "siteUrl", w."wordpressUsername", w."wordpressCredentials"
  FROM website_blog_posts p JOIN websites w ON w.id = p."websiteId"`;

interface ClaimedPost {
  id: number;
  userId: number;
  websiteId: number;
  topic: string;
  keywords: string[];
  siteName: string;
  siteUrl: string;
  wordpressUsername: string | null;
  wordpressCredentials: string | null;
}

/**
 * Blog posts ('website.blog', one job per post; DECISIONS: long AI work is a durable job): the post
 * is written through the AI service (the offline engine's template without a model: blog-writer.ts)
 * and kept as a 'draft'. When the site has WordPress credentials, the draft is also created on the
 * site through its REST API (wordpressPostId/wordpressUrl); WordPress refusing it keeps the post,
 * records the reason in `error` and notifies the user. Every write requires the post row to be
 * there, so a post (or site) deleted meanwhile is never written back.
 */
@Injectable()
export class WebsiteBlogService implements OnModuleInit, OnApplicationBootstrap, JobOwner {
  readonly type = BLOG_POST_ENTITY;

  constructor(
    private readonly jobs: JobsService,
    private readonly ai: AiService,
    private readonly fetcher: SiteFetcher,
    private readonly cipher: CredentialsCipher,
    private readonly notifications: NotificationsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    registerBlogTemplates(this.ai);
    this.jobs.define<BlogPayload>({
      name: WEBSITE_BLOG_JOB,
      module: 'website',
      title: 'Write blog post',
      owner: this,
      policy: 'exclusive',
      notifyOnSuccess: false,
      retryLimit: 1,
      retryDelaySeconds: 15,
      expireInSeconds: 600,
      invalidate: WEBSITE_INVALIDATES,
      handler: (payload, ctx) => this.run(payload, ctx),
    });
    this.jobs.define<Record<string, never>>({
      name: WEBSITE_BLOG_LIVE_CHECK_JOB,
      module: 'website',
      title: 'Blog posts gone live in WordPress',
      notifyOnSuccess: false,
      retryLimit: 0,
      handler: async (_payload, ctx) => void (await this.checkLiveDrafts(ctx.signal)),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // A pg-boss schedule: one run per quarter hour whatever the number of API processes.
    await this.jobs.schedule(WEBSITE_BLOG_LIVE_CHECK_JOB, LIVE_CHECK_CRON, {});
  }

  /**
   * Publishes a written draft on the site's WordPress (issue 27): the WordPress draft's status set to
   * 'publish', or the post created live when it never reached WordPress. The live link WordPress
   * answers becomes wordpressUrl. WordPress refusing leaves the post as it was (400 with the reason).
   */
  async publish(userId: number, postId: number): Promise<void> {
    const post = await this.postOnWordPress(postId, userId);
    if (!post) throw new NotFoundException(WEBSITE_MESSAGES.blogPostNotFound);
    if (post.status !== 'draft' || !post.title || !post.content)
      throw new BadRequestException(WEBSITE_MESSAGES.blogPostNotPublishable);
    const credentials = this.credentialsOf(post);
    if (!credentials) throw new BadRequestException(WEBSITE_MESSAGES.blogPostNoWordPress);
    let live: { id: number; link: string };
    try {
      live = post.wordpressPostId
        ? await publishWordPressPost(this.fetcher, post.siteUrl, credentials, post.wordpressPostId)
        : await createWordPressDraft(
            this.fetcher,
            post.siteUrl,
            credentials,
            { title: post.title, content: post.content },
            undefined,
            'publish',
          );
    } catch (error) {
      if (error instanceof WordPressError) throw new BadRequestException(error.message);
      throw error;
    }
    await this.markPublished(post.id, live);
  }

  /**
   * The live check: each WordPress draft of a user with the module open is read back from WordPress;
   * one published there is marked published here and its owner told once (the status change and the
   * notification's sourceKey both hold when two processes check at once). Answers how many went live.
   */
  async checkLiveDrafts(signal?: AbortSignal): Promise<number> {
    const drafts = returnedRows<PostOnWordPress>(
      await this.dataSource.query(
        `${POST_ON_WORDPRESS_SQL} WHERE p.status = 'draft' AND p."wordpressPostId" IS NOT NULL AND w."wordpressCredentials" IS NOT NULL
           AND ${moduleOpenSql('website', 'p."userId"')} ORDER BY p.id`,
      ),
    );
    let live = 0;
    for (const post of drafts) {
      if (signal?.aborted) break;
      const credentials = this.credentialsOf(post);
      if (!credentials || !post.wordpressPostId) continue;
      let now;
      try {
        now = await readWordPressPost(this.fetcher, post.siteUrl, credentials, post.wordpressPostId, signal);
      } catch (error) {
        if (error instanceof WordPressError) continue; // tried again next round
        throw error;
      }
      if (now.status !== 'publish') continue;
      if (!(await this.markPublished(post.id, now))) continue;
      live += 1;
      await this.notifications.notify(post.userId, {
        kind: 'system',
        module: 'website',
        title: `Your post “${post.title ?? post.topic}” is live. Promote it on social media`.slice(0, 200),
        body: 'It was published on your site. Aide has a post ready for each platform, with a tagged link.',
        link: `/website?promote=${post.id}`,
        sourceKey: `website-blog-post:${post.id}:live`,
      });
    }
    return live;
  }

  /** draft → published with its live link; false when it is no longer a draft (or gone). */
  private async markPublished(id: number, live: { link: string }): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE website_blog_posts SET status = 'published', "wordpressUrl" = $2, error = NULL, "updatedAt" = now()
          WHERE id = $1 AND status = 'draft' RETURNING id`,
        [id, live.link.slice(0, 2000)],
      ),
    );
    return rows.length > 0;
  }

  private async postOnWordPress(id: number, userId: number): Promise<PostOnWordPress | null> {
    const rows = returnedRows<PostOnWordPress>(
      await this.dataSource.query(`${POST_ON_WORDPRESS_SQL} WHERE p.id = $1 AND p."userId" = $2`, [id, userId]),
    );
    return rows[0] ?? null;
  }

  private credentialsOf(post: PostOnWordPress): WordPressCredentials | null {
    if (!post.wordpressUsername || !post.wordpressCredentials) return null;
    const { applicationPassword } = this.cipher.decrypt<Pick<WordPressCredentials, 'applicationPassword'>>(
      post.wordpressCredentials,
    );
    return { username: post.wordpressUsername, applicationPassword };
  }

  async queue(userId: number, postId: number): Promise<void> {
    await this.jobs.enqueue<BlogPayload>(
      WEBSITE_BLOG_JOB,
      { postId },
      { userId, entity: { type: BLOG_POST_ENTITY, id: postId }, singletonKey: `${WEBSITE_BLOG_JOB}:${postId}` },
    );
  }

  // ---- JobOwner ----

  async setProgress(): Promise<void> {}

  async setDone(): Promise<void> {}

  async setFailed(id: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE website_blog_posts SET status = 'failed', error = $2, "updatedAt" = now() WHERE id = $1 AND status IN ('pending', 'writing')`,
      [id, `The blog post could not be written: ${error}`.slice(0, 1000)],
    );
  }

  // ---- The run ----

  async run({ postId }: BlogPayload, ctx: JobContext): Promise<void> {
    const post = await this.claim(postId);
    if (!post) return;
    // Issue 25: the post is written from the site's own pages and the person's reports and documents on the topic.
    const material = [
      ...(await findSitePages(this.fetcher, post.siteUrl, post.topic, post.keywords, ctx.signal)),
      ...(await findBlogMaterial(
        (sql, params) => this.dataSource.query(sql, params),
        post.userId,
        post.topic,
        post.keywords,
      )),
    ];
    const written = await writeBlogPost(
      this.ai,
      { topic: post.topic, keywords: post.keywords, site: post.siteName, material },
      ctx.signal,
    );
    ctx.progress(70);
    const saved = returnedRows(
      await this.dataSource.query(
        `UPDATE website_blog_posts SET status = 'draft', title = $2, content = $3, method = $4, error = NULL, "updatedAt" = now() WHERE id = $1 AND status = 'writing' RETURNING id`,
        [post.id, written.title.slice(0, 300), written.content, written.method.slice(0, 200)],
      ),
    );
    if (!saved.length) return ctx.log(`blog post ${post.id} deleted while it was written`);
    if (!post.wordpressUsername || !post.wordpressCredentials) return;

    const { applicationPassword } = this.cipher.decrypt<Pick<WordPressCredentials, 'applicationPassword'>>(
      post.wordpressCredentials,
    );
    try {
      const created = await createWordPressDraft(
        this.fetcher,
        post.siteUrl,
        { username: post.wordpressUsername, applicationPassword },
        written,
        ctx.signal,
      );
      await this.dataSource.query(
        `UPDATE website_blog_posts SET "wordpressPostId" = $2, "wordpressUrl" = $3, "updatedAt" = now() WHERE id = $1`,
        [post.id, created.id, created.link.slice(0, 2000)],
      );
      ctx.log(`blog post ${post.id}: WordPress draft ${created.id}`);
    } catch (error) {
      if (!(error instanceof WordPressError)) throw error;
      const rows = returnedRows(
        await this.dataSource.query(
          `UPDATE website_blog_posts SET error = $2, "updatedAt" = now() WHERE id = $1 RETURNING id`,
          [post.id, error.message.slice(0, 1000)],
        ),
      );
      if (!rows.length) return;
      await this.notifications.notify(post.userId, {
        kind: 'system',
        module: 'website',
        title: `Blog post not sent to WordPress: ${written.title}`.slice(0, 200),
        body: `${error.message} The post is kept as a draft in Aide.`,
        link: '/website',
        sourceKey: `website-blog-post:${post.id}:wordpress`,
      });
    }
  }

  /** pending → writing, with the site it is for; null when the post is gone or already written. */
  private async claim(postId: number): Promise<ClaimedPost | null> {
    const rows = returnedRows<ClaimedPost>(
      await this.dataSource.query(
        `UPDATE website_blog_posts p SET status = 'writing', "updatedAt" = now()
           FROM websites w
          WHERE p.id = $1 AND w.id = p."websiteId" AND p.status IN ('pending', 'writing')
          RETURNING p.id, p."userId", p."websiteId", p.topic, p.keywords, w.name AS "siteName", w.url AS "siteUrl", w."wordpressUsername", w."wordpressCredentials"`,
        [postId],
      ),
    );
    return rows[0] ?? null;
  }
}
