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

interface GraphTime {
  dateTime?: string;
  timeZone?: string;
}
interface GraphEvent {
  id: string;
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

/**
 * Microsoft Graph (Outlook): the default calendar's calendarView delta. Pages are followed by
 * @odata.nextLink; the last gives an @odata.deltaLink, kept to ask for changes only next time.
 * Deleted events arrive with @removed. An expired delta link (410) starts over in full.
 */
export class GraphCalendarClient implements CalendarProviderClient {
  constructor(
    private readonly apiUrl: string,
    private readonly tokens: TokenSource,
  ) {}

  async listChanges(state: ProviderState): Promise<ChangeSet> {
    try {
      return await this.list(state, state.deltaLink ?? null);
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 410 && state.deltaLink) return this.list(state, null);
      throw error;
    }
  }

  private async list(state: ProviderState, deltaLink: string | null): Promise<ChangeSet> {
    const now = Date.now();
    const window = {
      from: new Date(now - WINDOW_BACK_DAYS * DAY_MS).toISOString(),
      to: new Date(now + WINDOW_AHEAD_DAYS * DAY_MS).toISOString(),
    };
    const query = new URLSearchParams({ startDateTime: window.from, endDateTime: window.to });
    let url: string | undefined = deltaLink ?? `${this.apiUrl}/me/calendarView/delta?${query}`;
    const upserts: RemoteEvent[] = [];
    const deletions: string[] = [];
    let nextDeltaLink: string | undefined;
    while (url) {
      const pageUrl: string = url;
      const page = await this.tokens.withToken((token) =>
        requestJson<GraphPage>(pageUrl, { token, headers: { prefer: PREFER } }, 'Microsoft Graph'),
      );
      for (const item of page.value ?? []) {
        const start = instant(item.start);
        if (item['@removed']) deletions.push(item.id);
        else if (start) upserts.push(this.toRemote(item, start));
      }
      url = page['@odata.nextLink'];
      nextDeltaLink = page['@odata.deltaLink'] ?? nextDeltaLink;
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

  async put(event: OutgoingEvent, existing?: RemoteRef): Promise<RemoteRef> {
    const body = {
      subject: event.title,
      body: { contentType: 'text', content: event.description ?? '' },
      location: { displayName: event.location ?? '' },
      start: { dateTime: event.startTime.replace(/Z$/, ''), timeZone: 'UTC' },
      end: { dateTime: event.endTime.replace(/Z$/, ''), timeZone: 'UTC' },
    };
    const saved = await this.tokens.withToken((token) =>
      existing
        ? requestJson<GraphEvent>(
            `${this.apiUrl}/me/events/${encodeURIComponent(existing.remoteId)}`,
            { method: 'PATCH', token, body },
            'Microsoft Graph',
          )
        : requestJson<GraphEvent>(`${this.apiUrl}/me/events`, { method: 'POST', token, body }, 'Microsoft Graph'),
    );
    return { remoteId: saved.id, etag: saved['@odata.etag'] ?? null };
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

/** The default calendar's name for a new integration: GET /me/calendar. */
export async function graphCalendarName(apiUrl: string, token: string): Promise<string> {
  const calendar = await requestJson<{ name?: string }>(`${apiUrl}/me/calendar`, { token }, 'Microsoft Graph');
  return calendar.name?.trim() || 'Outlook Calendar';
}
