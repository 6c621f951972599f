import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ImapFlow } from 'imapflow';
import type { DataSource, Repository } from 'typeorm';
import type { JobContext, JobOwner } from '../../jobs/job-definition';
import { moduleOpenSql } from '../../feature-toggles/feature-toggles.service';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import {
  EMAIL_SERVER_CHANGE_PENDING,
  EmailServerChangePendingEvent,
} from '../events/email-server-change-pending.event';
import { EmailIntegrationEntity } from '../email-integration.entity';
import { resolveMailServers } from '../email-servers.util';
import { isAuthenticationFailure, type MailAccount, MailAccess } from '../mail-access';
import { EmailTriageService } from '../triage/email-triage.service';
import { EmailSyncEngine, type SyncSummary } from './email-sync.engine';
import { EmailSyncStore } from './email-sync.store';
import { describeSyncError, signInRefusedMessage } from './sync-errors';

export const EMAIL_SYNC_JOB = 'email.sync';
export const EMAIL_PUSH_JOB = 'email.push';
export const EMAIL_SYNC_DUE_JOB = 'email.sync-due';
/** Every minute, UTC: each account is then synced at its own syncFrequency. */
export const SYNC_DUE_CRON = '* * * * *';
export const INTEGRATION_ENTITY = 'email_integration';
/** What a sync changes on screen: the account's state and the mail lists and counts. */
export const SYNC_INVALIDATES = ['/api/email-integrations', '/api/emails', '/api/emails/stats', '/api/dashboard'];
/** An account whose syncs fail is tried again no more often than this, whatever its syncFrequency. */
export const FAILING_RETRY_SECONDS = 15 * 60;
/** A push that finds the account's sync running tries again this much later (the sync may have passed its push). */
const PUSH_RETRY_SECONDS = 5;
/** How long a sync waits for a push (or a direct syncNow) of the same account to finish. */
const LOCK_WAIT_MS = 120_000;
/** Key space of the per-account advisory lock (two-int form: this, the account id). */
const ACCOUNT_LOCK_SPACE = 0x656d6c73; // 'emls'

interface AccountPayload {
  integrationId: number;
}

class AccountBusyError extends Error {}

/**
 * Email sync as background jobs, and the hook from the app's read/archive changes to the server.
 *
 * - 'email.sync' (one queued and one running per account): the account row is the job's owner,
 *   `syncing` while queued or running, then lastSyncAt; a failure after the retries leaves
 *   lastSyncError and a 'sync_failed' notification (the job framework). A refused sign-in is
 *   not retried: the account turns inactive with a clear lastSyncError and the user is notified
 *   at once; a later good sync makes it active again.
 * - 'email.sync-due' every minute: queues the accounts whose syncFrequency has passed since their
 *   last attempt (inactive and sync-disabled accounts are left to Sync Now).
 * - 'email.push': queued when the app changes a message's read or archive state
 *   (EmailServerChangePendingEvent), so the server hears of it within seconds rather than at the next sync.
 *
 * Syncs and pushes of one account never overlap: each holds a Postgres advisory lock on it, which
 * also holds across worker processes.
 */
@Injectable()
export class EmailSyncService implements OnModuleInit, OnApplicationBootstrap, JobOwner {
  readonly type = INTEGRATION_ENTITY;
  private readonly logger = new Logger('EmailSync');

  constructor(
    private readonly jobs: JobsService,
    private readonly access: MailAccess,
    private readonly store: EmailSyncStore,
    private readonly triage: EmailTriageService,
    private readonly events: EventEmitter2,
    private readonly notifications: NotificationsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(EmailIntegrationEntity) private readonly integrations: Repository<EmailIntegrationEntity>,
  ) {}

