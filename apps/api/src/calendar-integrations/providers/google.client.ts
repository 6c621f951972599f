import { createHash } from 'node:crypto';
import { recurrenceProblem } from '@aide/contracts';
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
import { ProviderHttpError, requestJson } from './http-json';
import type { ProviderState } from './provider-state';
import { ruleForExport } from './recurrence-rules';
import { instantToWallTime, toIanaZone, wallTimeToInstant } from './timezones';

interface GoogleTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}
interface GoogleEvent {
  id: string;
  etag?: string;
  status?: string;
  iCalUID?: string;
  /** A series master: RRULE, EXRULE, RDATE and EXDATE lines. */
  recurrence?: string[];
  /** An instance of a series (a moved/changed one, or a cancelled one): the master's id and its original start. */
  recurringEventId?: string;
  originalStartTime?: GoogleTime;
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleTime;
  end?: GoogleTime;
  attendees?: { email?: string }[];
  updated?: string;
}
interface GoogleEventsPage {
  items?: GoogleEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

const instant = (time: GoogleTime | undefined): string | null => {
  const value = time?.dateTime ?? time?.date;
  if (!value || Number.isNaN(Date.parse(value))) return null;
  // Google writes an offset; a bare wall time is read in the time's own zone, never the server's.
  const zone = toIanaZone(time?.timeZone);
  if (time?.dateTime && zone && !/(Z|[+-]\d\d:?\d\d)$/i.test(value)) return wallTimeToInstant(value, zone);
  return new Date(time?.dateTime ? value : `${value}T00:00:00Z`).toISOString();
};

const isSeriesPart = (item: GoogleEvent) => Boolean(item.recurrence?.length || item.recurringEventId);
const API = 'Google Calendar';

/**
 * Google Calendar API v3. events.list pages through the calendar; its nextSyncToken on the last
 * page makes the next listing incremental (changed and cancelled events only). An expired token
 * answers 410 Gone: the listing then starts over in full, and is complete. Repeating events are
 * listed as series (singleEvents left false): the master with `recurrence` and its exceptions
 * (instances with recurringEventId and originalStartTime, cancelled ones for removed occurrences).
 */
export class GoogleCalendarClient implements CalendarProviderClient {
  constructor(
    private readonly apiUrl: string,
    private readonly calendarId: string,
    private readonly tokens: TokenSource,
  ) {}

  private get eventsUrl(): string {
    return `${this.apiUrl}/calendars/${encodeURIComponent(this.calendarId)}/events`;
  }

  async listChanges(state: ProviderState): Promise<ChangeSet> {
    try {
      return await this.list(state, state.syncToken ?? null);
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 410 && state.syncToken) return this.list(state, null);
      throw error;
    }
  }

  private async list(state: ProviderState, syncToken: string | null): Promise<ChangeSet> {
    const upserts: RemoteEvent[] = [];
    const seriesItems: GoogleEvent[] = [];
    const deletions: string[] = [];
    let pageToken: string | undefined;
    let nextSyncToken: string | undefined;
    do {
      // singleEvents false (the default, said out loud): a series comes as its master and its exceptions.
      const query = new URLSearchParams({ maxResults: '250', singleEvents: 'false' });
      if (syncToken) query.set('syncToken', syncToken);
      if (pageToken) query.set('pageToken', pageToken);
      const page = await this.tokens.withToken((token) =>
        requestJson<GoogleEventsPage>(`${this.eventsUrl}?${query}`, { token }, 'Google Calendar'),
      );
      for (const item of page.items ?? []) {
        if (isSeriesPart(item)) {
          seriesItems.push(item);
          continue;
        }
        const start = instant(item.start);
        if (item.status === 'cancelled') deletions.push(item.id);
        else if (start) upserts.push(this.toRemote(item, start));
      }
      pageToken = page.nextPageToken;
      nextSyncToken = page.nextSyncToken ?? nextSyncToken;
    } while (pageToken);
    await this.collectSeries(seriesItems, !syncToken, upserts, deletions);
    return { upserts, deletions, complete: !syncToken, nextState: { ...state, syncToken: nextSyncToken ?? null } };
  }

