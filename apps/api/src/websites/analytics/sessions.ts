import type { CollectEventType } from '@aide/contracts';
import { WEBSITE_ANALYTICS_LIMITS } from '@aide/contracts';

export const SESSION_GAP_MS = WEBSITE_ANALYTICS_LIMITS.sessionGapMinutes * 60_000;
const INT_MAX = 2_147_483_647;

/** An accepted event, as the collector buffers it: nothing that identifies the visitor but the day's hash. */
export interface TrackedEvent {
  websiteId: number;
  type: CollectEventType;
  occurredAt: Date;
  /** Under today's salt. */
  visitorHash: string;
  /** Under yesterday's salt (null when it is gone): continues a session open across midnight. */
  previousHash: string | null;
  pathname: string;
  referrerHost: string | null;
  /** The page address's campaign tags (campaignTags), all null without. */
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  engagedMs: number;
  /** A custom event's name (type 'event'); null otherwise. */
  eventName: string | null;
}

/** A session as stored; id null for one this batch starts. */
export interface SessionState {
  id: string | null;
  websiteId: number;
  visitorHash: string;
  startedAt: Date;
  lastSeenAt: Date;
  pageViews: number;
  engagedMs: number;
  entryPath: string;
  referrerHost: string | null;
  /** The landing page's campaign tags. */
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export interface PageviewRow {
  websiteId: number;
  visitorHash: string;
  occurredAt: Date;
  pathname: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** A custom event as stored, under its session's visitor hash when one is open. */
export interface CustomEventRow {
  websiteId: number;
  visitorHash: string;
  occurredAt: Date;
  name: string;
  pathname: string;
}

export interface SessionChanges {
  inserted: SessionState[];
  updated: SessionState[];
  pageviews: PageviewRow[];
  customEvents: CustomEventRow[];
  /** Engagement reports without an open session (the visitor left more than 30 minutes ago). */
  dropped: number;
}

const keyOf = (websiteId: number, hash: string) => `${websiteId}:${hash}`;

/**
 * Folds a batch of events into sessions: a visitor's page views with at most SESSION_GAP_MS of
 * inactivity between them are one session (its page views counted, last activity moved on); a
 * page view after a longer gap starts a new one. An engagement report (the script's "left the
 * page after N ms of visible time") adds its time and moves the last activity, but never starts a
 * session. Pure: `open` are the visitors' latest stored sessions; what changed is returned.
 */
export function foldIntoSessions(
  open: readonly SessionState[],
  events: readonly TrackedEvent[],
  gapMs = SESSION_GAP_MS,
): SessionChanges {
  const latest = new Map<string, SessionState>();
  for (const session of [...open].sort((a, b) => a.lastSeenAt.getTime() - b.lastSeenAt.getTime())) {
    latest.set(keyOf(session.websiteId, session.visitorHash), { ...session });
  }
  const inserted: SessionState[] = [];
  const touched = new Set<SessionState>();
  const pageviews: PageviewRow[] = [];
  const customEvents: CustomEventRow[] = [];
  let dropped = 0;
  const pageview = (event: TrackedEvent, visitorHash: string): PageviewRow => ({
    websiteId: event.websiteId,
    visitorHash,
    occurredAt: event.occurredAt,
    pathname: event.pathname,
    referrerHost: event.referrerHost,
    utmSource: event.utmSource,
    utmMedium: event.utmMedium,
    utmCampaign: event.utmCampaign,
  });

  const ordered = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  for (const event of ordered) {
    const at = event.occurredAt.getTime();
    const live = (hash: string | null) => {
      if (hash === null) return undefined;
      const session = latest.get(keyOf(event.websiteId, hash));
      return session && at - session.lastSeenAt.getTime() <= gapMs ? session : undefined;
    };
    const session = live(event.visitorHash) ?? live(event.previousHash);
    if (event.type === 'event') {
      // Kept with the visitor's session when one is open (its hash may be yesterday's); never starts one.
      if (event.eventName)
        customEvents.push({
          websiteId: event.websiteId,
          visitorHash: session?.visitorHash ?? event.visitorHash,
          occurredAt: event.occurredAt,
          name: event.eventName,
          pathname: event.pathname,
        });
      continue;
    }
    if (event.type === 'engagement') {
      if (!session) {
        dropped += 1;
        continue;
      }
      session.engagedMs = Math.min(INT_MAX, session.engagedMs + event.engagedMs);
      if (at > session.lastSeenAt.getTime()) session.lastSeenAt = event.occurredAt;
      touched.add(session);
      continue;
    }
    if (session) {
      session.pageViews = Math.min(INT_MAX, session.pageViews + 1);
      if (at > session.lastSeenAt.getTime()) session.lastSeenAt = event.occurredAt;
      touched.add(session);
      pageviews.push(pageview(event, session.visitorHash));
      continue;
    }
    const started: SessionState = {
      id: null,
      websiteId: event.websiteId,
      visitorHash: event.visitorHash,
      startedAt: event.occurredAt,
      lastSeenAt: event.occurredAt,
      pageViews: 1,
      engagedMs: 0,
      entryPath: event.pathname,
      referrerHost: event.referrerHost,
      utmSource: event.utmSource,
      utmMedium: event.utmMedium,
      utmCampaign: event.utmCampaign,
    };
    latest.set(keyOf(event.websiteId, event.visitorHash), started);
    inserted.push(started);
    pageviews.push(pageview(event, event.visitorHash));
  }
  return {
    inserted,
    updated: [...touched].filter((session) => session.id !== null),
    pageviews,
    customEvents,
    dropped,
  };
}

/**
 * Where a session came from, as the breakdown's Top sources counts it: its landing page's
 * utm_source, else the referring site's host, else null (Direct). The SQL reads
 * coalesce("utmSource", "referrerHost") the same way.
 */
export function sessionSource(session: Pick<SessionState, 'utmSource' | 'referrerHost'>): string | null {
  return session.utmSource ?? session.referrerHost ?? null;
}

/** A session's length in seconds: last activity minus start, or the visible time reported when longer. */
export function sessionSeconds(session: Pick<SessionState, 'startedAt' | 'lastSeenAt' | 'engagedMs'>): number {
  return Math.max(session.lastSeenAt.getTime() - session.startedAt.getTime(), session.engagedMs) / 1000;
}
