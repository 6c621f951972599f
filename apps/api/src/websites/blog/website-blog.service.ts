import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AiService } from '../../ai/ai.service';
import { CredentialsCipher } from '../../common/crypto/credentials-cipher';
import { returnedRows } from '../../database/returned-rows.util';
import type { JobContext, JobOwner } from '../../jobs/job-definition';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { SiteFetcher } from '../fetch/site-fetcher';
import { BLOG_POST_ENTITY, WEBSITE_INVALIDATES } from '../website-job-state';
import { findBlogMaterial, findSitePages } from './blog-material';
import { registerBlogTemplates, writeBlogPost } from './blog-writer';
import { createWordPressDraft, type WordPressCredentials, WordPressError } from './wordpress-client';

export const WEBSITE_BLOG_JOB = 'website.blog';

interface BlogPayload {
  postId: number;
}

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
export class WebsiteBlogService implements OnModuleInit, JobOwner {
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
