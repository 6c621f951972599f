import type { TokenSource } from '../oauth/token-source';
import type {
  CalendarProviderClient,
  ChangeSet,
  OutgoingEvent,
  OutgoingFields,
  RemoteEvent,
  RemoteOverride,
  RemoteRef,
} from './calendar-provider-client';
import { createHash } from 'node:crypto';
import { occurrencesBetween } from '../../events/recurrence/occurrences';
import { ProviderHttpError, requestJson } from './http-json';
import type { ProviderState } from './provider-state';
import { type GraphPatternedRecurrence, graphToRrule, rruleToGraph } from './recurrence-rules';
import { instantToWallTime, toIanaZone } from './timezones';

interface GraphTime {
  dateTime?: string;
  timeZone?: string;
}
interface GraphEvent {
  id: string;
  /** singleInstance, seriesMaster, occurrence or exception. */
  type?: string;
  seriesMasterId?: string;
  /** An occurrence's or exception's start in its series (DateTimeOffset). */
  originalStart?: string;
  originalStartTimeZone?: string;
  recurrence?: GraphPatternedRecurrence | null;
  isCancelled?: boolean;
  '@odata.etag'?: string;
  '@removed'?: { reason?: string };
  subject?: string;
  body?: { contentType?: string; content?: string };
  location?: { displayName?: string };
  start?: GraphTime;
  end?: GraphTime;
  attendees?: { emailAddress?: { address?: string } }[];
  lastModifiedDateTime?: string;
}
interface GraphPage {
  value?: GraphEvent[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

/** calendarView delta needs a window: a year back and two ahead (events outside it are not synced). */
const WINDOW_BACK_DAYS = 365;
const WINDOW_AHEAD_DAYS = 730;
const DAY_MS = 86_400_000;

/** Times come back in UTC (the Prefer header asks so), without a zone and with 7 fraction digits. */
const instant = (time: GraphTime | undefined): string | null => {
  if (!time?.dateTime) return null;
  const value = time.dateTime.replace(/(\.\d{3})\d+/, '$1');
  const parsed = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
};

const PREFER = 'outlook.timezone="UTC", outlook.body-content-type="text", odata.maxpagesize=100';
const API = 'Microsoft Graph';
const isSeriesPart = (item: GraphEvent) =>
  item.type === 'seriesMaster' || item.type === 'occurrence' || item.type === 'exception';

/**
 * Microsoft Graph (Outlook): the default calendar's calendarView delta. Pages are followed by
 * @odata.nextLink; the last gives an @odata.deltaLink, kept to ask for changes only next time.
 * Deleted events arrive with @removed. An expired delta link (410) starts over in full. A repeating
 * event is read as its series master (patternedRecurrence) with its exceptions, from its instances.
 */
export class GraphCalendarClient implements CalendarProviderClient {
  constructor(
    private readonly apiUrl: string,
    private readonly tokens: TokenSource,
  ) {}

  async listChanges(state: ProviderState, knownSeries: readonly string[] = []): Promise<ChangeSet> {
    try {
      return await this.list(state, state.deltaLink ?? null, knownSeries);
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 410 && state.deltaLink)
        return this.list(state, null, knownSeries);
      throw error;
    }
  }

  /** The synced window: a year back and two ahead. */
  private window(): { from: string; to: string } {
    const now = Date.now();
    return {
      from: new Date(now - WINDOW_BACK_DAYS * DAY_MS).toISOString(),
      to: new Date(now + WINDOW_AHEAD_DAYS * DAY_MS).toISOString(),
    };
  }

  private async list(
    state: ProviderState,
    deltaLink: string | null,
    knownSeries: readonly string[],
  ): Promise<ChangeSet> {
    const window = this.window();
    const query = new URLSearchParams({ startDateTime: window.from, endDateTime: window.to });
    let url: string | undefined = deltaLink ?? `${this.apiUrl}/me/calendarView/delta?${query}`;
    const upserts: RemoteEvent[] = [];
    const deletions: string[] = [];
    const touchedSeries = new Set<string>();
    let nextDeltaLink: string | undefined;
    while (url) {
      const pageUrl: string = url;
      const page = await this.tokens.withToken((token) =>
        requestJson<GraphPage>(pageUrl, { token, headers: { prefer: PREFER } }, 'Microsoft Graph'),
      );
      for (const item of page.value ?? []) {
        const start = instant(item.start);
        if (item['@removed']) deletions.push(item.id);
        else if (isSeriesPart(item)) touchedSeries.add(item.seriesMasterId ?? item.id);
        else if (start) upserts.push(this.toRemote(item, start));
      }
      url = page['@odata.nextLink'];
      nextDeltaLink = page['@odata.deltaLink'] ?? nextDeltaLink;
    }
    // calendarView lists a series as its occurrences: each series they belong to is read whole
    // (its master and its exceptions). A removed item does not say which series it was in (a
    // cancelled occurrence, or a deleted series), so a delta with removals re-reads the known ones.
    if (deltaLink && deletions.length) for (const id of knownSeries) touchedSeries.add(id);
    for (const id of touchedSeries) {
      const series = await this.fetchSeries(id, window);
      if (series) upserts.push(series);
      else deletions.push(id);
    }
    return {
      upserts,
      deletions,
      complete: !deltaLink,
      ...(!deltaLink && { window }),
      nextState: { ...state, deltaLink: nextDeltaLink ?? null },
    };
  }

  private toRemote(item: GraphEvent, start: string): RemoteEvent {
    return {
      remoteId: item.id,
      etag: item['@odata.etag'] ?? null,
      title: item.subject ?? '',
      description: item.body?.content?.trim() || null,
      location: item.location?.displayName?.trim() || null,
      startTime: start,
      endTime: instant(item.end) ?? start,
      attendees: (item.attendees ?? []).map((a) => a.emailAddress?.address ?? '').filter(Boolean),
      updatedAt: item.lastModifiedDateTime ?? null,
    };
  }

  /** A series master with its exceptions (from its instances over the window), or null when it is gone. */
  private async fetchSeries(masterId: string, window: { from: string; to: string }): Promise<RemoteEvent | null> {
    let master: GraphEvent;
    try {
      master = await this.get<GraphEvent>(`/me/events/${encodeURIComponent(masterId)}`);
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 404) return null;
      throw error;
    }
    const start = instant(master.start);
    if (!start || master.isCancelled) return null;
    const remote = this.toRemote(master, start);
    const zone =
      toIanaZone(master.recurrence?.range?.recurrenceTimeZone) ?? toIanaZone(master.originalStartTimeZone) ?? 'UTC';
    const rule = master.recurrence
      ? graphToRrule(master.recurrence, instantToWallTime(start, zone).slice(0, 10))
      : null;
    if (!rule) return remote;
    const instances = await this.instances(masterId, window);
    const overrides: RemoteOverride[] = [];
    const present = new Set<number>();
    for (const item of instances) {
      const original = item.originalStart ? new Date(item.originalStart).toISOString() : null;
      if (!original) continue;
      present.add(Date.parse(original));
      if (item.type !== 'exception') continue;
      const itemStart = instant(item.start) ?? original;
      const { remoteId: _id, etag: _etag, updatedAt: _u, recurrence: _r, ...fields } = this.toRemote(item, itemStart);
      overrides.push({ ...fields, originalStartTime: original });
    }
    // Graph leaves cancelled occurrences out of the instances: the rule's occurrences in the window that are missing.
    const expected = occurrencesBetween(
      { startTime: new Date(start), endTime: new Date(remote.endTime), recurrence: rule, timezone: zone },
      new Date(window.from),
      new Date(window.to),
    );
    const exceptions = expected.filter((o) => !present.has(o.start.getTime())).map((o) => o.start.toISOString());
    const exceptionTags = instances
      .filter((i) => i.type === 'exception')
      .map((i) => `${i.id}:${i['@odata.etag'] ?? ''}`)
      .sort();
    return {
      ...remote,
      etag: createHash('sha256')
        .update(JSON.stringify([remote.etag, exceptionTags]))
        .digest('base64url'),
      recurrence: {
        rule,
        timezone: zone,
        exceptions,
        overrides: overrides.sort((a, b) => a.originalStartTime.localeCompare(b.originalStartTime)),
      },
    };
  }

