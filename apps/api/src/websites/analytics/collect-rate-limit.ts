/**
 * The collector's limits (COLLECT_IP_RATE_LIMIT, COLLECT_SITE_RATE_LIMIT) count through
 * RateLimitService.counter (rate-limit/): in this process's memory with RATE_LIMIT_STORE=memory,
 * shared by every instance (batched into PostgreSQL once a second) with RATE_LIMIT_STORE=postgres.
 */
export { type HitCounter, MinuteCounter } from '../../rate-limit/rate-limit-store';

/** The counters' names in the shared store. */
export const COLLECT_IP_COUNTER = 'collect-ip';
export const COLLECT_SITE_COUNTER = 'collect-site';
