import type { EventSource, SyncDirection } from '@aide/contracts';
import { NotFoundException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import type { EventsService } from '../../events/events.service';
import type { CalendarEventLinkEntity } from '../calendar-event-link.entity';
import type { CalendarProviderClient } from '../providers/calendar-provider-client';
import type { ProviderState } from '../providers/provider-state';
import { localHash, toCreatePayload, toOutgoing, toUpdatePayload } from './event-fields';

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

  constructor(
    private readonly target: SyncTarget,
    private readonly client: CalendarProviderClient,
    private readonly events: EventsService,
    private readonly links: Repository<CalendarEventLinkEntity>,
    private readonly progress: (value: number) => void = () => {},
  ) {}

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

  private async importChanges(): Promise<ProviderState> {
    const { userId, integrationId, source } = this.target;
    const exporting = this.target.direction === 'two_way';
    const changes = await this.client.listChanges(this.target.state);
    this.progress(20);
    const links = await this.loadLinks();
    const byRemote = new Map(links.map((link) => [link.remoteId, link]));
    const locals = new Map(
      (
        await this.events.findByIds(
          userId,
          links.map((l) => l.eventId),
        )
      ).map((e) => [e.id, e]),
    );
    const seen = new Set<string>();

    for (const remote of changes.upserts) {
      seen.add(remote.remoteId);
      const link = byRemote.get(remote.remoteId);
      if (!link) {
        const created = await this.events.create(userId, toCreatePayload(remote), { source, integrationId });
        await this.links.insert({
          integrationId,
          eventId: created.id,
          remoteId: remote.remoteId,
          remoteEtag: remote.etag,
          localHash: localHash(created),
        });
        this.summary.imported++;
        continue;
      }
      if (remote.etag !== null && link.remoteEtag === remote.etag) continue;
      const local = locals.get(link.eventId);
      if (!local) {
        // Deleted here: two-way, the export below deletes the remote copy; import-only, the remote is the master.
        if (exporting) continue;
        const created = await this.events.create(userId, toCreatePayload(remote), { source, integrationId });
        await this.links.update(link.id, {
          eventId: created.id,
          remoteEtag: remote.etag,
          localHash: localHash(created),
        });
        this.summary.imported++;
        continue;
      }
      if (exporting && localHash(local) !== link.localHash && newer(local.updatedAt, remote.updatedAt)) {
        // Local wins: remember the remote version seen, so the export's update replaces exactly it.
        await this.links.update(link.id, { remoteEtag: remote.etag });
        continue;
      }
      const updated = await this.events.update(userId, local.id, toUpdatePayload(remote));
      await this.links.update(link.id, { remoteEtag: remote.etag, localHash: localHash(updated) });
      this.summary.updatedLocally++;
    }

    const deleted = new Set(changes.deletions);
    if (changes.complete) {
      for (const link of links) {
        if (seen.has(link.remoteId)) continue;
        // A windowed listing only speaks for events inside its window; an event we cannot place
        // (deleted here too) is left to the export step, which deletes the remote copy.
        const local = locals.get(link.eventId);
        if (changes.window && (!local || !overlaps(local, changes.window))) continue;
        deleted.add(link.remoteId);
      }
    }
    for (const remoteId of deleted) {
      const link = byRemote.get(remoteId);
      if (!link) continue;
      if (locals.has(link.eventId)) {
        await this.removeLocal(link.eventId);
        this.summary.deletedLocally++;
      }
      await this.links.delete(link.id);
    }
    return changes.nextState;
  }

  private async exportChanges(): Promise<void> {
    const { userId, integrationId } = this.target;
    const links = await this.loadLinks();
    const byEvent = new Map(links.map((link) => [link.eventId, link]));
    const all = await this.events.list(userId);
    const present = new Set(all.map((e) => e.id));
    // Events imported by another integration stay out of this calendar.
    const mine = all.filter(
      (e) => e.integrationId === integrationId || (e.source === 'local' && e.integrationId === null),
    );

    for (const event of mine) {
      const link = byEvent.get(event.id);
      const hash = localHash(event);
      if (!link) {
        // An import without a link was deleted remotely (its local copy goes too); never send it back.
        if (event.integrationId === integrationId) continue;
        const ref = await this.client.put(toOutgoing(event));
        await this.links.insert({
          integrationId,
          eventId: event.id,
          remoteId: ref.remoteId,
          remoteEtag: ref.etag,
          localHash: hash,
        });
        this.summary.exported++;
      } else if (link.localHash !== hash) {
        const ref = await this.client.put(toOutgoing(event), { remoteId: link.remoteId, etag: link.remoteEtag });
        await this.links.update(link.id, { remoteId: ref.remoteId, remoteEtag: ref.etag, localHash: hash });
        this.summary.updatedRemotely++;
      }
    }
    for (const link of links) {
      if (present.has(link.eventId)) continue;
      await this.client.delete({ remoteId: link.remoteId, etag: link.remoteEtag });
      await this.links.delete(link.id);
      this.summary.deletedRemotely++;
    }
  }

  private async removeLocal(eventId: number): Promise<void> {
    try {
      await this.events.remove(this.target.userId, eventId);
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
    }
  }
}

/** Whether an event overlaps [from, to). */
function overlaps(event: { startTime: string; endTime: string }, window: { from: string; to: string }): boolean {
  return Date.parse(event.endTime) >= Date.parse(window.from) && Date.parse(event.startTime) < Date.parse(window.to);
}