  /** A series' occurrences and exceptions over a window (GET /me/events/{id}/instances, all pages). */
  private async instances(masterId: string, window: { from: string; to: string }): Promise<GraphEvent[]> {
    const query = new URLSearchParams({ startDateTime: window.from, endDateTime: window.to });
    let url: string | undefined = `${this.apiUrl}/me/events/${encodeURIComponent(masterId)}/instances?${query}`;
    const items: GraphEvent[] = [];
    while (url) {
      const page: GraphPage = await this.get<GraphPage>(url);
      items.push(...(page.value ?? []));
      url = page['@odata.nextLink'];
    }
    return items;
  }

  private get<T>(pathOrUrl: string): Promise<T> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.apiUrl}${pathOrUrl}`;
    return this.tokens.withToken((token) => requestJson<T>(url, { token, headers: { prefer: PREFER } }, API));
  }

  async put(event: OutgoingEvent, existing?: RemoteRef): Promise<RemoteRef> {
    const series = event.recurrence;
    const zone = series ? (toIanaZone(series.timezone) ?? 'UTC') : null;
    // A rule Graph cannot express goes out as its first occurrence.
    const pattern = series && zone ? rruleToGraph(series.rule, event.startTime, zone) : null;
    const body = { ...fieldsBody(event, pattern ? zone : null), ...(pattern && { recurrence: pattern }) };
    const saved = await this.tokens.withToken((token) =>
      existing
        ? requestJson<GraphEvent>(
            `${this.apiUrl}/me/events/${encodeURIComponent(existing.remoteId)}`,
            { method: 'PATCH', token, body },
            API,
          )
        : requestJson<GraphEvent>(`${this.apiUrl}/me/events`, { method: 'POST', token, body }, API),
    );
    if (!series || !pattern || !zone) return { remoteId: saved.id, etag: saved['@odata.etag'] ?? null };
    // Moved occurrences PATCH their instance (it becomes an exception); removed ones DELETE it (cancelled).
    const originals = [...series.overrides.map((o) => o.originalStartTime), ...series.exceptions].map(Date.parse);
    const window = this.window();
    if (originals.length) {
      const from = new Date(Math.min(Date.parse(window.from), ...originals) - 86_400_000).toISOString();
      const to = new Date(Math.max(Date.parse(window.to), ...originals) + 86_400_000).toISOString();
      const byOriginal = new Map(
        (await this.instances(saved.id, { from, to }))
          .filter((i) => i.originalStart)
          .map((i) => [Date.parse(i.originalStart!), i]),
      );
      for (const override of series.overrides) {
        const instance = byOriginal.get(Date.parse(override.originalStartTime));
        if (!instance) continue;
        await this.tokens.withToken((token) =>
          requestJson<GraphEvent>(
            `${this.apiUrl}/me/events/${encodeURIComponent(instance.id)}`,
            { method: 'PATCH', token, body: fieldsBody(override, zone) },
            API,
          ),
        );
      }
      for (const original of series.exceptions) {
        const instance = byOriginal.get(Date.parse(original));
        if (instance) await this.delete({ remoteId: instance.id, etag: null });
      }
    }
    const read = await this.fetchSeries(saved.id, window);
    return { remoteId: saved.id, etag: read?.etag ?? saved['@odata.etag'] ?? null };
  }

  async delete(ref: RemoteRef): Promise<void> {
    try {
      await this.tokens.withToken((token) =>
        requestJson(
          `${this.apiUrl}/me/events/${encodeURIComponent(ref.remoteId)}`,
          { method: 'DELETE', token },
          'Microsoft Graph',
        ),
      );
    } catch (error) {
      if (!(error instanceof ProviderHttpError && error.status === 404)) throw error;
    }
  }
}

/**
 * An event's fields for Graph. A series' times are wall times in its zone (an IANA name, which
 * Graph accepts), so its occurrences keep their local time across DST; a single event goes in UTC.
 */
function fieldsBody(fields: OutgoingFields, zone: string | null) {
  const time = (value: string) =>
    zone
      ? { dateTime: instantToWallTime(value, zone), timeZone: zone }
      : { dateTime: value.replace(/Z$/, ''), timeZone: 'UTC' };
  return {
    subject: fields.title,
    body: { contentType: 'text', content: fields.description ?? '' },
    location: { displayName: fields.location ?? '' },
    start: time(fields.startTime),
    end: time(fields.endTime),
  };
}

/** The default calendar's name for a new integration: GET /me/calendar. */
export async function graphCalendarName(apiUrl: string, token: string): Promise<string> {
  const calendar = await requestJson<{ name?: string }>(`${apiUrl}/me/calendar`, { token }, 'Microsoft Graph');
  return calendar.name?.trim() || 'Outlook Calendar';
}
