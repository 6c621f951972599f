import {
  campaignSlug,
  type CampaignTags,
  type CreatePostsFromResearch,
  type CreateSocialDrafts,
  type ResearchSource,
  SOCIAL_LIMITS,
  type SocialPlatform,
  UTM_MEDIUM_SOCIAL,
  withCampaignTags,
  checkPostLength,
  checkScheduleTime,
  composePostText,
  type CreateSocialPost,
  type PublishSocialPostResult,
  shareTarget,
  SOCIAL_MESSAGES,
  type SocialPost,
  type SocialPlatformStats,
} from '@aide/contracts';
import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { toAiHttpException } from '../ai/ai.errors';
import { AiService } from '../ai/ai.service';
import { SocialAccountsService } from './accounts/social-accounts.service';
import { returnedRows } from '../database/returned-rows.util';
import { SocialPublisherService } from './publishing/social-publisher.service';
import { campaignOf, toSocialPost } from './social-post.mapper';
import { WebsiteMetrics } from '../websites/website-metrics';
import { bestSource, reportClaims, writeLinkedPost } from './linked-posts';
import { SocialPostEntity } from './social-post.entity';
import { SocialStatsService } from './social-stats.service';
import { registerSocialTemplates, writeSocialPost } from './social-writer';

/** The list answers the newest this many posts (the screen's tabs filter them; older ones stay stored). */
export const SOCIAL_LIST_LIMIT = 1000;

export interface SocialPostChanges {
  content?: string;
  hashtags?: string[];
  imageUrl?: string | null;
}

/**
 * The user's social posts: AI-written drafts, edits, scheduling, Publish Now, delete, and the stat
 * cards' figures. Every query is scoped to the user id given. Publishing itself (the claim that
 * makes it happen once, the connectors, the scheduled job) is social-publisher.service.ts.
 */
@Injectable()
export class SocialService implements OnModuleInit {
  constructor(
    @InjectRepository(SocialPostEntity) private readonly posts: Repository<SocialPostEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ai: AiService,
    private readonly publisher: SocialPublisherService,
    private readonly accounts: SocialAccountsService,
    private readonly statsService: SocialStatsService,
    private readonly metrics: WebsiteMetrics,
  ) {}

  onModuleInit(): void {
    registerSocialTemplates(this.ai);
  }

  /** DECISIONS §Identity: a user id in a path or body must be the signed-in user's; `message` says what was refused. */
  assertOwnUserId(userId: number, claimed: number | undefined, message: string = SOCIAL_MESSAGES.otherUser): void {
    if (claimed !== undefined && claimed !== userId) throw new ForbiddenException(message);
  }

  /** The newest SOCIAL_LIST_LIMIT posts, newest first; a publish found interrupted is settled first. */
  async list(userId: number): Promise<SocialPost[]> {
    await this.publisher.releaseStaleClaims({ userId });
    const rows = await this.posts.find({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: SOCIAL_LIST_LIMIT,
    });
    const tagged = rows.filter((row) => campaignOf(row));
    const counts = tagged.length
      ? await this.metrics.campaignVisits(
          userId,
          tagged.map((row) => ({ campaign: row.utmCampaign!, source: row.utmSource! })),
        )
      : [];
    const visits = new Map(tagged.map((row, index) => [row.id, counts[index] ?? 0]));
    return rows.map((row) => toSocialPost(row, visits.get(row.id)));
  }

  /**
   * Drafts from a finished research report (issue 27), one per platform: the report's own summary
   * and findings sentences, linking to the person's blog post written on the report's topic (with
   * its campaign tags) or else to the report's most credible source.
   */
  async createFromResearch(userId: number, input: CreatePostsFromResearch): Promise<SocialPost[]> {
    const [report] = (await this.dataSource.query(
      `SELECT id, topic, status, summary, content, sources FROM research_reports WHERE id = $1 AND "userId" = $2`,
      [input.reportId, userId],
    )) as Array<{
      id: number;
      topic: string;
      status: string;
      summary: string | null;
      content: string | null;
      sources: ResearchSource[];
    }>;
    if (!report) throw new NotFoundException(SOCIAL_MESSAGES.reportNotFound);
    if (report.status !== 'completed') throw new BadRequestException(SOCIAL_MESSAGES.reportNotFinished);
    const claims = reportClaims(report.summary, report.content);
    const [article] = (await this.dataSource.query(
      `SELECT title, "wordpressUrl" FROM website_blog_posts
        WHERE "userId" = $1 AND "wordpressUrl" IS NOT NULL AND status IN ('draft', 'published')
          AND (lower(topic) = lower($2) OR lower(title) = lower($2))
        ORDER BY (status = 'published') DESC, "createdAt" DESC LIMIT 1`,
      [userId, report.topic],
    )) as Array<{ title: string | null; wordpressUrl: string }>;
    const source = bestSource(report.sources ?? []);
    if (!claims.length || (!article && !source)) throw new BadRequestException(SOCIAL_MESSAGES.reportHasNoFindings);
    const drafts = input.platforms.map((platform) => {
      const campaign = article
        ? { source: platform, medium: UTM_MEDIUM_SOCIAL, campaign: campaignSlug(article.title ?? report.topic) }
        : null;
      const link = article ? withCampaignTags(article.wordpressUrl, campaign!) : source!.url;
      const written = writeLinkedPost(platform, {
        subject: report.topic,
        claims,
        link,
        linkKind: article ? 'article' : 'source',
      });
      if (!written) throw new BadRequestException(SOCIAL_MESSAGES.reportHasNoFindings);
      return { platform, topic: report.topic.slice(0, SOCIAL_LIMITS.topicMax), ...written, campaign };
    });
    return this.saveDrafts(userId, drafts);
  }

