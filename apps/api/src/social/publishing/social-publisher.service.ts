import {
  composePostText,
  SOCIAL_INVALIDATES,
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
} from '@aide/contracts';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { JobContext } from '../../jobs/job-definition';
import { JOBS_SCHEMA } from '../../jobs/jobs.config';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { SocialAccountsService } from '../accounts/social-accounts.service';
import { SocialConnectorError } from '../connectors/social-connector';
import type { SocialPostEntity } from '../social-post.entity';
import { returnedRows } from '../../database/returned-rows.util';

export const SOCIAL_PUBLISH_JOB = 'social.publish';
/**
 * A claim older than this belongs to a publish that died between claiming and the platform's
 * answer (the API stopped). The job's own time limit (JOB_EXPIRE_SECONDS) is well under it, so a
 * publish still running never looks stale.
 */
export const STALE_CLAIM_MS = 5 * 60_000;
const JOB_EXPIRE_SECONDS = 120;
const ERROR_MAX = 1000;

export interface PublishPayload {
  postId: number;
  /** The post's scheduleVersion when it was scheduled; a job for an older schedule does nothing. */
  version: number;
}

/** A publish that did not happen: why, readable, and whether trying again later may work. */
export interface PublishFailure {
  message: string;
  retryable: boolean;
  /** No connected account (or no connector) for the platform. */
  noAccount?: boolean;
}

export type PublishOutcome =
  { ok: true; post: SocialPostEntity } | ({ ok: false; post: SocialPostEntity | null } & PublishFailure);

/** Why a scheduled post could not go out by itself: see the class comment. */
export const connectToPublishMessage = (platform: SocialPlatform) =>
  `Connect your ${SOCIAL_PLATFORM_LABELS[platform]} account to publish scheduled posts automatically, or use Publish Now`;

/**
 * A readable reason from whatever the connector threw (never a token: connectors' messages hold
 * none). A SocialConnectorError is already written for the user, naming the platform and what it
 * refused ("X refused the post: …", "X no longer accepts this account's sign-in: connect it
 * again", "Facebook is limiting requests; try again later"), and says itself whether trying again
 * may work: a POST that timed out is not retried (the platform may have published it), a Graph
 * rate limit answered as a 400 is.
 */
function failureOf(platform: SocialPlatform, error: unknown): PublishFailure {
  if (error instanceof SocialConnectorError)
    return { message: error.message.slice(0, ERROR_MAX), retryable: error.retryable };
  // Something unexpected, with no answer from the platform to go by: tried again.
  const reason = error instanceof Error ? error.message : String(error);
  return {
    message: `${SOCIAL_PLATFORM_LABELS[platform]} could not be reached: ${reason}`.slice(0, ERROR_MAX),
    retryable: true,
  };
}

/**
 * Publishing a post exactly once, now (Publish Now) or at its scheduled time (the 'social.publish'
 * job, queued with startAfter = scheduledAt and the post's scheduleVersion).
 *
 * Once-only rests on the claim: ONE conditional UPDATE … RETURNING sets publishClaimedAt on a post
 * that is not published and not claimed (and, for the job, still `scheduled` on the job's version),
 * and only the caller that got the row back talks to the platform. A job delivered twice, a job
 * racing Publish Now, a reschedule (the old job's version no longer matches) or a deleted post all
 * end in "nothing to do". After the platform answers, one UPDATE writes the outcome and releases
 * the claim.
 *
 * Failures: the claim is released and publishError set. Retryable ones (no answer, 5xx, 429) make
 * the job throw, so pg-boss tries again with backoff; on the last attempt, or a refusal retrying
 * cannot change (4xx, an expired sign-in, Instagram without an image), a scheduled post goes back
 * to `draft` with the reason and the user is notified. An auth failure also marks the account.
 *
 * A claim left by a publish that died mid-way (the API stopped after claiming) is never retried:
 * the platform may or may not have the post. Once older than STALE_CLAIM_MS it is cleared and the
 * post goes back to `draft` with SOCIAL_MESSAGES.publishInterrupted, for the user to check the
 * platform first (releaseStaleClaims: by the job that finds it, on listing, and by the engagement run).
 *
 * Scheduled posts with no connected account at their time: the share page needs a browser, so
 * nothing can publish them. Decision: they go back to `draft` with publishError "Connect your …
 * account to publish scheduled posts automatically, or use Publish Now" and a notification, rather
 * than silently staying `scheduled` in the past or being marked published when nobody shared them.
 * (The screen warns when scheduling without an account.)
 */
