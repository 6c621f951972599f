import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { occurrencesBetween } from '../src/events/recurrence/occurrences';
import { type GraphPatternedRecurrence, graphToRrule } from '../src/calendar-integrations/providers/recurrence-rules';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

/**
 * A loopback stand-in for the Microsoft identity platform (v2.0 /authorize and /token) and the
 * Microsoft Graph v1.0 calendar endpoints Aide uses, following the documented shapes:
 *
 * - GET  {authority}/authorize: checks the request and redirects to redirect_uri with code and state.
 * - POST {authority}/token: authorization_code (PKCE S256 checked against the code's challenge,
 *   redirect_uri must match) and refresh_token grants; the client authenticates with its secret in
 *   the form body. A refresh rotates both tokens, as Microsoft does.
 * - GET  /v1.0/me/calendar: the default calendar.
 * - GET  /v1.0/me/calendarView/delta?startDateTime&endDateTime: a round of pages linked by
 *   @odata.nextLink ($skiptoken), the last carrying @odata.deltaLink ($deltatoken); a delta link
 *   answers the changes since, removed events as { id, '@removed': { reason: 'deleted' } }; an
 *   expired one answers 410 Gone (SyncStateNotFound).
 * - POST /v1.0/me/events (201), PATCH /v1.0/me/events/{id} (200), DELETE /v1.0/me/events/{id} (204).
 * - Any Graph call without the current access token: 401 InvalidAuthenticationToken.
 *
 * Times go out as Graph's dateTimeTimeZone in UTC (7 fraction digits, no offset), as with
 * Prefer: outlook.timezone="UTC"; they come in as UTC or an IANA zone name.
 *
 * Repeating events: a `seriesMaster` carries `recurrence` (patternedRecurrence) and
 * `originalStartTimeZone`. calendarView lists it as its instances — `occurrence`s and `exception`s
 * with `seriesMasterId` and `originalStart` — never the master itself; cancelled occurrences are
 * left out (and come as @removed in a delta). GET /me/events/{id}/instances?startDateTime&endDateTime
 * lists a master's instances. PATCH on an occurrence makes it an exception, DELETE cancels it; both
 * change the master (its changeKey), as Outlook does.
 */

export interface FakeGraphEvent {
  id: string;
  subject: string;
  body: string;
  location: string;
  /** ISO instants. */
  start: string;
  end: string;
  attendees: string[];
  /** Change counter: the event's last change, for delta rounds. */
  seq: number;
  lastModified: string;
  deleted: boolean;
  /** A series master: its pattern and range, and the zone it repeats in (IANA). */
  recurrence?: GraphPatternedRecurrence;
  timeZone?: string;
  /** Original starts (ISO) of its cancelled occurrences. */
  cancelled?: string[];
  /** An exception: its master and original start (ISO). */
  seriesMasterId?: string;
  originalStart?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  prefer: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

interface Round {
  /** Items still to page through, already in the wire shape. */
  items: unknown[];
  /** The change counter the round's delta link resumes from. */
  since: number;
  window: { start: number; end: number };
}

export interface FakeGraph {
  base: string;
  /** MICROSOFT_AUTHORITY and GRAPH_API_URL for createTestApp({ env }). */
  authority: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  events: Map<string, FakeGraphEvent>;
  requests: RecordedRequest[];
  tokenRequests: URLSearchParams[];
  accessToken: string;
  refreshToken: string;
  /** Items per delta page (Graph may page below the odata.maxpagesize asked for). */
  pageSize: number;
  /** Creates or changes a remote event (as someone editing it in Outlook would). */
  put(event: Partial<Omit<FakeGraphEvent, 'seq' | 'lastModified' | 'deleted'>> & { id?: string }): FakeGraphEvent;
  /** Deletes a remote event. */
  remove(id: string): void;
  /** The id of a series' occurrence at its original start (ISO). */
  occurrenceId(masterId: string, originalStart: string): string;
  live(): FakeGraphEvent[];
  /** The access token stops working (expired or revoked): the next Graph call answers 401. */
  expireAccessToken(): void;
  /** Every delta link stops working: 410 Gone, a full resync is needed. */
  expireDeltaTokens(): void;
  /** Back to an empty mailbox and fresh tokens (between tests). */
  reset(): void;
  close(): Promise<void>;
}

const SCOPES_REQUIRED = ['offline_access', 'Calendars.ReadWrite'];
/** Graph's dateTime: {date}T{time} without an offset, e.g. 2017-08-29T04:00:00.0000000. */
const GRAPH_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,7})?$/;

