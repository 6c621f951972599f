import { randomBytes } from 'node:crypto';
import {
  type BlogPost,
  type BlogPromotion,
  type CreateWebsite,
  WEBSITE_MESSAGES,
  type Website,
  type WebsiteAnalyticsDay,
  type WebsitePlatform,
} from '@aide/contracts';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { isUniqueViolation } from '../common/db-errors.util';
import { withinPlanQuota } from '../common/plan-quota';
import { WebsiteUptimeService } from './analytics/website-uptime.service';
import { WebsiteBackupService } from './backup/website-backup.service';
import { WebsiteBlogService } from './blog/website-blog.service';
import { WebsiteBlogPostEntity } from './website-blog-post.entity';
import { WebsiteChecksService } from './website-checks.service';
import type { WebsiteJobState } from './website-job-state';
import { WebsiteMetrics } from './website-metrics';
import { toBlogPost, toWebsite } from './website.mapper';
import { blogCampaign, blogPromotion } from './blog/blog-promotion';
import { WebsiteEntity } from './website.entity';

/** Spec §5 (profile): the timezone defaults to UTC, also for users who never saved a profile. */
const DEFAULT_TIMEZONE = 'UTC';

export interface WebsiteChanges {
  url?: string;
  name?: string;
  platform?: WebsitePlatform | null;
  isActive?: boolean;
  wordpress?: { username: string; applicationPassword: string } | null;
}

/** The address as stored and compared: parsed and written back (host lower-cased, a bare host gets its '/'). */
export const normaliseUrl = (url: string) => new URL(url).href;

/** A site's public tracking id: 16 random bytes, base64url (22 characters). */
export const newSiteKey = () => randomBytes(16).toString('base64url');

/**
 * The user's websites: list (with traffic and uptime from WebsiteMetrics), add, edit, remove, and
 * starting their background work (SEO audit, backup, security check, blog posts). Every query is
 * scoped to the user; another user's site answers 404 exactly as a missing one.
 */
@Injectable()
export class WebsitesService {
  constructor(
    @InjectRepository(WebsiteEntity) private readonly websites: Repository<WebsiteEntity>,
    @InjectRepository(WebsiteBlogPostEntity) private readonly posts: Repository<WebsiteBlogPostEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: WebsiteMetrics,
    private readonly checks: WebsiteChecksService,
    private readonly backups: WebsiteBackupService,
    private readonly blog: WebsiteBlogService,
    private readonly cipher: CredentialsCipher,
    private readonly uptime: WebsiteUptimeService,
  ) {}

  /** DECISIONS §Identity: a user id in a body must be the signed-in user's. */
  assertOwnUserId(userId: number, claimed: number | undefined): void {
    if (claimed !== undefined && claimed !== userId) throw new ForbiddenException(WEBSITE_MESSAGES.otherUser);
  }

  /** Oldest first (the order they were added). */
  async list(userId: number): Promise<Website[]> {
    const rows = await this.websites.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return this.toWebsites(userId, rows);
  }

  /** The site's visitors and page views per day over the last `days`, in the user's timezone (the Analytics tab's chart). */
  async daily(userId: number, id: number, days: number): Promise<WebsiteAnalyticsDay[]> {
    await this.find(userId, id);
    return this.metrics.daily(id, days, await this.timezoneOf(userId));
  }

  async get(userId: number, id: number): Promise<Website> {
    return (await this.toWebsites(userId, [await this.find(userId, id)]))[0];
  }