@Injectable()
export class SocialPublisherService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('SocialPublisher');

  constructor(
    private readonly jobs: JobsService,
    private readonly accounts: SocialAccountsService,
    private readonly notifications: NotificationsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.define<PublishPayload>({
      name: SOCIAL_PUBLISH_JOB,
      module: 'social',
      title: 'Publish social post',
      retryLimit: 3,
      retryDelaySeconds: 30,
      backoff: true,
      expireInSeconds: JOB_EXPIRE_SECONDS,
      notifyKind: 'system',
      // The outcome is notified by the handler, naming the platform (see run()).
      notifyOnSuccess: false,
      invalidate: [...SOCIAL_INVALIDATES],
      handler: (payload, ctx) => this.run(payload, ctx),
      // The social module is locked for the user at the post's time: back to drafts with the reason, not scheduled in the past.
      skipped: ({ postId, version }, reason) => this.unscheduleSkipped(postId, version, reason),
    });
  }

  private async unscheduleSkipped(postId: number, version: number, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE social_posts SET status = 'draft', "scheduledAt" = NULL, "publishError" = $3, "scheduleVersion" = "scheduleVersion" + 1, "updatedAt" = now()
        WHERE id = $1 AND status = 'scheduled' AND "scheduleVersion" = $2 AND "publishClaimedAt" IS NULL`,
      [postId, version, reason],
    );
  }

  /**
   * Every scheduled post has its publish job: after a restore (backups hold the posts but not
   * pg-boss's queue, see apps/api/src/backup/) or any loss of the queue, the missing jobs are queued
   * again at start. A post that already has one is left alone; two processes starting together may
   * both queue one, and the claim (on the post's scheduleVersion) still publishes it once.
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const orphans = await this.dataSource.query<
        { id: number; userId: number; scheduleVersion: number; scheduledAt: Date }[]
      >(
        `SELECT p.id, p."userId", p."scheduleVersion", p."scheduledAt" FROM social_posts p
          WHERE p.status = 'scheduled' AND p."publishClaimedAt" IS NULL
            AND NOT EXISTS (SELECT 1 FROM ${JOBS_SCHEMA}.job j
                             WHERE j.name = $1 AND j.state IN ('created', 'retry', 'active')
                               AND j.data->'payload'->>'postId' = p.id::text
                               AND j.data->'payload'->>'version' = p."scheduleVersion"::text)`,
        [SOCIAL_PUBLISH_JOB],
      );
      for (const post of orphans) await this.queue(post.userId, post.id, post.scheduleVersion, post.scheduledAt);
      if (orphans.length > 0)
        this.logger.log(`queued the publish of ${orphans.length} scheduled posts that had no job`);
    } catch (error) {
      this.logger.warn(`scheduled posts not checked for their publish jobs: ${(error as Error).message}`);
    }
  }

  /** Queues the publish of a scheduled post at its time; call after the row is committed. */
  async queue(userId: number, postId: number, version: number, at: Date): Promise<void> {
    await this.jobs.enqueue<PublishPayload>(SOCIAL_PUBLISH_JOB, { postId, version }, { userId, startAfter: at });
  }

  // ---- The claim ----

  /**
   * Claims the post for one publish: null when it is published, claimed, gone, another user's, or
   * (with `version`) no longer scheduled on that version. The claim time is cut to milliseconds
   * so the value read back matches the stored one exactly.
   */
  async claim(postId: number, scope: { userId?: number; version?: number }): Promise<SocialPostEntity | null> {
    const params: unknown[] = [postId];
    let where = `id = $1 AND status <> 'published' AND "publishClaimedAt" IS NULL`;
    if (scope.userId !== undefined) where += ` AND "userId" = $${params.push(scope.userId)}`;
    if (scope.version !== undefined)
      where += ` AND status = 'scheduled' AND "scheduleVersion" = $${params.push(scope.version)}`;
    const rows = returnedRows<SocialPostEntity>(
      await this.dataSource.query(
        `UPDATE social_posts SET "publishClaimedAt" = date_trunc('milliseconds', now()), "updatedAt" = now() WHERE ${where} RETURNING *`,
        params,
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * Publishes a claimed post through its platform's connected account, and writes the outcome
   * (releasing the claim either way). On failure the post keeps its status, unless `toDraft`
   * (a scheduled post that will not be retried), and publishError says why.
   */
  async publishClaimed(post: SocialPostEntity, toDraft: (failure: PublishFailure) => boolean): Promise<PublishOutcome> {
    const failure = await this.attempt(post);
    if ('externalId' in failure) {
      const rows = returnedRows<SocialPostEntity>(
        await this.dataSource.query(
          `UPDATE social_posts
              SET status = 'published', "publishedAt" = now(), "publishMode" = 'connector', "externalId" = $3, "externalUrl" = $4,
                  "publishError" = NULL, "publishClaimedAt" = NULL, "scheduleVersion" = "scheduleVersion" + 1, "updatedAt" = now()
            WHERE id = $1 AND "publishClaimedAt" = $2
        RETURNING *`,
          [post.id, post.publishClaimedAt, failure.externalId.slice(0, 200), failure.url?.slice(0, 2000) ?? null],
        ),
      );
      // Deleted meanwhile: published on the platform all the same; nothing left to record it on.
      return { ok: true, post: rows[0] ?? post };
    }
    const draft = toDraft(failure);
    const rows = returnedRows<SocialPostEntity>(
      await this.dataSource.query(
        `UPDATE social_posts
            SET "publishClaimedAt" = NULL, "publishError" = $3,
                status = CASE WHEN $4 THEN 'draft' ELSE status END,
                "scheduledAt" = CASE WHEN $4 THEN NULL ELSE "scheduledAt" END,
                "scheduleVersion" = "scheduleVersion" + CASE WHEN $4 THEN 1 ELSE 0 END,
                "updatedAt" = now()
          WHERE id = $1 AND "publishClaimedAt" = $2
      RETURNING *`,
        [post.id, post.publishClaimedAt, failure.message, draft],
      ),
    );
    return { ok: false, post: rows[0] ?? null, ...failure };
  }

  /** The platform's answer, or why there is none. Never throws for the platform's sake. */
  private async attempt(post: SocialPostEntity): Promise<{ externalId: string; url: string | null } | PublishFailure> {
    let accountId: number | undefined;
    try {
      const access = await this.accounts.access(post.userId, post.platform);
      if (!access) return { message: connectToPublishMessage(post.platform), retryable: false, noAccount: true };
      accountId = access.account.id;
      if (post.platform === 'instagram' && !post.imageUrl)
        return { message: SOCIAL_MESSAGES.instagramNeedsImage, retryable: false };
      const published = await access.connector.publish(access.token, access.account.externalAccountId, {
        text: composePostText(post.content, post.hashtags),
        imageUrl: post.imageUrl,
      });
      await this.accounts.clearError(access.account);
      return published;
    } catch (error) {
      const failure = failureOf(post.platform, error);
      // The token was refused: the account needs connecting again (access() marks refused refreshes itself).
      if (error instanceof SocialConnectorError && error.auth && accountId !== undefined)
        await this.accounts.markError(accountId, failure.message);
      this.logger.warn(`post ${post.id} on ${post.platform}: ${failure.message}`);
      return failure;
    }
  }

  // ---- The job ----

  async run(payload: PublishPayload, ctx: JobContext): Promise<void> {
    const post = await this.claim(payload.postId, { version: payload.version });
    if (!post) return this.settleUnclaimed(payload, ctx);
    const label = SOCIAL_PLATFORM_LABELS[post.platform];
    const outcome = await this.publishClaimed(post, (failure) => !failure.retryable || ctx.lastAttempt);
    if (outcome.ok) {
      ctx.log(`post ${post.id} published on ${post.platform}`);
      await this.notifications.notify(post.userId, {
        kind: 'system',
        module: 'social',
        title: `Post published on ${label}`,
        body: post.content.slice(0, 200),
        link: '/social',
        sourceKey: `social:${post.id}:published`,
      });
      return;
    }
    // Tried again by pg-boss; the post stays scheduled meanwhile, with the reason shown.
    if (outcome.retryable && !ctx.lastAttempt) throw new Error(outcome.message);
    await this.notifications.notify(post.userId, {
      kind: 'system',
      module: 'social',
      title: `Post not published on ${label}`,
      body: `${outcome.message}. The post is back in your drafts.`,
      link: '/social',
      sourceKey: `social:${post.id}:v${payload.version}:failed`,
    });
  }

  /**
   * The job found nothing to claim: usually nothing to do (published, rescheduled, unscheduled,
   * deleted, or another delivery of this job is publishing it). A claim older than STALE_CLAIM_MS
   * is a publish that died: cleared, never retried. A fresh claim on this version is looked at
   * again once it would be stale, in case its publisher is the one that died.
   */
  private async settleUnclaimed(payload: PublishPayload, ctx: JobContext): Promise<void> {
    const [row] = await this.dataSource.query<
      { userId: number; status: string; scheduleVersion: number; publishClaimedAt: Date | null }[]
    >(`SELECT "userId", status, "scheduleVersion", "publishClaimedAt" FROM social_posts WHERE id = $1`, [
      payload.postId,
    ]);
    if (!row?.publishClaimedAt || row.status === 'published' || row.scheduleVersion !== payload.version) {
      ctx.log(`post ${payload.postId} v${payload.version}: nothing to publish`);
      return;
    }
    if (Date.now() - row.publishClaimedAt.getTime() >= STALE_CLAIM_MS) {
      await this.releaseStaleClaims({ postId: payload.postId });
      return;
    }
    await this.jobs.enqueue<PublishPayload>(SOCIAL_PUBLISH_JOB, payload, {
      userId: row.userId,
      startAfter: new Date(row.publishClaimedAt.getTime() + STALE_CLAIM_MS + 1000),
    });
  }

  /**
   * Clears claims older than STALE_CLAIM_MS (of one post, one user's, or all): the post goes back
   * to `draft` with SOCIAL_MESSAGES.publishInterrupted, its queued job void, and the user is told.
   */
  async releaseStaleClaims(scope: { postId?: number; userId?: number } = {}): Promise<number> {
    const params: unknown[] = [STALE_CLAIM_MS, SOCIAL_MESSAGES.publishInterrupted];
    let where = `"publishClaimedAt" < now() - $1::int * interval '1 millisecond' AND status <> 'published'`;
    if (scope.postId !== undefined) where += ` AND id = $${params.push(scope.postId)}`;
    if (scope.userId !== undefined) where += ` AND "userId" = $${params.push(scope.userId)}`;
    const released = returnedRows<{ id: number; userId: number; platform: SocialPlatform; content: string }>(
      await this.dataSource.query(
        `UPDATE social_posts
            SET "publishClaimedAt" = NULL, status = 'draft', "scheduledAt" = NULL, "scheduleVersion" = "scheduleVersion" + 1,
                "publishError" = $2, "updatedAt" = now()
          WHERE ${where}
      RETURNING id, "userId", platform, content`,
        params,
      ),
    );
    for (const post of released) {
      this.logger.warn(`post ${post.id}: publishing was interrupted; back to draft`);
      await this.notifications.notify(post.userId, {
        kind: 'system',
        module: 'social',
        title: `Publishing on ${SOCIAL_PLATFORM_LABELS[post.platform]} was interrupted`,
        body: SOCIAL_MESSAGES.publishInterrupted,
        link: '/social',
        sourceKey: `social:${post.id}:interrupted:${Date.now()}`,
      });
    }
    return released.length;
  }
}
