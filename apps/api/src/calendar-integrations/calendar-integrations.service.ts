import {
  type CalendarIntegration,
  type CalendarProvider,
  type CreateCalDavIntegrationPayload,
  type SyncDirection,
  type UpdateCalendarIntegrationPayload,
} from '@aide/contracts';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';
import { assertPlanQuota, withinPlanQuota } from '../common/plan-quota';
import { EventsService } from '../events/events.service';
import { OutboundPolicy } from '../outbound/outbound-policy';
import { CalendarIntegrationEntity } from './calendar-integration.entity';
import { toCalendarIntegration } from './calendar-integration.mapper';
import { calendarDisplayName, connectCalDav } from './providers/caldav.client';
import type { ProviderState } from './providers/provider-state';

export const INTEGRATION_NOT_FOUND = 'Calendar integration not found';

/** A user's calendar integrations. Every method is scoped to that user: others' ids are "not found". */
@Injectable()
export class CalendarIntegrationsService {
  constructor(
    @InjectRepository(CalendarIntegrationEntity) private readonly integrations: Repository<CalendarIntegrationEntity>,
    private readonly cipher: CredentialsCipher,
    private readonly events: EventsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  async list(userId: number): Promise<CalendarIntegration[]> {
    const rows = await this.integrations.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toCalendarIntegration);
  }

  async get(userId: number, id: number): Promise<CalendarIntegrationEntity> {
    const row = await this.integrations.findOne({ where: { id, userId } });
    if (!row) throw new NotFoundException(INTEGRATION_NOT_FOUND);
    return row;
  }

  /** Signs in to the server (so bad credentials answer 400 now, not at the first sync) and picks the named calendar. */
  async createCalDav(userId: number, input: CreateCalDavIntegrationPayload): Promise<CalendarIntegration> {
    await assertPlanQuota(this.integrations.manager.connection, userId, 'calendarIntegrations'); // before connecting anywhere
    const credentials = { username: input.username, password: input.password };
    let calendars: Awaited<ReturnType<typeof connectCalDav>>['calendars'];
    try {
      ({ calendars } = await connectCalDav(this.outbound, input.serverUrl, credentials));
    } catch (error) {
      // connectCalDav's words: the credentials were refused, or the server could not be reached (whatever the reason).
      throw new BadRequestException((error as Error).message);
    }
    if (calendars.length === 0) throw new BadRequestException('The CalDAV server has no calendars for this account');
    const names = calendars.map(calendarDisplayName);
    const wanted = input.calendarName?.toLowerCase();
    const index = wanted === undefined ? 0 : names.findIndex((name) => name.toLowerCase() === wanted);
    if (index < 0)
      throw new BadRequestException(
        `Calendar "${input.calendarName}" was not found. Available: ${[...names].sort().join(', ')}`,
      );
    const calendarUrl = new URL(calendars[index].url, input.serverUrl).href;
    return this.create(userId, input.provider, names[index], input.syncDirection, credentials, {
      serverUrl: input.serverUrl,
      calendarUrl,
      ctag: null,
    });
  }

  async create(
    userId: number,
    provider: CalendarProvider,
    calendarName: string,
    syncDirection: SyncDirection,
    credentials: unknown,
    providerState: ProviderState,
  ): Promise<CalendarIntegration> {
    // 403 past the plan's calendar integration quota.
    const row = await withinPlanQuota(this.integrations.manager.connection, userId, 'calendarIntegrations', (manager) =>
      manager.save(
        this.integrations.create({
          userId,
          provider,
          calendarName: calendarName.slice(0, 200),
          syncDirection,
          credentials: this.cipher.encrypt(credentials),
          providerState,
        }),
      ),
    );
    return toCalendarIntegration(await this.get(userId, row.id));
  }

  async update(userId: number, id: number, changes: UpdateCalendarIntegrationPayload): Promise<CalendarIntegration> {
    const row = await this.get(userId, id);
    await this.integrations.update(row.id, changes);
    return toCalendarIntegration(await this.get(userId, id));
  }

  /**
   * Removes the integration and the events it imported (they would otherwise be orphans nobody
   * syncs). Events made here and exported stay, locally and on the remote calendar.
   */
  async remove(userId: number, id: number): Promise<void> {
    await this.get(userId, id);
    const imported = (await this.events.list(userId)).filter((event) => event.integrationId === id);
    for (const event of imported)
      await this.events.remove(userId, event.id).catch((error: unknown) => {
        if (!(error instanceof NotFoundException)) throw error;
      });
    await this.integrations.delete({ id, userId });
  }

  async markSyncing(id: number): Promise<void> {
    await this.integrations.update(id, { syncing: true });
  }
}