  onModuleInit(): void {
    this.jobs.define<AccountPayload>({
      name: EMAIL_SYNC_JOB,
      module: 'email',
      title: 'Email sync',
      owner: this,
      notifyKind: 'sync_failed',
      notifyOnSuccess: false,
      policy: 'stately',
      retryLimit: 2,
      retryDelaySeconds: 15,
      // A first sync of a large mailbox takes a while; an expired attempt is retried and resumes from its last batch.
      expireInSeconds: 3600,
      invalidate: SYNC_INVALIDATES,
      handler: (payload, ctx) => this.runSyncJob(payload.integrationId, ctx),
    });
    this.jobs.define<AccountPayload>({
      name: EMAIL_PUSH_JOB,
      module: 'email',
      title: 'Email changes to the server',
      notifyOnSuccess: false,
      policy: 'stately',
      retryLimit: 2,
      retryDelaySeconds: 10,
      handler: (payload, ctx) => this.runPushJob(payload.integrationId, ctx),
    });
    this.jobs.define<Record<string, never>>({
      name: EMAIL_SYNC_DUE_JOB,
      module: 'email',
      title: 'Email auto-sync',
      notifyOnSuccess: false,
      handler: async () => void (await this.enqueueDue()),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(EMAIL_SYNC_DUE_JOB, SYNC_DUE_CRON, {});
  }

  /** Queues a sync of the account (at most one queued per account) and marks it syncing. */
  async enqueue(integration: Pick<EmailIntegrationEntity, 'id' | 'userId'>): Promise<void> {
    await this.integrations.update(integration.id, { syncing: true });
    await this.jobs.enqueue<AccountPayload>(
      EMAIL_SYNC_JOB,
      { integrationId: integration.id },
      {
        userId: integration.userId,
        entity: { type: INTEGRATION_ENTITY, id: integration.id },
        singletonKey: `email-integration:${integration.id}`,
      },
    );
  }

  /**
   * Queues every active, sync-enabled account whose syncFrequency has passed since its last attempt
   * (or that never synced); one whose last sync failed waits at least FAILING_RETRY_SECONDS.
   */
  async enqueueDue(): Promise<number> {
    const due = await this.dataSource.query<Array<{ id: number; userId: number }>>(
      `SELECT id, "userId" FROM email_integrations
        WHERE "syncEnabled" AND "isActive" AND ${moduleOpenSql('email', 'email_integrations."userId"')}
          AND ("lastSyncAttemptAt" IS NULL
               OR "lastSyncAttemptAt" + make_interval(secs => CASE WHEN "lastSyncError" IS NULL THEN "syncFrequency" ELSE greatest("syncFrequency", $1) END) <= now())
        ORDER BY "lastSyncAttemptAt" NULLS FIRST, id`,
      [FAILING_RETRY_SECONDS],
    );
    for (const integration of due) await this.enqueue(integration);
    return due.length;
  }

  /** A read or archive change is committed; the push job carries it to the server (if this fails, the next sync does). */
  @OnEvent(EMAIL_SERVER_CHANGE_PENDING, { async: true, promisify: true })
  async serverChangePending(change: EmailServerChangePendingEvent): Promise<void> {
    await this.enqueuePush(change.integrationId, change.userId);
  }

  private async enqueuePush(integrationId: number, userId: number, startAfter?: number): Promise<void> {
    await this.jobs.enqueue<AccountPayload>(
      EMAIL_PUSH_JOB,
      { integrationId },
      { userId, singletonKey: `email-push:${integrationId}`, ...(startAfter && { startAfter }) },
    );
  }

  /**
   * One full sync, in this process: the job's handler, and what tests and the benchmark call. On
   * success the account is active with lastSyncAt now and no error. Answers null when the account
   * is gone. Throws what the server or the connection threw.
   */
  async syncNow(integrationId: number, ctx?: Pick<JobContext, 'progress' | 'signal'>): Promise<SyncSummary | null> {
    return this.withAccountLock(integrationId, { waitMs: LOCK_WAIT_MS }, async () => {
      const account = await this.access.open(integrationId);
      if (!account) return null;
      const summary = await this.withImap(account, (client) =>
        new EmailSyncEngine({
          integration: account.integration,
          client,
          store: this.store,
          triage: this.triage,
          events: this.events,
          progress: ctx?.progress,
          signal: ctx?.signal,
          log: (message) => this.logger.warn(`Account ${integrationId}: ${message}`),
        }).run(),
      );
      await this.integrations.update(integrationId, { isActive: true, lastSyncAt: new Date(), lastSyncError: null });
      this.logger.log(
        `Account ${integrationId} synced (${summary.mailboxes.join(', ')}): ${summary.inserted} new, ${summary.adopted} moved, ${summary.removed} removed, ${summary.flagsUpdated} flags, ${summary.pushed} pushed`,
      );
      return summary;
    });
  }

  /** Only the push step, when the account is free: answers how many changes went out, or null if a sync holds the account. */
  async pushNow(integrationId: number): Promise<number | null> {
    try {
      return await this.withAccountLock(integrationId, { waitMs: 0 }, async () => {
        const account = await this.access.open(integrationId);
        if (!account?.integration.isActive) return 0; // a refused account is the next sync's to report
        return this.withImap(account, (client) =>
          new EmailSyncEngine({
            integration: account.integration,
            client,
            store: this.store,
            triage: this.triage,
            events: this.events,
          }).pushOnly(),
        );
      });
    } catch (error) {
      if (error instanceof AccountBusyError) return null;
      throw error;
    }
  }

  private async runSyncJob(integrationId: number, ctx: JobContext): Promise<void> {
    await this.integrations.update(integrationId, { lastSyncAttemptAt: new Date() });
    try {
      await this.syncNow(integrationId, ctx);
    } catch (error) {
      const integration = await this.integrations.findOne({ where: { id: integrationId } });
      if (!integration) return; // removed while it synced: nothing left to report on
      if (isAuthenticationFailure(error)) return this.signInRefused(integration, ctx.jobId);
      throw new Error(describeSyncError(error, this.imapServer(integration)), { cause: error });
    }
  }

  /**
   * The server refused the credentials: retrying cannot help (and repeated failed sign-ins can get
   * an account locked), so the job ends here. The account turns inactive with the reason, and the
   * user is told now, with the notification the job framework would have sent (same source key).
   */
  private async signInRefused(integration: EmailIntegrationEntity, jobId: string): Promise<void> {
    const message = signInRefusedMessage(integration.email, integration.provider);
    await this.integrations.update(integration.id, { isActive: false, lastSyncError: message, syncing: false });
    await this.notifications.notify(integration.userId, {
      kind: 'sync_failed',
      module: 'email',
      title: 'Email sync failed',
      body: message,
      link: '/email',
      sourceKey: `job:${jobId}:failed`,
    });
  }

  private async runPushJob(integrationId: number, ctx: JobContext): Promise<void> {
    try {
      const pushed = await this.pushNow(integrationId);
      if (pushed === null) {
        // A sync holds the account and may be past its push step: look again shortly.
        const integration = await this.integrations.findOne({
          where: { id: integrationId },
          select: { id: true, userId: true },
        });
        if (integration) await this.enqueuePush(integrationId, integration.userId, PUSH_RETRY_SECONDS);
      }
    } catch (error) {
      // The changes stay pending and the next sync pushes them first; it also reports any failure on the account.
      if (isAuthenticationFailure(error) || ctx.lastAttempt) {
        this.logger.warn(
          `Account ${integrationId}: changes not pushed yet (${error instanceof Error ? error.message : String(error)})`,
        );
        return;
      }
      throw error;
    }
  }

  private imapServer(integration: EmailIntegrationEntity): { host: string; port: number } {
    try {
      return resolveMailServers(integration).imap;
    } catch {
      return { host: integration.imapHost ?? 'the IMAP server', port: integration.imapPort ?? 993 };
    }
  }

  private async withImap<T>(account: MailAccount, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = await account.connectImap();
    try {
      const result = await work(client);
      await client.logout().catch(() => client.close());
      return result;
    } catch (error) {
      client.close();
      throw error;
    }
  }

  /**
   * Runs `work` holding the account's advisory lock (on a connection of its own, so the lock goes
   * with the connection if the process dies). Waits up to `waitMs` for it, else throws AccountBusyError.
   */
  private async withAccountLock<T>(
    integrationId: number,
    { waitMs }: { waitMs: number },
    work: () => Promise<T>,
  ): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1, $2) AS locked`, [
          ACCOUNT_LOCK_SPACE,
          integrationId,
        ]);
        if (locked) break;
        if (Date.now() >= deadline) throw new AccountBusyError(`Another sync of this account is still running`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      try {
        return await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1, $2)`, [ACCOUNT_LOCK_SPACE, integrationId]);
      }
    } finally {
      await runner.release();
    }
  }

  async setProgress(id: number): Promise<void> {
    await this.integrations.update(id, { syncing: true });
  }

  /** lastSyncAt and the error are syncNow's (a refused sign-in ends the job without failing it). */
  async setDone(id: number): Promise<void> {
    await this.integrations.update(id, { syncing: false });
  }

  async setFailed(id: number, error: string): Promise<void> {
    await this.integrations.update(id, { syncing: false, lastSyncError: error.slice(0, 2000) });
  }
}
