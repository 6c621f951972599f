import type { ProviderState } from './provider-state';

/** The fields of one event or one changed occurrence as a provider holds them. Times are ISO instants. */
export interface RemoteEventFields {
  title: string;
  description: string | null;
  location: string | null;
  startTime: string;
  endTime: string;
  attendees: string[];
}

/** A moved or changed occurrence of a remote series (RECURRENCE-ID, Google's and Graph's exceptions). */
export interface RemoteOverride extends RemoteEventFields {
  /** The start the occurrence has in the series (RECURRENCE-ID, originalStartTime, originalStart). */
  originalStartTime: string;
}

/**
 * How a remote event repeats: an RRULE value (no `RRULE:` prefix) in an IANA zone, the original
 * starts of removed occurrences, and the changed occurrences.
 */
export interface RemoteRecurrence {
  rule: string;
  timezone: string;
  exceptions: string[];
  overrides: RemoteOverride[];
}

/**
 * An event as a provider holds it, reduced to the fields Aide syncs. A repeating event is one
 * RemoteEvent (its first occurrence's times plus `recurrence`), with its changed occurrences inside.
 */
export interface RemoteEvent extends RemoteEventFields {
  /** CalDAV: the object's URL; Google and Graph: the (series master's) event id. */
  remoteId: string;
  /** For a series: one tag that changes when the master or any of its exceptions does. */
  etag: string | null;
  /** When it last changed remotely, for the last-modified-wins rule; null when the provider does not say. */
  updatedAt: string | null;
  recurrence?: RemoteRecurrence | null;
}

/** The local fields sent to a provider (attendees are not: exporting them would invite people). */
export interface OutgoingFields {
  title: string;
  description: string | null;
  location: string | null;
  startTime: string;
  endTime: string;
}

/** A local moved or changed occurrence (its own row), sent as an exception of its series. */
export interface OutgoingOverride extends OutgoingFields {
  originalStartTime: string;
}

export interface OutgoingEvent extends OutgoingFields {
  /** Stable per local event, used for CalDAV file names and UIDs. */
  localId: number;
  /** A local series: its rule (UNTIL as the event stores it), zone, removed and changed occurrences. */
  recurrence?: { rule: string; timezone: string; exceptions: string[]; overrides: OutgoingOverride[] } | null;
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
  /**
   * `knownSeries`: the remote ids of the series already linked, for providers whose change feed
   * cannot name the series a removed occurrence belonged to (Graph's calendarView delta).
   */
  listChanges(state: ProviderState, knownSeries?: readonly string[]): Promise<ChangeSet>;
  /** Creates the event remotely, or replaces `existing`. */
  put(event: OutgoingEvent, existing?: RemoteRef): Promise<RemoteRef>;
  /** Deletes it remotely; one already gone is not an error. */
  delete(ref: RemoteRef): Promise<void>;
}