  /** Drafts written elsewhere (a blog post's promotion), kept as sent, each within its platform's limit. */
  async createDrafts(userId: number, input: CreateSocialDrafts): Promise<SocialPost[]> {
    for (const post of input.posts) {
      const tooLong = checkPostLength(post.platform, post.content, post.hashtags);
      if (tooLong) throw new BadRequestException(tooLong);
    }
    return this.saveDrafts(userId, input.posts);
  }

  private async saveDrafts(
    userId: number,
    drafts: ReadonlyArray<{
      platform: SocialPlatform;
      topic: string;
      content: string;
      hashtags: string[];
      campaign: CampaignTags | null;
    }>,
  ): Promise<SocialPost[]> {
    const rows = await this.posts.save(
      drafts.map((draft) =>
        this.posts.create({
          userId,
          platform: draft.platform,
          topic: draft.topic,
          content: draft.content,
          hashtags: draft.hashtags,
          status: 'draft',
          utmSource: draft.campaign?.source ?? null,
          utmMedium: draft.campaign?.medium ?? null,
          utmCampaign: draft.campaign?.campaign ?? null,
        }),
      ),
    );
    return rows.map((row) => toSocialPost(row));
  }

  stats(userId: number): Promise<SocialPlatformStats[]> {
    return this.statsService.stats(userId);
  }

  /** A draft written by the AI for the platform, topic and tone, within the platform's limit. */
  async create(userId: number, input: CreateSocialPost): Promise<SocialPost> {
    let written: { content: string; hashtags: string[] };
    try {
      written = await writeSocialPost(this.ai, input.platform, input.topic, input.tone);
    } catch (error) {
      throw toAiHttpException(error);
    }
    const row = await this.posts.save(
      this.posts.create({
        userId,
        platform: input.platform,
        topic: input.topic,
        tone: input.tone,
        content: written.content,
        hashtags: written.hashtags,
        status: 'draft',
      }),
    );
    return toSocialPost(row);
  }

  /** Edits a draft's or a scheduled post's text, hashtags or image; the whole text must fit the platform. */
  async update(userId: number, id: number, changes: SocialPostChanges): Promise<SocialPost> {
    const row = await this.changeable(userId, id);
    const content = changes.content ?? row.content;
    const hashtags = changes.hashtags ?? row.hashtags;
    const tooLong = checkPostLength(row.platform, content, hashtags);
    if (tooLong) throw new BadRequestException(tooLong);
    const updated = returnedRows<SocialPostEntity>(
      await this.dataSource.query(
        `UPDATE social_posts SET content = $3, hashtags = $4, "imageUrl" = $5, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND status <> 'published' AND "publishClaimedAt" IS NULL
      RETURNING *`,
        [id, userId, content, hashtags, changes.imageUrl !== undefined ? changes.imageUrl : row.imageUrl],
      ),
    );
    if (!updated[0]) return this.conflict(userId, id);
    return toSocialPost(updated[0]);
  }

