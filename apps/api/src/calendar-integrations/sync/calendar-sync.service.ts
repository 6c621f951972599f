import { calendarIntegrationsEndpoints, eventsEndpoints } from '@aide/contracts';
import { Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { EventsService } from '../../events/events.service';
import type { JobContext, JobOwner } from '../../jobs/job-definition';
import { moduleOpenSql } from '../../feature-toggles/feature-toggles.service';
import { JobsService } from '../../jobs/jobs.service';
import { CalendarEventLinkEntity } from '../calendar-event-link.entity';
import { CalendarIntegrationEntity } from '../calendar-integration.entity';
import { ProviderClientFactory } from '../providers/provider-client.factory';
import { CalendarSyncEngine, type SyncSummary } from './calendar-sync.engine';

export const CALENDAR_SYNC_JOB = 'calendar.sync';
export const CALENDAR_SYNC_DUE_JOB = 'calendar.sync-due';
/** Every 15 minutes, UTC. */
export const AUTO_SYNC_CRON = '*/15 * * * *';
export const INTEGRATION_ENTITY = 'calendar_integration';

interface SyncPayload {
  integrationId: number;
}

/**
 * Runs syncs as pg-boss jobs. The integration row is the job's owner: `syncing` while queued or
 * running, then lastSyncAt, or lastSyncError after the last retry failed (the user is notified
 * with kind sync_failed). A recurring job enqueues a sync of every integration with auto-sync on.
 */
@Injectable()
export class CalendarSyncService implements OnModuleInit, OnApplicationBootstrap, JobOwner {
  readonly type = INTEGRATION_ENTITY;

  constructor(
    private readonly jobs: JobsService,
    private readonly clients: ProviderClientFactory,
    private readonly events: EventsService,
    @InjectRepository(CalendarIntegrationEntity) private readonly integrations: Repository<CalendarIntegrationEntity>,
    @InjectRepository(CalendarEventLinkEntity) private readonly links: Repository<CalendarEventLinkEntity>,
  ) {}

  onModuleInit(): void {
    this.jobs.define<SyncPayload>({
      name: CALENDAR_SYNC_JOB,
      module: 'organiser',
      title: 'Calendar sync',
      owner: this,
      notifyKind: 'sync_failed',
      notifyOnSuccess: false,
      // At most one sync per integration queued and one running (singletonKey below).
      policy: 'stately',
      retryLimit: 2,
      invalidate: [calendarIntegrationsEndpoints.list.path, eventsEndpoints.list.path],
      handler: async ({ integrationId }, ctx) => void (await this.syncNow(integrationId, ctx)),
    });
    this.jobs.define<Record<string, never>>({
      name: CALENDAR_SYNC_DUE_JOB,
      module: 'organiser',
      title: 'Calendar auto-sync',
      notifyOnSuccess: false,
      handler: () => this.enqueueAutoSyncs(),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(CALENDAR_SYNC_DUE_JOB, AUTO_SYNC_CRON, {});
  }

  /** Queues a sync (deduplicated per integration) and marks the integration syncing. */
  async enqueue(integration: Pick<CalendarIntegrationEntity, 'id' | 'userId'>): Promise<void> {
    await this.integrations.update(integration.id, { syncing: true });
    await this.jobs.enqueue<SyncPayload>(
      CALENDAR_SYNC_JOB,
      { integrationId: integration.id },
      {
        userId: integration.userId,
        entity: { type: INTEGRATION_ENTITY, id: integration.id },
        singletonKey: `calendar-integration:${integration.id}`,
      },
    );
  }

  async enqueueAutoSyncs(): Promise<void> {
    // Not for owners whose organiser module is locked: their integrations wait until it is on again.
    const due = await this.integrations
      .createQueryBuilder('integration')
      .select(['integration.id', 'integration.userId'])
      .where('integration.syncEnabled = true')
      .andWhere(moduleOpenSql('organiser', 'integration."userId"'))
      .getMany();
    for (const integration of due) await this.enqueue(integration);
  }

  /** One sync, in this process; the job's handler. An integration removed meanwhile is nothing to do. */
  async syncNow(integrationId: number, ctx?: Pick<JobContext, 'progress'>): Promise<SyncSummary | null> {
    const integration = await this.integrations.findOne({
      where: { id: integrationId },
      select: { credentials: true, id: true, userId: true, provider: true, syncDirection: true, providerState: true },
    });
    if (!integration) return null;
    const client = this.clients.create(integration, integration.credentials);
    const engine = new CalendarSyncEngine(
      {
        integrationId,
        userId: integration.userId,
        source: integration.provider,
        direction: integration.syncDirection,
        state: integration.providerState,
      },
      client,
      this.events,
      this.links,
      (value) => ctx?.progress(value),
    );
    const summary = await engine.run();
    await this.integrations.update(integrationId, { providerState: summary.nextState });
    return summary;
  }

  async setProgress(id: number): Promise<void> {
    await this.integrations.update(id, { syncing: true });
  }

  async setDone(id: number): Promise<void> {
    await this.integrations.update(id, { syncing: false, lastSyncAt: new Date(), lastSyncError: null });
  }

  async setFailed(id: number, error: string): Promise<void> {
    await this.integrations.update(id, { syncing: false, lastSyncError: error.slice(0, 2000) });
  }
}
