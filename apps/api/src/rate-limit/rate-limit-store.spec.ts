import { BatchedCounter, MemoryRateLimitStore, RateLimitStore, type RateLimitHit } from './rate-limit-store';
import { StoreThrottlerStorage } from './store-throttler-storage';

/** A store whose answers the test decides, recording what it was sent. */
class RecordingStore extends RateLimitStore {
  readonly sent: RateLimitHit[][] = [];
  others = 0;
  failing = false;

  add(hits: readonly RateLimitHit[]) {
    this.sent.push([...hits]);
    if (this.failing) return Promise.reject(new Error('connection refused'));
    return Promise.resolve(hits.map(({ key, count }) => ({ key, hits: count + this.others, msLeft: 30_000 })));
  }

  removeExpired() {
    return Promise.resolve(0);
  }
}

describe('MemoryRateLimitStore', () => {
  it('counts a key in a window that starts at its first hit, and starts a new one after it', async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now);
    const hit = (key: string) => store.add([{ key, count: 1, windowMs: 60_000 }]).then(([count]) => count);
    expect(await hit('a')).toEqual({ key: 'a', hits: 1, msLeft: 60_000 });
    now += 20_000;
    expect(await hit('a')).toEqual({ key: 'a', hits: 2, msLeft: 40_000 });
    expect(await hit('b')).toEqual({ key: 'b', hits: 1, msLeft: 60_000 });
    now += 40_000;
    expect(await hit('a')).toEqual({ key: 'a', hits: 1, msLeft: 60_000 });
    now += 20_001;
    expect(await store.removeExpired()).toBe(1);
  });
});

describe('BatchedCounter', () => {
  it('decides each hit at once and sends the hits of a flush interval in one call per batch', async () => {
    const store = new RecordingStore();
    const counter = new BatchedCounter(store, 'ip', 3, 60_000, 60_000);
    expect(['x', 'x', 'y', 'x', 'x'].map((key) => counter.hit(key))).toEqual([true, true, true, true, false]);
    await counter.flush();
    expect(store.sent).toEqual([
      [
        { key: 'ip:x', count: 4, windowMs: 60_000 },
        { key: 'ip:y', count: 1, windowMs: 60_000 },
      ],
    ]);
    expect(counter.retryAfterSeconds('x')).toBe(30);
  });

  it('adds the hits other instances sent, as the store answers them', async () => {
    const store = new RecordingStore();
    const counter = new BatchedCounter(store, 'ip', 5, 60_000, 60_000);
    store.others = 4;
    expect(counter.hit('x')).toBe(true);
    await counter.flush();
    expect(counter.hit('x')).toBe(false);
  });

  it('keeps counting on its own while the store is away', async () => {
    const store = new RecordingStore();
    store.failing = true;
    const counter = new BatchedCounter(store, 'ip', 2, 60_000, 60_000);
    expect([counter.hit('x'), counter.hit('x')]).toEqual([true, true]);
    await counter.flush();
    expect(counter.hit('x')).toBe(false);
  });
});

describe('StoreThrottlerStorage', () => {
  it('refuses the hits over the limit until the window ends', async () => {
    const storage = new StoreThrottlerStorage(new MemoryRateLimitStore(() => 0));
    const records = [];
    for (let i = 0; i < 3; i++) records.push(await storage.increment('k', 60_000, 2));
    expect(records.map((r) => [r.totalHits, r.isBlocked, r.timeToBlockExpire])).toEqual([
      [1, false, 0],
      [2, false, 0],
      [3, true, 60],
    ]);
  });
});
