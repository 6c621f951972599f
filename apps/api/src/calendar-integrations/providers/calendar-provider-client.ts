import type { ProviderState } from './provider-state';

/** An event as a provider holds it, reduced to the fields Aide syncs. Times are ISO instants. */
export interface RemoteEvent {
  /** CalDAV: the object's URL; Google and Graph: the event id. */
  remoteId: string;
  etag: string | null;
  title: string;
  description: string | null;
  location: string | null;
  startTime: string;
  endTime: string;
  attendees: string[];
  /** When it last changed remotely, for the last-modified-wins rule; null when the provider does not say. */
  updatedAt: string | null;
}

/** The local fields sent to a provider (attendees are not: exporting them would invite people). */
export interface OutgoingEvent {
  /** Stable per local event, used for CalDAV file names and UIDs. */
  localId: number;
  title: string;
  description: string | null;
  location: string | null;
  startTime: string;
  endTime: string;
}

export interface ChangeSet {
  upserts: RemoteEvent[];
  /** remoteIds deleted since the last listing. */
  deletions: string[];
  /** True when `upserts` is the whole calendar (or the whole `window`): any linked event missing from it was deleted. */
  complete: boolean;
  /**
   * Set when the provider can only list a time window (Graph's calendarView): a complete listing then
   * says nothing about events outside it, which must not be taken as deleted.
   */
  window?: { from: string; to: string };
  nextState: ProviderState;
}

export interface RemoteRef {
  remoteId: string;
  etag: string | null;
}

/**
 * One remote calendar behind one interface: CalDAV (iCloud and others), Google Calendar, Microsoft
 * Graph. The sync engine (sync/calendar-sync.engine.ts) decides what goes where; clients only speak
 * their protocol. Errors thrown are readable and never contain credentials.
 */
export interface CalendarProviderClient {
  listChanges(state: ProviderState): Promise<ChangeSet>;
  /** Creates the event remotely, or replaces `existing`. */
  put(event: OutgoingEvent, existing?: RemoteRef): Promise<RemoteRef>;
  /** Deletes it remotely; one already gone is not an error. */
  delete(ref: RemoteRef): Promise<void>;
}
