import type { CalendarEvent, EventSource, SyncDirection } from '@aide/contracts';
import type { Repository } from 'typeorm';
import type { EventsService } from '../../events/events.service';
import { occurrencesBetween } from '../../events/recurrence/occurrences';
import type { CalendarEventLinkEntity } from '../calendar-event-link.entity';
import type { CalendarProviderClient } from '../providers/calendar-provider-client';
import type { ProviderState } from '../providers/provider-state';
import { localHash, toOutgoing } from './event-fields';
import { type LocalSeries, LocalSeriesWriter } from './local-series';

export interface SyncTarget {
  integrationId: number;
  userId: number;
  source: EventSource;
  direction: SyncDirection;
  state: ProviderState;
}

export interface SyncSummary {
  imported: number;
  updatedLocally: number;
  deletedLocally: number;
  exported: number;
  updatedRemotely: number;
  deletedRemotely: number;
  nextState: ProviderState;
}

const newer = (a: string | null, b: string | null) => a !== null && b !== null && Date.parse(a) > Date.parse(b);

/**
 * One sync of one integration, idempotent: links (remote id ⇄ local event id, remote ETag, hash
 * of the local fields) say what is already in step, so running it again changes nothing.
 *
 * - import (remote → local): new remote events are created locally (source = the provider),
 *   changed ones (another ETag) updated, deleted ones deleted locally.
 * - export (local → remote): events made here (source local) and this integration's imports are
 *   created or updated remotely; a linked event deleted locally is deleted remotely.
 * - A repeating event is one link: its series row, with the rows of its moved occurrences, against
 *   the remote series with its exceptions (one CalDAV resource; Google's and Graph's master with
 *   its instances); the hash and the remote tag cover them all, so a change to one occurrence
 *   syncs the series.
 * - two_way: import, then export. When both sides changed since the last sync, the later
 *   modification wins (the local updatedAt against the remote's last-modified; a remote without
 *   one wins). A deletion on either side wins over an edit on the other.
 */
export class CalendarSyncEngine {
  private readonly summary: Omit<SyncSummary, 'nextState'> = {
    imported: 0,
    updatedLocally: 0,
    deletedLocally: 0,
    exported: 0,
    updatedRemotely: 0,
    deletedRemotely: 0,
  };

  private readonly writer: LocalSeriesWriter;

  constructor(
    private readonly target: SyncTarget,
    private readonly client: CalendarProviderClient,
    private readonly events: EventsService,
    private readonly links: Repository<CalendarEventLinkEntity>,
    private readonly progress: (value: number) => void = () => {},
  ) {
    this.writer = new LocalSeriesWriter(events, target.userId, {
      source: target.source,
      integrationId: target.integrationId,
    });
  }

  async run(): Promise<SyncSummary> {
    const { direction } = this.target;
    let nextState = this.target.state;
    if (direction !== 'export') nextState = await this.importChanges();
    this.progress(50);
    if (direction !== 'import') await this.exportChanges();
    this.progress(95);
    return { ...this.summary, nextState };
  }

  private loadLinks(): Promise<CalendarEventLinkEntity[]> {
    return this.links.find({ where: { integrationId: this.target.integrationId } });
  }

  /** The user's rows as series: each event without a series, with the rows of its moved occurrences. */
  private async loadLocal(): Promise<Map<number, LocalSeries>> {
    const all = await this.events.list(this.target.userId);
    const series = new Map<number, LocalSeries>();
    for (const event of all) if (event.recurringEventId === null) series.set(event.id, { event, overrides: [] });
    for (const event of all) {
      if (event.recurringEventId !== null) series.get(event.recurringEventId)?.overrides.push(event);
    }
    return series;
  }

