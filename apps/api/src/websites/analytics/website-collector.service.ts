import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { foldIntoSessions, SESSION_GAP_MS, type SessionState, type TrackedEvent } from './sessions';

/** How often buffered events are written, and how many make a write start at once. */
export const COLLECT_FLUSH_MS = 200;
export const COLLECT_BATCH = 1_000;
/** Events held at most (the database down or slow): over it the collector answers 503 rather than lose them. */
export const COLLECT_MAX_BUFFER = 50_000;
/** One writer at a time across API processes, so two never start the same visitor's session twice. */
/** Held while a batch is written (and by the intraday roll-up, WebsiteRollupsService.rollUpPartial). */
export const COLLECT_FLUSH_LOCK = 'aide.website-analytics.flush';

export type AcceptOutcome = 'accepted' | 'busy';

/**
 * The collector's write side. Accepted events wait in memory and are written in batches (every
 * COLLECT_FLUSH_MS, or as soon as COLLECT_BATCH are waiting), each batch one transaction: the
 * visitors' open sessions read, the events folded into them (sessions.ts), new and changed
 * sessions and the page views written with one statement each. A batch that fails stays in the
 * buffer and is tried again. On shutdown the collector stops accepting (503) and writes what it
 * holds, so an event answered 202 is not lost to a deploy.
 */