const toGraphDateTime = (iso: string) => new Date(iso).toISOString().replace(/\.(\d{3})Z$/, '.$10000');
const isZone = (zone: unknown): zone is string => {
  try {
    return typeof zone === 'string' && Boolean(new Intl.DateTimeFormat('en', { timeZone: zone }));
  } catch {
    return false;
  }
};
const fromGraphTime = (value: unknown): string | null => {
  const time = value as { dateTime?: unknown; timeZone?: unknown } | undefined;
  if (typeof time?.dateTime !== 'string' || !GRAPH_DATE_TIME.test(time.dateTime) || !isZone(time.timeZone)) return null;
  const wall = time.dateTime.replace(/(\.\d{3})\d+$/, '$1');
  return time.timeZone === 'UTC'
    ? new Date(`${wall}Z`).toISOString()
    : dayjs.tz(wall, time.timeZone).toDate().toISOString();
};
/** An occurrence's id: the master's and its original start (Graph's are opaque; these are too, to the client). */
const occurrenceId = (masterId: string, originalStart: string) =>
  `${masterId}_OID_${new Date(originalStart).toISOString().replace(/[-:.]/g, '')}`;

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

export async function startFakeGraph(): Promise<FakeGraph> {
  let seq = 0;
  let idCounter = 0;
  let rounds = new Map<string, Round>();
  let deltaTokens = new Map<string, { since: number; window: Round['window'] }>();
  /** Authorization codes handed out by /authorize, with what the token request must match. */
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const token = () => randomBytes(12).toString('base64url');

  const fake: FakeGraph = {
    base: '',
    authority: '',
    apiUrl: '',
    clientId: 'graph-client-id',
    clientSecret: 'graph-client-secret',
    events: new Map(),
    requests: [],
    tokenRequests: [],
    accessToken: `access-${token()}`,
    refreshToken: `refresh-${token()}`,
    pageSize: 2,
    put({ id: given, ...fields }) {
      const id =
        given ??
        `AAMkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZiLTU1OGY5OTZhYmY4OABGAAAAAAAiQ8W967B7TKBjgx9rVEURBwAiIsqMbYjsT5e-T7KzowPTAAAAAAENAAAiIsqMbYjsT5e-T7KzowPTAAA${++idCounter}==`;
      const previous = fake.events.get(id);
      const event: FakeGraphEvent = {
        id,
        subject: '',
        body: '',
        location: '',
        start: new Date().toISOString(),
        end: new Date().toISOString(),
        attendees: [],
        ...(previous && !previous.deleted ? previous : {}),
        ...fields,
        seq: ++seq,
        // Strictly later than any earlier change, with Graph's 7 fraction digits.
        lastModified: toGraphDateTime(new Date(Date.now() + seq).toISOString()) + 'Z',
        deleted: false,
      };
      fake.events.set(id, event);
      return event;
    },
    remove(id) {
      const event = fake.events.get(id);
      if (event && !event.deleted) fake.events.set(id, { ...event, deleted: true, seq: ++seq });
    },
    occurrenceId: (masterId, originalStart) => occurrenceId(masterId, originalStart),
    live: () => [...fake.events.values()].filter((e) => !e.deleted),
    expireAccessToken() {
      fake.accessToken = `access-${token()}`;
    },
    expireDeltaTokens() {
      deltaTokens = new Map();
      rounds = new Map();
    },
    reset() {
      fake.events.clear();
      fake.requests.length = 0;
      fake.tokenRequests.length = 0;
      fake.accessToken = `access-${token()}`;
      fake.refreshToken = `refresh-${token()}`;
      fake.pageSize = 2;
      fake.expireDeltaTokens();
      codes.clear();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };

  const wire = (e: FakeGraphEvent) => ({
    '@odata.type': '#microsoft.graph.event',
    '@odata.etag': `W/"DwAAABYAAAAiIsqMbYjsT5e/T7KzowPTAAAA${e.seq}"`,
    id: e.id,
    createdDateTime: e.lastModified,
    lastModifiedDateTime: e.lastModified,
    changeKey: `DwAAABYAAAAiIsqMbYjsT5e/T7KzowPTAAAA${e.seq}`,
    subject: e.subject,
    bodyPreview: e.body.slice(0, 255),
    body: { contentType: 'text', content: e.body },
    start: { dateTime: toGraphDateTime(e.start), timeZone: 'UTC' },
    end: { dateTime: toGraphDateTime(e.end), timeZone: 'UTC' },
    location: { displayName: e.location, locationType: 'default' },
    attendees: e.attendees.map((address) => ({
      type: 'required',
      status: { response: 'none', time: '0001-01-01T00:00:00Z' },
      emailAddress: { name: address, address },
    })),
    isAllDay: false,
    isCancelled: false,
    type: e.recurrence ? 'seriesMaster' : e.seriesMasterId ? 'exception' : 'singleInstance',
    ...(e.recurrence && { recurrence: e.recurrence, originalStartTimeZone: e.timeZone }),
    ...(e.seriesMasterId && { seriesMasterId: e.seriesMasterId, originalStart: e.originalStart }),
  });
  /** A master's instances whose start falls in the window: occurrences, and its exceptions in their place. */
  const instancesOf = (master: FakeGraphEvent, window: Round['window']) => {
    const rule = graphToRrule(master.recurrence!, dayjs(master.start).tz(master.timeZone!).format('YYYY-MM-DD'));
    if (!rule) return [];
    const all = occurrencesBetween(
      {
        startTime: new Date(master.start),
        endTime: new Date(master.end),
        recurrence: rule,
        timezone: master.timeZone!,
        exceptions: (master.cancelled ?? []).map((c) => new Date(c)),
      },
      new Date(window.start - 366 * 86_400_000),
      new Date(window.end + 366 * 86_400_000),
    );
    const result: FakeGraphEvent[] = [];
    for (const { start, end } of all) {
      const id = occurrenceId(master.id, start.toISOString());
      const exception = fake.events.get(id);
      const instance: FakeGraphEvent =
        exception && !exception.deleted
          ? exception
          : {
              ...master,
              id,
              recurrence: undefined,
              cancelled: undefined,
              start: start.toISOString(),
              end: end.toISOString(),
              originalStart: start.toISOString(),
              seriesMasterId: master.id,
            };
      if (inWindow(instance, window)) result.push(instance);
    }
    return result;
  };
  const wireInstance = (e: FakeGraphEvent) => ({
    ...wire(e),
    type: fake.events.has(e.id) ? 'exception' : 'occurrence',
    seriesMasterId: e.seriesMasterId,
    originalStart: e.originalStart,
  });
  /** What calendarView shows of an event: a single event itself, a master as its instances. */
  const viewOf = (e: FakeGraphEvent, window: Round['window']) =>
    e.recurrence ? instancesOf(e, window).map(wireInstance) : inWindow(e, window) ? [wire(e)] : [];
  const removed = (e: FakeGraphEvent) => ({
    '@odata.type': '#microsoft.graph.event',
    id: e.id,
    '@removed': { reason: 'deleted' },
  });
  const inWindow = (e: FakeGraphEvent, window: Round['window']) =>
    Date.parse(e.start) < window.end && Date.parse(e.end) > window.start;

  const send = (res: ServerResponse, status: number, json?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      ...(json !== undefined && { 'content-type': 'application/json; odata.metadata=minimal' }),
      ...headers,
    });
    res.end(json === undefined ? '' : JSON.stringify(json));
  };
  const graphError = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { error: { code, message } });

  async function handleToken(req: IncomingMessage, res: ServerResponse) {
    const params = new URLSearchParams(await readBody(req));
    fake.tokenRequests.push(params);
    if (params.get('client_id') !== fake.clientId || params.get('client_secret') !== fake.clientSecret) {
      return send(res, 401, {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.',
      });
    }
    const grant = params.get('grant_type');
    if (grant === 'authorization_code') {
      const issued = codes.get(params.get('code') ?? '');
      codes.delete(params.get('code') ?? '');
      const verifier = params.get('code_verifier') ?? '';
      if (
        !issued ||
        issued.redirectUri !== params.get('redirect_uri') ||
        createHash('sha256').update(verifier).digest('base64url') !== issued.challenge
      ) {
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'AADSTS70008: The provided authorization code or refresh token has expired or is invalid.',
        });
      }
    } else if (grant === 'refresh_token') {
      if (params.get('refresh_token') !== fake.refreshToken) {
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'AADSTS70000: The provided value for the refresh token is not valid.',
        });
      }
      fake.refreshToken = `refresh-${token()}`;
    } else {
      return send(res, 400, { error: 'unsupported_grant_type', error_description: `AADSTS70003: ${grant}` });
    }
    fake.accessToken = `access-${token()}`;
    return send(res, 200, {
      token_type: 'Bearer',
      scope: 'https://graph.microsoft.com/Calendars.ReadWrite https://graph.microsoft.com/User.Read',
      expires_in: 3599,
      ext_expires_in: 3599,
      access_token: fake.accessToken,
      refresh_token: fake.refreshToken,
    });
  }

  function handleAuthorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    const scopes = (q.get('scope') ?? '').split(' ');
    if (
      q.get('client_id') !== fake.clientId ||
      !redirectUri ||
      q.get('response_type') !== 'code' ||
      q.get('code_challenge_method') !== 'S256' ||
      !q.get('code_challenge') ||
      SCOPES_REQUIRED.some((s) => !scopes.includes(s))
    ) {
      return send(res, 400, { error: 'invalid_request' });
    }
    const code = `M.C${token()}`;
    codes.set(code, { challenge: q.get('code_challenge')!, redirectUri });
    const back = new URL(redirectUri);
    back.search = new URLSearchParams({ code, state: q.get('state') ?? '' }).toString();
    send(res, 302, undefined, { location: back.href });
  }

  function page(res: ServerResponse, roundId: string) {
    const round = rounds.get(roundId)!;
    const items = round.items.splice(0, fake.pageSize);
    if (round.items.length > 0) {
      return send(res, 200, {
        '@odata.context': `${fake.apiUrl}/$metadata#Collection(event)`,
        '@odata.nextLink': `${fake.apiUrl}/me/calendarView/delta?$skiptoken=${roundId}`,
        value: items,
      });
    }
    rounds.delete(roundId);
    const deltaToken = token();
    deltaTokens.set(deltaToken, { since: round.since, window: round.window });
    return send(res, 200, {
      '@odata.context': `${fake.apiUrl}/$metadata#Collection(event)`,
      '@odata.deltaLink': `${fake.apiUrl}/me/calendarView/delta?$deltatoken=${deltaToken}`,
      value: items,
    });
  }

  function handleDelta(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const skip = q.get('$skiptoken');
    if (skip !== null)
      return rounds.has(skip)
        ? page(res, skip)
        : graphError(res, 410, 'SyncStateNotFound', 'The sync state generation is not found.');
    const delta = q.get('$deltatoken');
    const roundId = token();
    if (delta !== null) {
      const from = deltaTokens.get(delta);
      if (!from) return graphError(res, 410, 'SyncStateNotFound', 'The sync state generation is not found.');
      const changed = [...fake.events.values()]
        .filter((e) => e.seq > from.since && !e.seriesMasterId)
        .sort((a, b) => a.seq - b.seq);
      const items = changed.flatMap((e) => {
        if (!e.recurrence) return [e.deleted || !inWindow(e, from.window) ? removed(e) : wire(e)];
        // A changed series: its instances again; its cancelled occurrences (or all, when deleted) removed.
        const cancelled = (e.cancelled ?? []).map((c) => removed({ ...e, id: occurrenceId(e.id, c) }));
        if (e.deleted) return [...instancesOf({ ...e, cancelled: [] }, from.window).map(removed), ...cancelled];
        return [...instancesOf(e, from.window).map(wireInstance), ...cancelled];
      });
      rounds.set(roundId, { since: seq, window: from.window, items });
      return page(res, roundId);
    }
    const start = Date.parse(q.get('startDateTime') ?? '');
    const end = Date.parse(q.get('endDateTime') ?? '');
    if (Number.isNaN(start) || Number.isNaN(end))
      return graphError(
        res,
        400,
        'ErrorInvalidParameter',
        'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
      );
    const window = { start, end };
    const all = fake
      .live()
      .filter((e) => !e.seriesMasterId)
      .sort((a, b) => a.seq - b.seq);
    rounds.set(roundId, { since: seq, window, items: all.flatMap((e) => viewOf(e, window)) });
    return page(res, roundId);
  }

  function eventInput(body: unknown): Partial<FakeGraphEvent> | string {
    const input = body as Record<string, unknown> | undefined;
    if (!input || typeof input !== 'object') return 'Empty Payload. JSON content expected.';
    const out: Partial<FakeGraphEvent> = {};
    if ('subject' in input) out.subject = String(input.subject);
    if ('body' in input) out.body = String((input.body as { content?: unknown } | undefined)?.content ?? '');
    if ('location' in input)
      out.location = String((input.location as { displayName?: unknown } | undefined)?.displayName ?? '');
    for (const key of ['start', 'end'] as const) {
      if (!(key in input)) continue;
      const value = fromGraphTime(input[key]);
      if (!value)
        return `Invalid ${key}: a dateTimeTimeZone with dateTime like 2017-08-29T04:00:00.0000000 and a timeZone is expected`;
      out[key] = value;
      if (key === 'start') out.timeZone = (input.start as { timeZone: string }).timeZone;
    }
    if (input.recurrence) {
      const recurrence = input.recurrence as GraphPatternedRecurrence;
      const types = ['daily', 'weekly', 'absoluteMonthly', 'relativeMonthly', 'absoluteYearly', 'relativeYearly'];
      if (
        !types.includes(recurrence.pattern?.type) ||
        !['endDate', 'noEnd', 'numbered'].includes(recurrence.range?.type)
      )
        return 'Invalid recurrence: a patternedRecurrence with a known pattern type and range type is expected';
      if (!/^\d{4}-\d\d-\d\d$/.test(recurrence.range.startDate ?? ''))
        return 'Invalid recurrence: range.startDate is required';
      out.recurrence = recurrence;
    }
    return out;
  }

  async function handleGraph(req: IncomingMessage, url: URL, res: ServerResponse) {
    const path = url.pathname.slice('/v1.0'.length);
    const text = req.method === 'POST' || req.method === 'PATCH' ? await readBody(req) : '';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return graphError(res, 400, 'BadRequest', 'Unable to read JSON request payload.');
    }
    fake.requests.push({
      method: req.method!,
      path,
      query: url.searchParams,
      prefer: req.headers.prefer as string | undefined,
      authorization: req.headers.authorization,
      body,
    });
    if (req.headers.authorization !== `Bearer ${fake.accessToken}`) {
      return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.');
    }
    if (path === '/me/calendar' && req.method === 'GET') {
      return send(res, 200, {
        '@odata.context': `${fake.apiUrl}/$metadata#users('me')/calendar/$entity`,
        id: 'AAMkAGI2TGuLAAA=',
        name: 'Calendar',
        isDefaultCalendar: true,
        canEdit: true,
        owner: { name: 'Ada Lovelace', address: 'ada@contoso.com' },
      });
    }
    if (path === '/me/calendarView/delta' && req.method === 'GET') return handleDelta(url, res);
    if (path === '/me/events' && req.method === 'POST') {
      const input = eventInput(body);
      if (typeof input === 'string') return graphError(res, 400, 'ErrorInvalidRequest', input);
      if (!input.start || !input.end) return graphError(res, 400, 'ErrorInvalidRequest', 'start and end are required');
      return send(res, 201, wire(fake.put(input)));
    }
    const match = /^\/me\/events\/([^/]+)(\/instances)?$/.exec(path);
    if (!match) return graphError(res, 400, 'BadRequest', `Resource not found for the segment '${path}'.`);
    const id = decodeURIComponent(match[1]);
    if (match[2] && req.method === 'GET') {
      const master = fake.events.get(id);
      if (!master?.recurrence || master.deleted)
        return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      const start = Date.parse(url.searchParams.get('startDateTime') ?? '');
      const end = Date.parse(url.searchParams.get('endDateTime') ?? '');
      if (Number.isNaN(start) || Number.isNaN(end))
        return graphError(res, 400, 'ErrorInvalidParameter', 'StartDateTime and EndDateTime are required.');
      return send(res, 200, { value: instancesOf(master, { start, end }).map(wireInstance) });
    }
    // An occurrence not yet an exception: PATCH makes it one, DELETE cancels it.
    const occurrence = /^(.+)_OID_(\d{8}T\d{6})(\d{3})Z$/.exec(id);
    const master = occurrence ? fake.events.get(occurrence[1]) : undefined;
    if (occurrence && master?.recurrence && !master.deleted) {
      const s = occurrence[2];
      const original = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${occurrence[3]}Z`;
      const instance = instancesOf(master, {
        start: Date.parse(master.start) - 86_400_000,
        end: Date.parse(master.start) + 20 * 366 * 86_400_000,
      }).find((i) => i.originalStart === original);
      if (!instance)
        return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
      if (req.method === 'DELETE') {
        if (fake.events.has(id)) fake.events.delete(id);
        fake.put({ id: master.id, cancelled: [...(master.cancelled ?? []), original] });
        return send(res, 204);
      }
      if (req.method === 'PATCH') {
        const input = eventInput(body);
        if (typeof input === 'string') return graphError(res, 400, 'ErrorInvalidRequest', input);
        const { timeZone: _zone, recurrence: _r, ...fields } = input;
        const exception = fake.put({ ...instance, ...fields, id, seriesMasterId: master.id, originalStart: original });
        fake.put({ id: master.id });
        return send(res, 200, wireInstance(exception));
      }
      if (req.method === 'GET') return send(res, 200, wireInstance(instance));
    }
    const existing = fake.events.get(id);
    if (!existing || existing.deleted)
      return graphError(res, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    if (req.method === 'PATCH') {
      const input = eventInput(body);
      if (typeof input === 'string') return graphError(res, 400, 'ErrorInvalidRequest', input);
      return send(res, 200, wire(fake.put({ ...input, id })));
    }
    if (req.method === 'DELETE') return (fake.remove(id), send(res, 204));
    if (req.method === 'GET') return send(res, 200, wire(existing));
    return graphError(res, 405, 'ErrorInvalidRequest', 'The OData request is not supported.');
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    const handle = async () => {
      if (url.pathname === '/common/oauth2/v2.0/authorize' && req.method === 'GET') return handleAuthorize(url, res);
      if (url.pathname === '/common/oauth2/v2.0/token' && req.method === 'POST') return handleToken(req, res);
      if (url.pathname.startsWith('/v1.0/')) return handleGraph(req, url, res);
      return send(res, 404, { error: 'not_found' });
    };
    handle().catch((error: unknown) => graphError(res, 500, 'InternalServerError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.authority = `${fake.base}/common/oauth2/v2.0`;
  fake.apiUrl = `${fake.base}/v1.0`;
  return fake;
}