  /**
   * Schedules a draft, or moves a scheduled post to a new time: the schedule's version goes up (the
   * job queued for the old time finds it changed and does nothing) and a job is queued for the new one.
   */
  async schedule(userId: number, id: number, scheduledAt: Date): Promise<SocialPost> {
    const invalid = checkScheduleTime(scheduledAt);
    if (invalid) throw new BadRequestException(invalid);
    await this.changeable(userId, id);
    const [row] = returnedRows<SocialPostEntity>(
      await this.dataSource.query(
        `UPDATE social_posts SET status = 'scheduled', "scheduledAt" = $3, "scheduleVersion" = "scheduleVersion" + 1, "publishError" = NULL, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND status <> 'published' AND "publishClaimedAt" IS NULL
      RETURNING *`,
        [id, userId, scheduledAt],
      ),
    );
    if (!row) return this.conflict(userId, id);
    try {
      await this.publisher.queue(userId, id, row.scheduleVersion, scheduledAt);
    } catch (error) {
      // Not left "scheduled" with nothing queued to publish it.
      await this.dataSource.query(
        `UPDATE social_posts SET status = 'draft', "scheduledAt" = NULL, "scheduleVersion" = "scheduleVersion" + 1, "updatedAt" = now() WHERE id = $1 AND "scheduleVersion" = $2 AND status = 'scheduled'`,
        [id, row.scheduleVersion],
      );
      throw error;
    }
    return toSocialPost(row);
  }

  /** Back to draft; the queued job finds a newer version and does nothing. */
  async unschedule(userId: number, id: number): Promise<SocialPost> {
    const [row] = returnedRows<SocialPostEntity>(
      await this.dataSource.query(
        `UPDATE social_posts SET status = 'draft', "scheduledAt" = NULL, "scheduleVersion" = "scheduleVersion" + 1, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND status = 'scheduled' AND "publishClaimedAt" IS NULL
      RETURNING *`,
        [id, userId],
      ),
    );
    if (row) return toSocialPost(row);
    const current = await this.find(userId, id);
    if (current.publishClaimedAt) throw new ConflictException(SOCIAL_MESSAGES.publishing);
    throw new ConflictException(SOCIAL_MESSAGES.notScheduled);
  }

  /**
   * Publish Now. With a connected account: through the platform's API (published, share null); a
   * refusal leaves the post as it was with publishError and answers 502 with the reason. Without
   * one (DECISIONS §Integrations): marked published in 'share' mode, and the answer says where the
   * browser shares it, with the text to fill in or paste.
   */
  async publish(userId: number, id: number): Promise<PublishSocialPostResult> {
    if (await this.publisher.releaseStaleClaims({ userId, postId: id }))
      throw new ConflictException(SOCIAL_MESSAGES.publishInterrupted);
    const current = await this.changeable(userId, id);
    const viaAccount =
      this.accounts.connector(current.platform) !== undefined &&
      (await this.accounts.isConnected(userId, current.platform));
    if (!viaAccount) return this.share(userId, id);

    const claimed = await this.publisher.claim(id, { userId });
    if (!claimed) return this.conflict(userId, id);
    const outcome = await this.publisher.publishClaimed(claimed, () => false);
    if (outcome.ok) return { post: toSocialPost(outcome.post), share: null };
    throw new BadGatewayException(outcome.message);
  }

  /** A queued job finds no row and does nothing. */
  async remove(userId: number, id: number): Promise<void> {
    const result = await this.posts.delete({ id, userId });
    if (!result.affected) throw new NotFoundException(SOCIAL_MESSAGES.notFound);
  }

  private async share(userId: number, id: number): Promise<PublishSocialPostResult> {
    const [row] = returnedRows<SocialPostEntity>(
      await this.dataSource.query(
        `UPDATE social_posts
            SET status = 'published', "publishMode" = 'share', "publishedAt" = now(), "publishError" = NULL,
                "scheduleVersion" = "scheduleVersion" + 1, "updatedAt" = now()
          WHERE id = $1 AND "userId" = $2 AND status <> 'published' AND "publishClaimedAt" IS NULL
      RETURNING *`,
        [id, userId],
      ),
    );
    if (!row) return this.conflict(userId, id);
    return {
      post: toSocialPost(row),
      share: {
        ...shareTarget(row.platform, row.content, row.hashtags),
        text: composePostText(row.content, row.hashtags),
      },
    };
  }

  /** The post, when it may still change: 404 when missing, 409 when published or being published. */
  private async changeable(userId: number, id: number): Promise<SocialPostEntity> {
    const row = await this.find(userId, id);
    if (row.status === 'published') throw new ConflictException(SOCIAL_MESSAGES.alreadyPublished);
    if (row.publishClaimedAt) throw new ConflictException(SOCIAL_MESSAGES.publishing);
    return row;
  }

  /** A conditional UPDATE changed nothing: say why (someone else got there first). */
  private async conflict(userId: number, id: number): Promise<never> {
    await this.changeable(userId, id);
    throw new ConflictException(SOCIAL_MESSAGES.publishing);
  }

  /** Another user's id answers exactly as a missing one (DECISIONS). */
  private async find(userId: number, id: number): Promise<SocialPostEntity> {
    const row = await this.posts.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(SOCIAL_MESSAGES.notFound);
    return row;
  }
}