  /** Saves the site with a fresh siteKey (403 past the plan's website quota) and queues its first SEO audit and uptime check. */
  async create(userId: number, input: CreateWebsite): Promise<Website> {
    let row: WebsiteEntity;
    try {
      row = await withinPlanQuota(this.dataSource, userId, 'websites', (manager) =>
        manager.save(
          this.websites.create({
            userId,
            name: input.name,
            url: normaliseUrl(input.url),
            platform: input.platform,
            siteKey: newSiteKey(),
            seoStatus: 'pending',
          }),
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(WEBSITE_MESSAGES.duplicateUrl);
      throw error;
    }
    // Answered as saved (pending): the job may start before the answer is sent.
    const website = await this.get(userId, row.id);
    await this.checks.queue('seo', userId, row.id);
    await this.uptime.queueCheck(userId, row.id);
    return website;
  }

  /**
   * Settings: name, address, platform, active, WordPress credentials (the application password is
   * encrypted at rest; null removes them). A new address clears what was found at the old one and
   * queues an audit of the new one (unless one is running: it checks the new address when it ends).
   */
  async update(userId: number, id: number, changes: WebsiteChanges): Promise<Website> {
    const row = await this.find(userId, id);
    const url = changes.url !== undefined ? normaliseUrl(changes.url) : undefined;
    const moved = url !== undefined && url !== row.url;
    const fields: Partial<WebsiteEntity> = {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.platform !== undefined && { platform: changes.platform }),
      ...(changes.isActive !== undefined && { isActive: changes.isActive }),
      ...(moved && {
        url,
        seoScore: null,
        seoChecks: [],
        seoPages: [],
        seoCheckedAt: null,
        seoError: null,
        securityChecks: [],
        securityCheckedAt: null,
        securityError: null,
      }),
    };
    if (changes.wordpress === null) Object.assign(fields, { wordpressUsername: null, wordpressCredentials: null });
    else if (changes.wordpress) {
      Object.assign(fields, {
        wordpressUsername: changes.wordpress.username,
        wordpressCredentials: this.cipher.encrypt({ applicationPassword: changes.wordpress.applicationPassword }),
      });
    }
    try {
      if (Object.keys(fields).length) await this.websites.update({ id, userId }, fields);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(WEBSITE_MESSAGES.duplicateUrl);
      throw error;
    }
    if (moved && (await this.checks.seo.request(userId, id)) === 'queued') await this.checks.queue('seo', userId, id);
    // A new address starts a new uptime record; it, or monitoring switched back on, is checked at once.
    if (moved) await this.uptime.forget(id);
    if (moved || (changes.isActive === true && !row.isActive)) await this.uptime.queueCheck(userId, id);
    return this.get(userId, id);
  }

  /** Its blog posts go with it; a job still working on it finds the row gone and stops. Its backups stay in Documents. */
  async remove(userId: number, id: number): Promise<void> {
    const result = await this.websites.delete({ id, userId });
    if (!result.affected) throw new NotFoundException(WEBSITE_MESSAGES.notFound);
  }

  async startAudit(userId: number, id: number): Promise<Website> {
    await this.start(this.checks.seo, userId, id, WEBSITE_MESSAGES.auditRunning);
    const website = await this.get(userId, id);
    await this.checks.queue('seo', userId, id);
    return website;
  }

  async startSecurityCheck(userId: number, id: number): Promise<Website> {
    await this.start(this.checks.security, userId, id, WEBSITE_MESSAGES.securityRunning);
    const website = await this.get(userId, id);
    await this.checks.queue('security', userId, id);
    return website;
  }

  async startBackup(userId: number, id: number): Promise<Website> {
    await this.start(this.backups.state, userId, id, WEBSITE_MESSAGES.backupRunning);
    const website = await this.get(userId, id);
    await this.backups.queue(userId, id);
    return website;
  }

  /** Saves the post as pending and queues the writer. */
  async createBlogPost(userId: number, id: number, input: { topic: string; keywords: string[] }): Promise<BlogPost> {
    await this.find(userId, id);
    const row = await this.posts.save(
      this.posts.create({ websiteId: id, userId, topic: input.topic, keywords: input.keywords, status: 'pending' }),
    );
    await this.blog.queue(userId, row.id);
    return toBlogPost(row);
  }

  /** Newest first. */
  async blogPosts(userId: number, id: number): Promise<BlogPost[]> {
    await this.find(userId, id);
    const rows = await this.posts.find({ where: { websiteId: id, userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    // Issue 27: the visits each promoted post's campaign brought (any platform).
    const promoted = rows.filter((row) => row.wordpressUrl);
    const counts = promoted.length
      ? await this.metrics.campaignVisits(
          userId,
          promoted.map((row) => ({ campaign: blogCampaign(row) })),
        )
      : [];
    const visits = new Map(promoted.map((row, index) => [row.id, counts[index] ?? 0]));
    return rows.map((row) => toBlogPost(row, visits.get(row.id) ?? null));
  }

  /** The posts offered to promote a written blog post with an address, one per platform (issue 27). */
  async blogPromotion(userId: number, postId: number): Promise<BlogPromotion> {
    const row = await this.posts.findOne({ where: { id: postId, userId } });
    if (!row) throw new NotFoundException(WEBSITE_MESSAGES.blogPostNotFound);
    if (!row.wordpressUrl || !row.content || (row.status !== 'draft' && row.status !== 'published'))
      throw new BadRequestException(WEBSITE_MESSAGES.blogPostNotPromotable);
    return blogPromotion({
      id: row.id,
      topic: row.topic,
      title: row.title,
      content: row.content,
      url: row.wordpressUrl,
    });
  }

  /** Publishes a written draft on the site's WordPress (issue 27); answers the post, now published. */
  async publishBlogPost(userId: number, postId: number): Promise<BlogPost> {
    await this.blog.publish(userId, postId);
    const row = await this.posts.findOneOrFail({ where: { id: postId, userId } });
    const [visits] = await this.metrics.campaignVisits(userId, [{ campaign: blogCampaign(row) }]);
    return toBlogPost(row, visits ?? 0);
  }

  private async start(state: WebsiteJobState, userId: number, id: number, busy: string): Promise<void> {
    const outcome = await state.request(userId, id);
    if (outcome === 'missing') throw new NotFoundException(WEBSITE_MESSAGES.notFound);
    if (outcome === 'busy') throw new ConflictException(busy);
  }

  private async toWebsites(userId: number, rows: WebsiteEntity[]): Promise<Website[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const [traffic, uptime, counts] = await Promise.all([
      this.metrics.traffic(ids, await this.timezoneOf(userId)),
      this.metrics.uptime(ids),
      this.dataSource.query<{ websiteId: number; count: number }[]>(
        `SELECT "websiteId", count(*)::int AS count FROM website_blog_posts WHERE "websiteId" = ANY($1) AND status <> 'failed' GROUP BY "websiteId"`,
        [ids],
      ),
    ]);
    const blogPosts = new Map(counts.map((row) => [row.websiteId, row.count]));
    return rows.map((row) =>
      toWebsite(row, {
        analytics: traffic.get(row.id),
        uptime: uptime.get(row.id),
        blogPosts: blogPosts.get(row.id) ?? 0,
      }),
    );
  }

  /** The user's profile timezone (UTC without one, or with one the runtime does not know). */
  private async timezoneOf(userId: number): Promise<string> {
    const [profile]: { timezone: string }[] = await this.dataSource.query(
      `SELECT timezone FROM profiles WHERE "userId" = $1`,
      [userId],
    );
    const zone = profile?.timezone ?? DEFAULT_TIMEZONE;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    } catch {
      return DEFAULT_TIMEZONE;
    }
  }

  /** Another user's id answers exactly as a missing one (DECISIONS). */
  private async find(userId: number, id: number): Promise<WebsiteEntity> {
    const row = await this.websites.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(WEBSITE_MESSAGES.notFound);
    return row;
  }
}
