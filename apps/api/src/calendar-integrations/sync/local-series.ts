import type { CalendarEvent } from '@aide/contracts';
import { NotFoundException } from '@nestjs/common';
import type { EventOrigin, EventsService } from '../../events/events.service';
import type { RemoteEvent, RemoteOverride } from '../providers/calendar-provider-client';
import { seriesColumns, toCreatePayload, toUpdatePayload } from './event-fields';

/** A local series (or single event) with the rows of its moved occurrences. */
export interface LocalSeries {
  event: CalendarEvent;
  overrides: CalendarEvent[];
}

/**
 * Writes what a remote event says into the user's events through EventsService: the series row
 * with its rule, zone and removed occurrences, and one row per moved occurrence, tied to the
 * series by recurringEventId and its original start (RECURRENCE-ID). Every write names its whole
 * target (the series with scope 'all' and no occurrence, a moved occurrence with scope 'this'), so
 * none of the service's scope logic (splitting, shifting) applies to what the remote already decided.
 */
export class LocalSeriesWriter {
  constructor(
    private readonly events: EventsService,
    private readonly userId: number,
    private readonly origin: EventOrigin,
  ) {}

  async create(remote: RemoteEvent): Promise<LocalSeries> {
    const { recurrence, timezone, exceptions } = seriesColumns(remote);
    const event = await this.events.create(
      this.userId,
      {
        ...toCreatePayload(remote),
        ...(recurrence && timezone && { recurrence, timezone, exceptions }),
      },
      this.origin,
    );
    const overrides: CalendarEvent[] = [];
    for (const override of remote.recurrence?.overrides ?? [])
      overrides.push(await this.createOverride(event.id, override));
    return { event, overrides };
  }

  async update(remote: RemoteEvent, current: LocalSeries): Promise<LocalSeries> {
    const id = current.event.id;
    const existing = new Map(current.overrides.map((o) => [Date.parse(o.occurrenceStart ?? ''), o]));
    const overrides: CalendarEvent[] = [];
    for (const override of remote.recurrence?.overrides ?? []) {
      const key = Date.parse(override.originalStartTime);
      const row = existing.get(key);
      existing.delete(key);
      overrides.push(
        row
          ? await this.events.update(this.userId, row.id, toUpdatePayload(override), { scope: 'this' })
          : await this.createOverride(id, override),
      );
    }
    // Moved occurrences the remote no longer has (back to the rule, removed, or the event stopped
    // repeating). Removing one on its own adds its slot to the exceptions; the series' update below
    // then sets the exceptions to exactly the remote's.
    for (const row of existing.values()) await this.remove(row.id, { scope: 'this' });
    const event = await this.events.update(this.userId, id, { ...toUpdatePayload(remote), ...seriesColumns(remote) });
    return { event, overrides: event.recurrence ? overrides : [] };
  }

  async remove(id: number, target?: { scope: 'this' }): Promise<void> {
    try {
      await this.events.remove(this.userId, id, target);
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
    }
  }

  private createOverride(seriesId: number, override: RemoteOverride): Promise<CalendarEvent> {
    return this.events.create(
      this.userId,
      { ...toCreatePayload(override), recurringEventId: seriesId, originalStartTime: override.originalStartTime },
      this.origin,
    );
  }
}
