/** About one frame: events arriving together (a task and its notification) cause one refetch per path. */
const BATCH_MS = 16;

/**
 * Collects API paths and hands each one once per batch to `flush`. A timer, not
 * requestAnimationFrame, since a background tab gets no frames but must still refresh.
 */
export function createInvalidationBatch(flush: (path: string) => void) {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    add(paths: readonly string[]) {
      for (const path of paths) pending.add(path);
      if (timer !== undefined || pending.size === 0) return;
      timer = setTimeout(() => {
        timer = undefined;
        const paths = [...pending];
        pending.clear();
        paths.forEach(flush);
      }, BATCH_MS);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
