import type { CalendarEvent } from '@aide/contracts';
import { NotFoundException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import type { EventEntity } from '../../events/event.entity';
import type { EventOrigin, EventsService } from '../../events/events.service';
import type { RemoteEvent, RemoteOverride } from '../providers/calendar-provider-client';
import { seriesColumns, toCreatePayload, toUpdatePayload } from './event-fields';

/** A local series (or single event) with the rows of its moved occurrences. */
export interface LocalSeries {
  event: CalendarEvent;
  overrides: CalendarEvent[];
}

/**
 * Writes what a remote event says into the user's events: the row itself through EventsService
 * (its checks and ownership), plus the repeat columns (rule, zone, removed occurrences) and the
 * moved occurrences' rows, each tied to its series by recurringEventId and originalStartTime
 * (RECURRENCE-ID). The repeat columns are written on the row directly: they are what the remote
 * says, already validated by the mapping, and need no scope logic.
 */
export class LocalSeriesWriter {
  constructor(
    private readonly events: EventsService,
    private readonly rows: Repository<EventEntity>,
    private readonly userId: number,
    private readonly origin: EventOrigin,
  ) {}

  async create(remote: RemoteEvent): Promise<LocalSeries> {
    const created = await this.events.create(this.userId, toCreatePayload(remote), this.origin);
    if (remote.recurrence) await this.rows.update({ id: created.id, userId: this.userId }, seriesColumns(remote));
    for (const override of remote.recurrence?.overrides ?? []) await this.createOverride(created.id, override);
    return this.load(created.id);
  }

  async update(remote: RemoteEvent, current: LocalSeries): Promise<LocalSeries> {
    const id = current.event.id;
    await this.events.update(this.userId, id, toUpdatePayload(remote));
    await this.rows.update({ id, userId: this.userId }, seriesColumns(remote));
    const existing = new Map(current.overrides.map((o) => [Date.parse(o.occurrenceStart ?? ''), o]));
    for (const override of remote.recurrence?.overrides ?? []) {
      const key = Date.parse(override.originalStartTime);
      const row = existing.get(key);
      existing.delete(key);
      if (row) await this.events.update(this.userId, row.id, toUpdatePayload(override));
      else await this.createOverride(id, override);
    }
    // Moved occurrences the remote no longer has (restored to the rule, or the event stopped repeating).
    for (const row of existing.values()) await this.remove(row.id);
    return this.load(id);
  }

  async remove(id: number): Promise<void> {
    try {
      await this.events.remove(this.userId, id);
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
    }
  }

  private async createOverride(seriesId: number, override: RemoteOverride): Promise<void> {
    const row = await this.events.create(this.userId, toCreatePayload(override), this.origin);
    await this.rows.update(
      { id: row.id, userId: this.userId },
      { recurringEventId: seriesId, originalStartTime: new Date(override.originalStartTime) },
    );
  }

  private async load(id: number): Promise<LocalSeries> {
    const [event] = await this.events.findByIds(this.userId, [id]);
    const overrideIds = (
      await this.rows.find({ select: { id: true }, where: { userId: this.userId, recurringEventId: id } })
    ).map((r) => r.id);
    return { event, overrides: await this.events.findByIds(this.userId, overrideIds) };
  }
}
