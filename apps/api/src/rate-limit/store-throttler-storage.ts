import type { ThrottlerStorage } from '@nestjs/throttler';
import type { RateLimitStore } from './rate-limit-store';

/** The rate_limit_counters keys of @nestjs/throttler's limits (its key is already a hash per route, tracker and limit). */
const PREFIX = 'throttle:';

interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * @nestjs/throttler's storage over a RateLimitStore: a fixed window of `ttl` ms from a key's first
 * hit; every hit counts, and the hits over `limit` are refused until the window ends (the
 * throttler's blockDuration is the window itself). With the PostgreSQL store one upsert per hit,
 * so N instances count together.
 */
export class StoreThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly store: RateLimitStore) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const [{ hits, msLeft }] = await this.store.add([{ key: PREFIX + key, count: 1, windowMs: ttl }]);
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire: seconds, isBlocked, timeToBlockExpire: isBlocked ? seconds : 0 };
  }
}
