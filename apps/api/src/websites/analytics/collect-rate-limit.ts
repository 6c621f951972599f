/**
 * Fixed one-minute windows per key (an IP address, a site), in this process's memory: cheap
 * enough for every tracking event. Counts reset each window, so memory holds at most one
 * window's keys. Several API instances each count on their own (as the sign-in limits do).
 */
export class MinuteCounter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one hit for `key`; false when that goes over the limit. */
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

  /** Seconds until the current window ends (Retry-After). */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - this.now()) / 1000));
  }
}
