import type { TokenSource } from '../oauth/token-source';
import type {
  CalendarProviderClient,
  ChangeSet,
  OutgoingEvent,
  RemoteEvent,
  RemoteRef,
} from './calendar-provider-client';
import { ProviderHttpError, requestJson } from './http-json';
import type { ProviderState } from './provider-state';

interface GoogleTime {
  dateTime?: string;
  date?: string;
}
interface GoogleEvent {
  id: string;
  etag?: string;
  status?: string;
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
  return value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
};

/**
 * Google Calendar API v3. events.list pages through the calendar; its nextSyncToken on the last
 * page makes the next listing incremental (changed and cancelled events only). An expired token
 * answers 410 Gone: the listing then starts over in full, and is complete.
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
    const deletions: string[] = [];
    let pageToken: string | undefined;
    let nextSyncToken: string | undefined;
    do {
      const query = new URLSearchParams({ maxResults: '250' });
      if (syncToken) query.set('syncToken', syncToken);
      if (pageToken) query.set('pageToken', pageToken);
      const page = await this.tokens.withToken((token) =>
        requestJson<GoogleEventsPage>(`${this.eventsUrl}?${query}`, { token }, 'Google Calendar'),
      );
      for (const item of page.items ?? []) {
        const start = instant(item.start);
        if (item.status === 'cancelled') deletions.push(item.id);
        else if (start) upserts.push(this.toRemote(item, start));
      }
      pageToken = page.nextPageToken;
      nextSyncToken = page.nextSyncToken ?? nextSyncToken;
    } while (pageToken);
    return { upserts, deletions, complete: !syncToken, nextState: { ...state, syncToken: nextSyncToken ?? null } };
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
    const body = {
      summary: event.title,
      description: event.description ?? '',
      location: event.location ?? '',
      start: { dateTime: event.startTime },
      end: { dateTime: event.endTime },
    };
    const saved = await this.tokens.withToken((token) =>
      existing
        ? requestJson<GoogleEvent>(
            `${this.eventsUrl}/${encodeURIComponent(existing.remoteId)}`,
            { method: 'PATCH', token, body },
            'Google Calendar',
          )
        : requestJson<GoogleEvent>(this.eventsUrl, { method: 'POST', token, body }, 'Google Calendar'),
    );
    return { remoteId: saved.id, etag: saved.etag ?? null };
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

/** The calendar's name (summary) for a new integration: calendars.get. */
export async function googleCalendarName(apiUrl: string, calendarId: string, token: string): Promise<string> {
  const calendar = await requestJson<{ summary?: string }>(
    `${apiUrl}/calendars/${encodeURIComponent(calendarId)}`,
    { token },
    'Google Calendar',
  );
  return calendar.summary?.trim() || 'Google Calendar';
}
