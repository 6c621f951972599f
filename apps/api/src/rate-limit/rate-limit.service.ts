import { type BeforeApplicationShutdown, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type Env, rateLimitStoreOf } from '../config/env.schema';
import {
  BatchedCounter,
  type HitCounter,
  MemoryRateLimitStore,
  MinuteCounter,
  PostgresRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store';

/** How often expired counters are deleted (each instance; the DELETE is cheap and idempotent). */
export const CLEANUP_INTERVAL_MS = 60_000;
/** How often the collector's counts go to the shared store: the window of its bounded overshoot. */
export const RATE_COUNT_FLUSH_MS = 1_000;

/**
 * Where the app's rate limits count (RATE_LIMIT_STORE): the store the sign-in throttler uses
 * (auth-rate-limit.ts) and the collector's per-event counters.
 */
@Injectable()
export class RateLimitService implements OnModuleInit, BeforeApplicationShutdown {
  readonly store: RateLimitStore;
  readonly kind: 'memory' | 'postgres';
  private readonly counters: HitCounter[] = [];
  private cleanup: NodeJS.Timeout | undefined;
  private readonly logger = new Logger('RateLimit');

  constructor(config: ConfigService<Env, true>, @InjectDataSource() dataSource: DataSource) {
    this.kind = rateLimitStoreOf({
      RATE_LIMIT_STORE: config.get('RATE_LIMIT_STORE', { infer: true }),
      DATABASE_URL: config.get('DATABASE_URL', { infer: true }),
    });
    this.store = this.kind === 'postgres' ? new PostgresRateLimitStore(dataSource) : new MemoryRateLimitStore();
  }

  /** A per-event limit of `limit` hits a minute per key, counted as RATE_LIMIT_STORE says. */
  counter(name: string, limit: number): HitCounter {
    const counter =
      this.kind === 'postgres'
        ? new BatchedCounter(this.store, name, limit, 60_000, RATE_COUNT_FLUSH_MS)
        : new MinuteCounter(limit);
    this.counters.push(counter);
    return counter;
  }

  onModuleInit(): void {
    if (this.kind !== 'postgres') return;
    this.cleanup = setInterval(() => {
      this.store.removeExpired().catch((error: unknown) => {
        this.logger.warn(`expired rate-limit counters not removed: ${(error as Error).message}`);
      });
    }, CLEANUP_INTERVAL_MS).unref();
  }

  /** Sends every counter's pending hits to the store now (the collector's batches). */
  async flush(): Promise<void> {
    await Promise.allSettled(this.counters.map((counter) => counter.flush()));
  }

  /** Before the database pool closes: the last second's collector hits still count on the other instances. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.cleanup);
    await this.flush();
  }
}