@Injectable()
export class WebsiteCollectorService implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebsiteCollector');
  private buffer: TrackedEvent[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private failures = 0;
  /** Events written so far (page views and engagement reports), for the benchmark and the logs. */
  stored = 0;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), COLLECT_FLUSH_MS);
    this.timer.unref();
  }

  accept(event: TrackedEvent): AcceptOutcome {
    if (this.closed || this.buffer.length >= COLLECT_MAX_BUFFER) return 'busy';
    this.buffer.push(event);
    if (this.buffer.length >= COLLECT_BATCH) void this.flush().catch(() => undefined);
    return 'accepted';
  }

  /** Events waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Writes everything accepted so far; rejects when a batch could not be written (it stays buffered). */
  flush(): Promise<void> {
    this.writing = this.writing.catch(() => undefined).then(() => this.drain());
    return this.writing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (let attempt = 1; this.buffer.length && attempt <= 3; attempt++) {
      await this.flush().catch((error: unknown) =>
        this.logger.warn(`Writing the last events failed (attempt ${attempt}): ${String(error)}`),
      );
    }
    if (this.buffer.length)
      this.logger.error(`${this.buffer.length} tracking events could not be written before shutdown`);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private async drain(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, COLLECT_BATCH);
      try {
        await this.dataSource.transaction((manager) => this.write(manager, batch));
        this.stored += batch.length;
        if (this.failures)
          this.logger.log(`Tracking events are being written again after ${this.failures} failed attempts`);
        this.failures = 0;
      } catch (error) {
        this.buffer.unshift(...batch);
        this.failures += 1;
        if (this.failures === 1 || this.failures % 50 === 0)
          this.logger.warn(`Writing ${batch.length} tracking events failed (kept, retried): ${String(error)}`);
        throw error;
      }
    }
  }

  private async write(manager: EntityManager, batch: TrackedEvent[]): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [COLLECT_FLUSH_LOCK]);
    const keys = new Map<string, { websiteId: number; hash: string }>();
    for (const event of batch) {
      for (const hash of [event.visitorHash, event.previousHash])
        if (hash !== null) keys.set(`${event.websiteId}:${hash}`, { websiteId: event.websiteId, hash });
    }
    const since = new Date(Math.min(...batch.map((event) => event.occurredAt.getTime())) - SESSION_GAP_MS);
    const open = await manager.query<
      {
        id: string;
        websiteId: number;
        visitorHash: string;
        startedAt: Date;
        lastSeenAt: Date;
        pageViews: number;
        engagedMs: number;
        entryPath: string;
        referrerHost: string | null;
        utmSource: string | null;
        utmMedium: string | null;
        utmCampaign: string | null;
      }[]
    >(
      `SELECT DISTINCT ON (s."websiteId", s."visitorHash") s.id, s."websiteId", s."visitorHash", s."startedAt", s."lastSeenAt", s."pageViews", s."engagedMs", s."entryPath", s."referrerHost", s."utmSource", s."utmMedium", s."utmCampaign"
         FROM unnest($1::int[], $2::bigint[]) AS k("websiteId", hash)
         JOIN website_sessions s ON s."websiteId" = k."websiteId" AND s."visitorHash" = k.hash AND s."lastSeenAt" >= $3
        ORDER BY s."websiteId", s."visitorHash", s."lastSeenAt" DESC`,
      [[...keys.values()].map((k) => k.websiteId), [...keys.values()].map((k) => k.hash), since],
    );
    const changes = foldIntoSessions(open as SessionState[], batch);

    if (changes.updated.length) {
      const rows = changes.updated;
      await manager.query(
        `UPDATE website_sessions s SET "pageViews" = u."pageViews", "lastSeenAt" = u."lastSeenAt", "engagedMs" = u."engagedMs"
           FROM unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::int[]) AS u(id, "pageViews", "lastSeenAt", "engagedMs")
          WHERE s.id = u.id`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.pageViews),
          rows.map((r) => r.lastSeenAt),
          rows.map((r) => r.engagedMs),
        ],
      );
    }
    // Joined with websites: the events of a site deleted since they arrived are dropped, not a failed batch.
    if (changes.inserted.length) {
      const rows = changes.inserted;
      await manager.query(
        `INSERT INTO website_sessions ("websiteId", "visitorHash", "startedAt", "lastSeenAt", "pageViews", "engagedMs", "entryPath", "referrerHost", "utmSource", "utmMedium", "utmCampaign")
         SELECT n."websiteId", n."visitorHash", n."startedAt", n."lastSeenAt", n."pageViews", n."engagedMs", n."entryPath", n."referrerHost", n."utmSource", n."utmMedium", n."utmCampaign"
           FROM unnest($1::int[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::int[], $7::varchar[], $8::varchar[], $9::varchar[], $10::varchar[], $11::varchar[])
                AS n("websiteId", "visitorHash", "startedAt", "lastSeenAt", "pageViews", "engagedMs", "entryPath", "referrerHost", "utmSource", "utmMedium", "utmCampaign")
           JOIN websites w ON w.id = n."websiteId"`,
        [
          rows.map((r) => r.websiteId),
          rows.map((r) => r.visitorHash),
          rows.map((r) => r.startedAt),
          rows.map((r) => r.lastSeenAt),
          rows.map((r) => r.pageViews),
          rows.map((r) => r.engagedMs),
          rows.map((r) => r.entryPath),
          rows.map((r) => r.referrerHost),
          rows.map((r) => r.utmSource),
          rows.map((r) => r.utmMedium),
          rows.map((r) => r.utmCampaign),
        ],
      );
    }
    if (changes.pageviews.length) {
      const rows = changes.pageviews;
      await manager.query(
        `INSERT INTO website_pageviews ("websiteId", "visitorHash", "occurredAt", pathname, "referrerHost", "utmSource", "utmMedium", "utmCampaign")
         SELECT p."websiteId", p."visitorHash", p."occurredAt", p.pathname, p."referrerHost", p."utmSource", p."utmMedium", p."utmCampaign"
           FROM unnest($1::int[], $2::bigint[], $3::timestamptz[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[])
                AS p("websiteId", "visitorHash", "occurredAt", pathname, "referrerHost", "utmSource", "utmMedium", "utmCampaign")
           JOIN websites w ON w.id = p."websiteId"`,
        [
          rows.map((r) => r.websiteId),
          rows.map((r) => r.visitorHash),
          rows.map((r) => r.occurredAt),
          rows.map((r) => r.pathname),
          rows.map((r) => r.referrerHost),
          rows.map((r) => r.utmSource),
          rows.map((r) => r.utmMedium),
          rows.map((r) => r.utmCampaign),
        ],
      );
    }
    if (changes.customEvents.length) {
      const rows = changes.customEvents;
      await manager.query(
        `INSERT INTO website_custom_events ("websiteId", "visitorHash", "occurredAt", name, pathname)
         SELECT c."websiteId", c."visitorHash", c."occurredAt", c.name, c.pathname
           FROM unnest($1::int[], $2::bigint[], $3::timestamptz[], $4::varchar[], $5::varchar[]) AS c("websiteId", "visitorHash", "occurredAt", name, pathname)
           JOIN websites w ON w.id = c."websiteId"`,
        [
          rows.map((r) => r.websiteId),
          rows.map((r) => r.visitorHash),
          rows.map((r) => r.occurredAt),
          rows.map((r) => r.name),
          rows.map((r) => r.pathname),
        ],
      );
    }
    // An event older than a site's intraday roll-up (written late: the database was down) voids it:
    // the Analytics tab reads those days from the raw events until the next roll-up counts it.
    const first = new Map<number, number>();
    for (const { websiteId, at } of [
      ...changes.pageviews.map((r) => ({ websiteId: r.websiteId, at: r.occurredAt })),
      ...changes.customEvents.map((r) => ({ websiteId: r.websiteId, at: r.occurredAt })),
      ...changes.inserted.map((r) => ({ websiteId: r.websiteId, at: r.startedAt })),
    ])
      first.set(websiteId, Math.min(first.get(websiteId) ?? Infinity, at.getTime()));
    if (first.size)
      await manager.query(
        `UPDATE website_rollup_state r SET "partialThrough" = NULL
           FROM unnest($1::int[], $2::timestamptz[]) AS b("websiteId", first)
          WHERE r."websiteId" = b."websiteId" AND r."partialThrough" > b.first`,
        [[...first.keys()], [...first.values()].map((at) => new Date(at))],
      );
  }
}