  /**
   * Series from a listing: masters (with `recurrence`) and their exceptions (items with
   * recurringEventId: changed instances, and cancelled ones, which a listing without
   * singleEvents includes). A full listing holds every exception; an incremental one only the
   * changed ones, so each series it touches is read whole (the master, then its exceptions by
   * iCalUID).
   */
  private async collectSeries(
    items: GoogleEvent[],
    complete: boolean,
    upserts: RemoteEvent[],
    deletions: string[],
  ): Promise<void> {
    const masters = new Map(items.filter((i) => i.recurrence?.length).map((i) => [i.id, i]));
    const touched = new Set(items.map((i) => i.recurringEventId ?? i.id));
    for (const id of touched) {
      if (deletions.includes(id)) continue;
      const series = complete
        ? this.series(
            masters.get(id),
            items.filter((i) => i.recurringEventId === id),
          )
        : await this.fetchSeries(id);
      if (series) upserts.push(series);
      else if (!complete || !masters.has(id)) deletions.push(id);
    }
  }

  /** A series read whole: null when its master is gone or cancelled. */
  private async fetchSeries(masterId: string): Promise<RemoteEvent | null> {
    let master: GoogleEvent;
    try {
      master = await this.tokens.withToken((token) =>
        requestJson<GoogleEvent>(`${this.eventsUrl}/${encodeURIComponent(masterId)}`, { token }, API),
      );
    } catch (error) {
      if (error instanceof ProviderHttpError && (error.status === 404 || error.status === 410)) return null;
      throw error;
    }
    if (master.status === 'cancelled') return null;
    if (!master.iCalUID || !master.recurrence?.length) return this.series(master, []);
    const exceptions: GoogleEvent[] = [];
    let pageToken: string | undefined;
    do {
      const query = new URLSearchParams({ iCalUID: master.iCalUID, showDeleted: 'true', maxResults: '250' });
      if (pageToken) query.set('pageToken', pageToken);
      const page = await this.tokens.withToken((token) =>
        requestJson<GoogleEventsPage>(`${this.eventsUrl}?${query}`, { token }, API),
      );
      exceptions.push(...(page.items ?? []).filter((i) => i.recurringEventId === masterId));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return this.series(master, exceptions);
  }

  /** A master and its exceptions as one RemoteEvent, tagged by all their ETags. */
  private series(master: GoogleEvent | undefined, exceptions: GoogleEvent[]): RemoteEvent | null {
    const start = instant(master?.start);
    if (!master || master.status === 'cancelled' || !start) return null;
    const remote = this.toRemote(master, start);
    const rule = master.recurrence?.find((line) => /^RRULE:/i.test(line))?.replace(/^RRULE:/i, '');
    if (!rule || recurrenceProblem(rule)) return remote;
    const zone = (!master.start?.date && toIanaZone(master.start?.timeZone)) || 'UTC';
    const wallStart = instantToWallTime(start, zone).slice(11);
    const removed = (master.recurrence ?? [])
      .filter((line) => /^EXDATE[;:]/i.test(line))
      .flatMap((line) => exdateInstants(line, zone, wallStart));
    const overrides: RemoteOverride[] = [];
    for (const item of exceptions) {
      const original = instant(item.originalStartTime);
      if (!original) continue;
      if (item.status === 'cancelled') removed.push(original);
      else {
        const itemStart = instant(item.start) ?? original;
        const {
          remoteId: _id,
          etag: _etag,
          updatedAt: _updated,
          recurrence: _r,
          ...fields
        } = this.toRemote({ ...master, ...item, start: item.start ?? master.start }, itemStart);
        overrides.push({ ...fields, originalStartTime: original });
      }
    }
    const tags = [master.etag ?? '', ...exceptions.map((e) => `${e.id}:${e.etag ?? ''}`).sort()];
    return {
      ...remote,
      etag: exceptions.length ? createHash('sha256').update(JSON.stringify(tags)).digest('base64url') : remote.etag,
      updatedAt: [remote.updatedAt, ...exceptions.map((e) => e.updated ?? null)].reduce<string | null>(
        (latest, value) => (value && (!latest || Date.parse(value) > Date.parse(latest)) ? value : latest),
        null,
      ),
      recurrence: {
        rule,
        timezone: zone,
        exceptions: [...new Set(removed)].sort(),
        overrides: overrides.sort((a, b) => a.originalStartTime.localeCompare(b.originalStartTime)),
      },
    };
  }

  private toRemote(item: GoogleEvent, start: string): RemoteEvent {
    return {
      remoteId: item.id,
      etag: item.etag ?? null,
      title: item.summary ?? '',
      description: item.description ?? null,
      location: item.location ?? null,
      startTime: start,
      endTime: instant(item.end) ?? start,
      attendees: (item.attendees ?? []).map((a) => a.email ?? '').filter(Boolean),
      updatedAt: item.updated ?? null,
    };
  }

  async put(event: OutgoingEvent, existing?: RemoteRef): Promise<RemoteRef> {
    const recurrence = event.recurrence;
    const zone = recurrence ? (toIanaZone(recurrence.timezone) ?? 'UTC') : null;
    const body = {
      ...fieldsBody(event, zone),
      ...(recurrence && zone && { recurrence: [`RRULE:${ruleForExport(recurrence.rule, zone)}`] }),
    };
    const saved = await this.tokens.withToken((token) =>
      existing
        ? requestJson<GoogleEvent>(
            `${this.eventsUrl}/${encodeURIComponent(existing.remoteId)}`,
            { method: 'PATCH', token, body },
            API,
          )
        : requestJson<GoogleEvent>(this.eventsUrl, { method: 'POST', token, body }, API),
    );
    if (!recurrence || !zone) return { remoteId: saved.id, etag: saved.etag ?? null };
    // Moved occurrences: the instance (found by its original start) PATCHed; removed ones: the instance cancelled.
    for (const override of recurrence.overrides) {
      const instance = await this.instance(saved.id, override.originalStartTime);
      if (!instance) continue;
      await this.tokens.withToken((token) =>
        requestJson<GoogleEvent>(
          `${this.eventsUrl}/${encodeURIComponent(instance.id)}`,
          { method: 'PATCH', token, body: { ...fieldsBody(override, zone), status: 'confirmed' } },
          API,
        ),
      );
    }
    for (const original of recurrence.exceptions) {
      const instance = await this.instance(saved.id, original);
      if (instance && instance.status !== 'cancelled') await this.delete({ remoteId: instance.id, etag: null });
    }
    const series = await this.fetchSeries(saved.id);
    return { remoteId: saved.id, etag: series?.etag ?? saved.etag ?? null };
  }

  /** One instance of a series by its original start (events.instances with originalStart), or null when it has none there. */
  private async instance(masterId: string, originalStart: string): Promise<GoogleEvent | null> {
    const query = new URLSearchParams({ originalStart, showDeleted: 'true' });
    const page = await this.tokens.withToken((token) =>
      requestJson<GoogleEventsPage>(
        `${this.eventsUrl}/${encodeURIComponent(masterId)}/instances?${query}`,
        { token },
        API,
      ),
    );
    return (
      (page.items ?? []).find((i) => instant(i.originalStartTime) === new Date(originalStart).toISOString()) ?? null
    );
  }

  async delete(ref: RemoteRef): Promise<void> {
    try {
      await this.tokens.withToken((token) =>
        requestJson(
          `${this.eventsUrl}/${encodeURIComponent(ref.remoteId)}`,
          { method: 'DELETE', token },
          'Google Calendar',
        ),
      );
    } catch (error) {
      // Already deleted: 404, or 410 for an event that was deleted before.
      if (!(error instanceof ProviderHttpError && (error.status === 404 || error.status === 410))) throw error;
    }
  }
}

/** An event's fields for Google: a series' times as wall times in its zone (Google needs the zone to repeat in). */
function fieldsBody(fields: OutgoingFields, zone: string | null) {
  const time = (value: string) =>
    zone ? { dateTime: instantToWallTime(value, zone), timeZone: zone } : { dateTime: value };
  return {
    summary: fields.title,
    description: fields.description ?? '',
    location: fields.location ?? '',
    start: time(fields.startTime),
    end: time(fields.endTime),
  };
}

/** The original starts an EXDATE line names (`EXDATE;TZID=Europe/Berlin:20301104T090000,…`, UTC, or dates). */
function exdateInstants(line: string, zone: string, wallStart: string): string[] {
  const colon = line.indexOf(':');
  const params = line.slice(0, colon);
  const tzid = toIanaZone(/TZID=([^;:]+)/i.exec(params)?.[1]) ?? zone;
  return line
    .slice(colon + 1)
    .split(',')
    .flatMap((value) => {
      const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
      if (!m) return [];
      const date = `${m[1]}-${m[2]}-${m[3]}`;
      if (!m[4]) return [wallTimeToInstant(`${date}T${wallStart}`, zone)];
      const wall = `${date}T${m[4]}:${m[5]}:${m[6]}`;
      return [m[7] ? new Date(`${wall}Z`).toISOString() : wallTimeToInstant(wall, tzid)];
    });
}

/** The calendar's name (summary) for a new integration: calendars.get. */
export async function googleCalendarName(apiUrl: string, calendarId: string, token: string): Promise<string> {
  const calendar = await requestJson<{ summary?: string }>(
    `${apiUrl}/calendars/${encodeURIComponent(calendarId)}`,
    { token },
    'Google Calendar',
  );
  return calendar.summary?.trim() || 'Google Calendar';
}
