import { SOCIAL_INVALIDATES, type SocialEngagement } from '@aide/contracts';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Env } from '../../config/env.schema';
import type { JobContext } from '../../jobs/job-definition';
import { JobsService } from '../../jobs/jobs.service';
import { SocialAccountsService } from '../accounts/social-accounts.service';
import { SocialConnectorError } from '../connectors/social-connector';
import type { SocialAccountEntity } from '../social-account.entity';
import { SocialPublisherService } from '../publishing/social-publisher.service';

export const SOCIAL_ENGAGEMENT_JOB = 'social.engagement';
/** Figures are read for posts published this recently (older ones rarely change). */
export const ENGAGEMENT_WINDOW_DAYS = 90;
/** Posts asked of a platform per call (X's and Graph's batch limits are 100). */
export const ENGAGEMENT_BATCH = 100;

export interface EngagementPayload {
  /** One user's accounts (a refresh asked for on the screen); all users' on the schedule. */
  userId?: number;
}

const whole = (n: unknown) =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), 2_147_483_647) : 0;

/**
 * Engagement figures, read back from the platforms (job 'social.engagement', on
 * SOCIAL_ENGAGEMENT_CRON for everyone, or now for one user): for each connected account, the
 * connector's engagement() of the user's posts on that platform published through it in the last
 * ENGAGEMENT_WINDOW_DAYS days, ENGAGEMENT_BATCH at a time. Each post the platform reports gets its
 * figures (posts.engagement, engagementUpdatedAt) and one snapshot row per run, which the growth
 * figures are computed from. Nothing is made up: posts shared by the share page, or that the
 * platform no longer knows, keep what they had. A refused token marks the account; other
 * failures are logged and the next account goes on.
 */
@Injectable()
export class SocialEngagementService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('SocialEngagement');

  constructor(
    private readonly jobs: JobsService,
    private readonly accounts: SocialAccountsService,
    private readonly publisher: SocialPublisherService,
    private readonly config: ConfigService<Env, true>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.define<EngagementPayload>({
      name: SOCIAL_ENGAGEMENT_JOB,
      module: 'social',
      title: 'Refresh social engagement',
      retryLimit: 1,
      retryDelaySeconds: 60,
      expireInSeconds: 600,
      notifyKind: 'sync_failed',
      notifyOnSuccess: false,
      invalidate: [...SOCIAL_INVALIDATES],
      handler: (payload, ctx) => this.run(payload, ctx),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule<EngagementPayload>(
      SOCIAL_ENGAGEMENT_JOB,
      this.config.get('SOCIAL_ENGAGEMENT_CRON', { infer: true }),
      {},
    );
  }

  /** A refresh of one user's figures, now. */
  async queue(userId: number): Promise<void> {
    await this.jobs.enqueue<EngagementPayload>(SOCIAL_ENGAGEMENT_JOB, { userId }, { userId });
  }

  async run(payload: EngagementPayload, ctx: JobContext): Promise<void> {
    // The scheduled run also settles publishes interrupted by a stopped API (see the publisher).
    if (payload.userId === undefined) await this.publisher.releaseStaleClaims();
    const accounts = await this.accounts.allConnected(payload.userId);
    let posts = 0;
    for (const account of accounts) {
      if (ctx.signal.aborted) throw new Error('Stopped');
      posts += await this.refreshAccount(account, ctx);
    }
    ctx.log(`${posts} posts' figures read from ${accounts.length} accounts`);
  }

  /** One account's figures; answers how many posts were updated. */
  async refreshAccount(account: SocialAccountEntity, ctx?: JobContext): Promise<number> {
    const posts = await this.dataSource.query<{ id: number; externalId: string }[]>(
      `SELECT id, "externalId" FROM social_posts
        WHERE "userId" = $1 AND platform = $2 AND status = 'published' AND "publishMode" = 'connector' AND "externalId" IS NOT NULL
          AND "publishedAt" > now() - $3::int * interval '1 day'
        ORDER BY "publishedAt" DESC, id DESC`,
      [account.userId, account.platform, ENGAGEMENT_WINDOW_DAYS],
    );
    if (!posts.length) return 0;
    let updated = 0;
    try {
      const access = await this.accounts.access(account.userId, account.platform);
      if (!access) return 0;
      for (let start = 0; start < posts.length; start += ENGAGEMENT_BATCH) {
        const batch = posts.slice(start, start + ENGAGEMENT_BATCH);
        const figures = await access.connector.engagement(
          access.token,
          access.account.externalAccountId,
          batch.map((post) => post.externalId),
        );
        updated += await this.store(account, batch, figures);
      }
      await this.accounts.clearError(access.account);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof SocialConnectorError && error.auth) await this.accounts.markError(account.id, message);
      (ctx?.log ?? ((line: string) => this.logger.warn(line)))(
        `engagement for ${account.platform} account ${account.id}: ${message}`,
      );
    }
    return updated;
  }

  /** The reported posts' figures and one snapshot each, in one transaction. */
  private async store(
    account: SocialAccountEntity,
    batch: { id: number; externalId: string }[],
    figures: Map<string, SocialEngagement>,
  ): Promise<number> {
    const rows = batch.flatMap((post) => {
      const reported = figures.get(post.externalId);
      if (!reported) return [];
      return [
        {
          id: post.id,
          likes: whole(reported.likes),
          shares: whole(reported.shares),
          comments: whole(reported.comments),
          reach: whole(reported.reach),
        },
      ];
    });
    if (!rows.length) return 0;
    await this.dataSource.transaction(async (manager) => {
      const json = JSON.stringify(rows);
      await manager.query(
        `UPDATE social_posts p
            SET engagement = jsonb_build_object('likes', r.likes, 'shares', r.shares, 'comments', r.comments, 'reach', r.reach),
                "engagementUpdatedAt" = now()
           FROM jsonb_to_recordset($1::jsonb) AS r(id int, likes int, shares int, comments int, reach int)
          WHERE p.id = r.id AND p."userId" = $2`,
        [json, account.userId],
      );
      await manager.query(
        `INSERT INTO social_engagement_snapshots ("postId", "userId", platform, likes, shares, comments, reach)
         SELECT r.id, $2, $3, r.likes, r.shares, r.comments, r.reach
           FROM jsonb_to_recordset($1::jsonb) AS r(id int, likes int, shares int, comments int, reach int)
           JOIN social_posts p ON p.id = r.id AND p."userId" = $2`,
        [json, account.userId, account.platform],
      );
    });
    return rows.length;
  }
}
