import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** Hits to add to one key's counter, whose window (started by its first hit) lasts windowMs. */
export interface RateLimitHit {
  key: string;
  count: number;
  windowMs: number;
}

/** A key's counter after the hits were added: its hits in the running window and the ms left of it. */
export interface RateLimitCount {
  key: string;
  hits: number;
  msLeft: number;
}

/**
 * Fixed-window counters keyed by text (a sign-in tracker, an IP address, a site): a key's window
 * starts at its first hit and lasts windowMs; the first hit after it ends starts a new one.
 * RATE_LIMIT_STORE picks the implementation (rate-limit.module.ts).
 */
export abstract class RateLimitStore {
  /** Adds the hits (one entry per key) and answers each key's count, in the order given. */
  abstract add(hits: readonly RateLimitHit[]): Promise<RateLimitCount[]>;
  /** Forgets counters whose window ended (a no-op where they expire by themselves). */
  abstract removeExpired(): Promise<number>;
}

/** This process's memory: right for one instance (the embedded database, or RATE_LIMIT_STORE=memory). */
export class MemoryRateLimitStore extends RateLimitStore {
  private readonly counters = new Map<string, { hits: number; expiresAt: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  add(hits: readonly RateLimitHit[]): Promise<RateLimitCount[]> {
    const now = this.now();
    // Expired counters are dropped once a minute as hits come, so memory holds about one window's keys.
    if (now >= this.nextSweep) {
      void this.removeExpired();
      this.nextSweep = now + 60_000;
    }
    return Promise.resolve(
      hits.map(({ key, count, windowMs }) => {
        let counter = this.counters.get(key);
        if (!counter || counter.expiresAt <= now) {
          counter = { hits: 0, expiresAt: now + windowMs };
          this.counters.set(key, counter);
        }
        counter.hits += count;
        return { key, hits: counter.hits, msLeft: counter.expiresAt - now };
      }),
    );
  }

  removeExpired(): Promise<number> {
    const now = this.now();
    let removed = 0;
    for (const [key, counter] of this.counters) {
      if (counter.expiresAt <= now) {
        this.counters.delete(key);
        removed++;
      }
    }
    return Promise.resolve(removed);
  }
}

/**
 * The UNLOGGED table rate_limit_counters, shared by every instance on the database: one atomic
 * upsert per call, whatever the number of keys (sorted, so two instances' batches lock rows in the
 * same order and never deadlock). The database's clock decides when windows end.
 */
export class PostgresRateLimitStore extends RateLimitStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async add(hits: readonly RateLimitHit[]): Promise<RateLimitCount[]> {
    if (hits.length === 0) return [];
    const rows = await this.dataSource.query<{ key: string; hits: number; msLeft: number }[]>(
      `INSERT INTO rate_limit_counters AS c ("key", "hits", "expiresAt")
       SELECT k, n, now() + w * interval '1 millisecond'
         FROM unnest($1::text[], $2::int[], $3::int[]) AS t(k, n, w)
        ORDER BY k
       ON CONFLICT ("key") DO UPDATE SET
         "hits" = CASE WHEN c."expiresAt" <= now() THEN excluded."hits" ELSE c."hits" + excluded."hits" END,
         "expiresAt" = CASE WHEN c."expiresAt" <= now() THEN excluded."expiresAt" ELSE c."expiresAt" END
       RETURNING "key", "hits", ceil(extract(epoch FROM "expiresAt" - now()) * 1000)::int AS "msLeft"`,
      [hits.map((h) => h.key), hits.map((h) => h.count), hits.map((h) => h.windowMs)],
    );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return hits.map(({ key }) => {
      const row = byKey.get(key);
      if (!row) throw new Error(`rate_limit_counters answered no row for a key`);
      return { key, hits: row.hits, msLeft: row.msLeft };
    });
  }

  async removeExpired(): Promise<number> {
    const [, removed] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM rate_limit_counters WHERE "expiresAt" <= now()`,
    );
    return removed;
  }
}

/** A limit decided synchronously per hit (the collector's): BatchedCounter, or MinuteCounter in one process. */
export interface HitCounter {
  /** Counts one hit for `key`; false when that goes over the limit. */
  hit(key: string): boolean;
  /** Seconds until `key`'s window ends (Retry-After). */
  retryAfterSeconds(key: string): number;
  /** Sends what is still counted only here (a no-op in memory). */
  flush(): Promise<void>;
}

/**
 * Fixed one-minute windows per key, in this process's memory, aligned to the clock's minutes:
 * cheap enough for every tracking event. Counts reset each window, so memory holds at most one
 * window's keys.
 */
export class MinuteCounter implements HitCounter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {}

  hit(key: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now - (now % this.windowMs);
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.limit;
  }

  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - this.now()) / 1000));
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Counts with a synchronous answer, for the collector, which is hit once per tracking event: each
 * hit is counted here at once and decided against the shared count last seen plus this process's
 * hits not yet sent; the pending hits go to the store in one upsert every flushMs (and the answer
 * refreshes the shared counts). The price is a bounded overshoot: hits other instances accepted
 * in their last flushMs (not yet visible here) can pass on top of the limit. See
 * DEPLOYMENT.md (Scaling, rate limits across instances) for the bound.
 */
export class BatchedCounter implements HitCounter {
  private pending = new Map<string, number>();
  private readonly shared = new Map<string, { hits: number; expiresAt: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly logger = new Logger('RateLimit');

  constructor(
    private readonly store: RateLimitStore,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly flushMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key`; false when that goes over the limit. */
  hit(key: string): boolean {
    const pending = (this.pending.get(key) ?? 0) + 1;
    this.pending.set(key, pending);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
    return this.sharedHits(key) + pending <= this.limit;
  }

  /** Seconds until `key`'s window ends (Retry-After). */
  retryAfterSeconds(key: string): number {
    const known = this.shared.get(key);
    const msLeft = known && known.expiresAt > this.now() ? known.expiresAt - this.now() : this.windowMs;
    return Math.max(1, Math.ceil(msLeft / 1000));
  }

  /** Sends the pending hits now (also on shutdown); resolves when the shared counts are refreshed. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.send(batch);
    await this.flushing;
    this.flushing = undefined;
  }

  private async send(batch: Map<string, number>): Promise<void> {
    const now = this.now();
    try {
      const counts = await this.store.add(
        [...batch].map(([key, count]) => ({ key: `${this.prefix}:${key}`, count, windowMs: this.windowMs })),
      );
      const prefixLength = this.prefix.length + 1;
      for (const { key, hits, msLeft } of counts) {
        this.shared.set(key.slice(prefixLength), { hits, expiresAt: now + msLeft });
      }
    } catch (error) {
      // The database is away: count on here alone, so this instance's limit still holds.
      this.logger.warn(`rate-limit counters not shared: ${(error as Error).message}`);
      for (const [key, count] of batch) {
        this.shared.set(key, { hits: this.sharedHits(key) + count, expiresAt: now + this.windowMs });
      }
    }
    this.forgetExpired(now);
  }

  private sharedHits(key: string): number {
    const known = this.shared.get(key);
    return known && known.expiresAt > this.now() ? known.hits : 0;
  }

  private forgetExpired(now: number): void {
    for (const [key, known] of this.shared) if (known.expiresAt <= now) this.shared.delete(key);
  }
}