  private async importChanges(): Promise<ProviderState> {
    const { integrationId } = this.target;
    const exporting = this.target.direction === 'two_way';
    const links = await this.loadLinks();
    const locals = await this.loadLocal();
    const knownSeries = links.filter((l) => locals.get(l.eventId)?.event.recurrence).map((l) => l.remoteId);
    const changes = await this.client.listChanges(this.target.state, knownSeries);
    this.progress(20);
    const byRemote = new Map(links.map((link) => [link.remoteId, link]));
    const seen = new Set<string>();

    for (const remote of changes.upserts) {
      seen.add(remote.remoteId);
      const link = byRemote.get(remote.remoteId);
      if (!link) {
        const created = await this.writer.create(remote);
        await this.links.insert({
          integrationId,
          eventId: created.event.id,
          remoteId: remote.remoteId,
          remoteEtag: remote.etag,
          localHash: hashOf(created),
        });
        this.summary.imported++;
        continue;
      }
      if (remote.etag !== null && link.remoteEtag === remote.etag) continue;
      const local = locals.get(link.eventId);
      if (!local) {
        // Deleted here: two-way, the export below deletes the remote copy; import-only, the remote is the master.
        if (exporting) continue;
        const created = await this.writer.create(remote);
        await this.links.update(link.id, {
          eventId: created.event.id,
          remoteEtag: remote.etag,
          localHash: hashOf(created),
        });
        this.summary.imported++;
        continue;
      }
      if (exporting && hashOf(local) !== link.localHash && newer(lastChange(local), remote.updatedAt)) {
        // Local wins: remember the remote version seen, so the export's update replaces exactly it.
        await this.links.update(link.id, { remoteEtag: remote.etag });
        continue;
      }
      const updated = await this.writer.update(remote, local);
      await this.links.update(link.id, { remoteEtag: remote.etag, localHash: hashOf(updated) });
      this.summary.updatedLocally++;
    }

    const deleted = new Set(changes.deletions);
    if (changes.complete) {
      for (const link of links) {
        if (seen.has(link.remoteId)) continue;
        // A windowed listing only speaks for events inside its window; an event we cannot place
        // (deleted here too) is left to the export step, which deletes the remote copy.
        const local = locals.get(link.eventId);
        if (changes.window && (!local || !overlaps(local.event, changes.window))) continue;
        deleted.add(link.remoteId);
      }
    }
    for (const remoteId of deleted) {
      const link = byRemote.get(remoteId);
      if (!link) continue;
      if (locals.has(link.eventId)) {
        // A series' moved occurrences go with it (their rows cascade).
        await this.writer.remove(link.eventId);
        this.summary.deletedLocally++;
      }
      await this.links.delete(link.id);
    }
    return changes.nextState;
  }

  private async exportChanges(): Promise<void> {
    const { integrationId } = this.target;
    const links = await this.loadLinks();
    const byEvent = new Map(links.map((link) => [link.eventId, link]));
    const all = await this.loadLocal();
    // Events imported by another integration stay out of this calendar. Moved occurrences travel
    // inside their series (one CalDAV resource, Google's and Graph's exceptions), never on their own.
    const mine = [...all.values()].filter(
      ({ event }) =>
        event.integrationId === integrationId || (event.source === 'local' && event.integrationId === null),
    );

    for (const local of mine) {
      const { event, overrides } = local;
      const link = byEvent.get(event.id);
      const hash = hashOf(local);
      if (!link) {
        // An import without a link was deleted remotely (its local copy goes too); never send it back.
        // A series of this integration without one is the tail of an imported series split here
        // ("this and following"): new, so it goes out.
        if (event.integrationId === integrationId && !event.recurrence) continue;
        const ref = await this.client.put(toOutgoing(event, overrides));
        await this.links.insert({
          integrationId,
          eventId: event.id,
          remoteId: ref.remoteId,
          remoteEtag: ref.etag,
          localHash: hash,
        });
        this.summary.exported++;
      } else if (link.localHash !== hash) {
        const ref = await this.client.put(toOutgoing(event, overrides), {
          remoteId: link.remoteId,
          etag: link.remoteEtag,
        });
        await this.links.update(link.id, { remoteId: ref.remoteId, remoteEtag: ref.etag, localHash: hash });
        this.summary.updatedRemotely++;
      }
    }
    for (const link of links) {
      if (all.has(link.eventId)) continue;
      await this.client.delete({ remoteId: link.remoteId, etag: link.remoteEtag });
      await this.links.delete(link.id);
      this.summary.deletedRemotely++;
    }
  }
}

const hashOf = (local: LocalSeries) => localHash(local.event, local.overrides);
/** When a series (or any of its moved occurrences) last changed here. */
const lastChange = (local: LocalSeries) =>
  [local.event, ...local.overrides].map((e) => e.updatedAt).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));

/** Whether an event (for a series: any of its occurrences) overlaps [from, to). */
function overlaps(event: CalendarEvent, window: { from: string; to: string }): boolean {
  if (event.recurrence) {
    const series = {
      startTime: new Date(event.startTime),
      endTime: new Date(event.endTime),
      recurrence: event.recurrence,
      timezone: event.timezone ?? 'UTC',
    };
    return occurrencesBetween(series, new Date(window.from), new Date(window.to)).length > 0;
  }
  return Date.parse(event.endTime) >= Date.parse(window.from) && Date.parse(event.startTime) < Date.parse(window.to);
}
