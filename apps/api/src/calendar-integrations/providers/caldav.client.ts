import { randomBytes } from 'node:crypto';
import { OUTBOUND_MESSAGES } from '@aide/contracts';
import { Logger } from '@nestjs/common';
import type { DAVCalendar } from 'tsdav';
import { errorChain } from '../../outbound/error-chain';
import { createDavClient, type DavClient, type DavExchange } from '../../outbound/dav-client';
import type { OutboundPolicy } from '../../outbound/outbound-policy';
import type {
  CalendarProviderClient,
  ChangeSet,
  OutgoingEvent,
  RemoteEvent,
  RemoteRef,
} from './calendar-provider-client';
import { buildVCalendar, exportUid, parseVEvent } from './ical-mapping';
import type { ProviderState } from './provider-state';

export interface CalDavCredentials {
  username: string;
  password: string;
}

type DAVClient = DavClient;

export const CALDAV_MESSAGES = {
  signInRefused: 'Could not sign in to the CalDAV server: the username or password was not accepted',
} as const;

const logger = new Logger('CalDAV');

/**
 * Signs in (PROPFIND discovery of the principal and calendar home) and lists the calendars holding
 * events, every request through the outbound policy. A failure says only whether the server refused
 * the credentials (it answered 401) or could not be reached as a CalDAV server: an address the policy
 * refuses, a closed port, a timeout and a server that is not CalDAV read the same (the log says which).
 */
export async function connectCalDav(
  policy: OutboundPolicy,
  serverUrl: string,
  credentials: CalDavCredentials,
): Promise<{ client: DAVClient; calendars: DAVCalendar[] }> {
  const exchange: DavExchange = { sawUnauthorized: false };
  try {
    const client = await createDavClient(policy, serverUrl, credentials, exchange);
    const calendars = (await client.fetchCalendars()).filter((c) => !c.components || c.components.includes('VEVENT'));
    return { client, calendars };
  } catch (error) {
    const host = URL.canParse(serverUrl) ? new URL(serverUrl).hostname : serverUrl;
    logger.warn(`Sign-in to the CalDAV server at ${host} failed: ${errorChain(error)}`);
    throw new Error(
      exchange.sawUnauthorized ? CALDAV_MESSAGES.signInRefused : OUTBOUND_MESSAGES.couldNotConnect(host),
      { cause: error },
    );
  }
}

export const calendarDisplayName = (calendar: DAVCalendar): string =>
  (typeof calendar.displayName === 'string' && calendar.displayName.trim()) ||
  decodeURIComponent(calendar.url.replace(/\/+$/, '').split('/').pop() ?? calendar.url);

const etagOf = (response: Response): string | null => response.headers.get('etag');

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`CalDAV ${what} failed: ${response.status} ${response.statusText}`.trim());
  return response;
}

/**
 * CalDAV over tsdav (iCloud, Radicale, Nextcloud, Fastmail…). The calendar's ctag says whether
 * anything changed; when it did, the objects are listed with their ETags (REPORT calendar-query)
 * and the listing is complete, so a linked object missing from it was deleted remotely.
 */
export class CalDavCalendarClient implements CalendarProviderClient {
  private connection?: Promise<{ client: DAVClient; calendar: DAVCalendar }>;

  constructor(
    private readonly policy: OutboundPolicy,
    private readonly serverUrl: string,
    private readonly calendarUrl: string,
    private readonly credentials: CalDavCredentials,
  ) {}

  async listChanges(state: ProviderState): Promise<ChangeSet> {
    const { client, calendar } = await this.connect();
    const ctag = calendar.ctag ?? null;
    if (ctag && state.ctag === ctag) return { upserts: [], deletions: [], complete: false, nextState: state };
    const objects = await client.fetchCalendarObjects({ calendar });
    const upserts = objects
      .map((object) =>
        typeof object.data === 'string' && object.data
          ? parseVEvent(object.data, new URL(object.url, this.serverUrl).href, object.etag ?? null)
          : null,
      )
      .filter((event): event is RemoteEvent => event !== null);
    return { upserts, deletions: [], complete: true, nextState: { ...state, ctag } };
  }

  async put(event: OutgoingEvent, existing?: RemoteRef): Promise<RemoteRef> {
    const { client, calendar } = await this.connect();
    if (existing) {
      // The object keeps its UID (servers refuse a PUT that changes it): the one it has, which for an
      // object another client made is not its file name.
      const uid =
        (await this.uidOf(existing.remoteId)) ??
        (decodeURIComponent(existing.remoteId.split('/').pop() ?? '').replace(/\.ics$/, '') ||
          exportUid(event.localId, 'x'));
      const response = await ok(
        await client.updateCalendarObject({
          calendarObject: {
            url: existing.remoteId,
            data: buildVCalendar(event, uid),
            etag: existing.etag ?? undefined,
          },
        }),
        'update',
      );
      return { remoteId: existing.remoteId, etag: etagOf(response) };
    }
    const uid = exportUid(event.localId, randomBytes(6).toString('hex'));
    const filename = `${uid}.ics`;
    const response = await ok(
      await client.createCalendarObject({ calendar, filename, iCalString: buildVCalendar(event, uid) }),
      'create',
    );
    return {
      remoteId: new URL(filename, calendar.url.endsWith('/') ? calendar.url : `${calendar.url}/`).href,
      etag: etagOf(response),
    };
  }

  private async uidOf(url: string): Promise<string | null> {
    const { client, calendar } = await this.connect();
    const [object] = await client.fetchCalendarObjects({ calendar, objectUrls: [url] });
    const data = typeof object?.data === 'string' ? object.data : '';
    return /^UID:(.+)$/im.exec(data.replace(/\r?\n[ \t]/g, ''))?.[1]?.trim() ?? null;
  }

  async delete(ref: RemoteRef): Promise<void> {
    const { client } = await this.connect();
    const response = await client.deleteCalendarObject({
      calendarObject: { url: ref.remoteId, etag: ref.etag ?? undefined },
    });
    // Gone already, or changed since (412): deleting it is still what the user asked.
    if (response.status === 412) {
      await ok(await client.deleteCalendarObject({ calendarObject: { url: ref.remoteId } }), 'delete');
      return;
    }
    if (response.status !== 404) await ok(response, 'delete');
  }

  private connect(): Promise<{ client: DAVClient; calendar: DAVCalendar }> {
    this.connection ??= connectCalDav(this.policy, this.serverUrl, this.credentials).then(({ client, calendars }) => {
      const wanted = new URL(this.calendarUrl, this.serverUrl).href.replace(/\/?$/, '/');
      const calendar = calendars.find((c) => new URL(c.url, this.serverUrl).href.replace(/\/?$/, '/') === wanted);
      if (!calendar) throw new Error('The calendar is no longer on the CalDAV server');
      return { client, calendar };
    });
    return this.connection;
  }
}
