import { releaseStartupMemory } from './startup-memory';

/** About 20 MB of objects that die at once, as start-up's do. */
function makeGarbage(): number {
  const garbage = Array.from({ length: 20 }, (_, i) =>
    Array.from({ length: 20_000 }, (_, n) => ({ n, s: `start-up ${i} ${n}` })),
  );
  return garbage.length;
}

describe('releaseStartupMemory', () => {
  it('gives the memory that garbage left resident back to the system, without leaving a global gc()', () => {
    expect(makeGarbage()).toBe(20);
    const before = process.memoryUsage.rss();
    releaseStartupMemory();
    // RSS, not V8's heap size: an ordinary full collection shrinks the latter too but keeps the pages.
    expect(before - process.memoryUsage.rss()).toBeGreaterThan(10 * 2 ** 20);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
