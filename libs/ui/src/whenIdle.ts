type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * Runs `callback` in the browser's next idle period (at the latest after `timeout` ms), so work
 * that only gives a head start never competes with what the user is waiting for. Without
 * requestIdleCallback (Safari) a timer of `fallbackDelay` ms stands in. Answers a cancel.
 */
export function whenIdle(
  callback: () => void,
  { timeout, fallbackDelay }: { timeout: number; fallbackDelay: number },
): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback) {
    const handle = w.requestIdleCallback(callback, { timeout });
    return () => w.cancelIdleCallback?.(handle);
  }
  const timer = window.setTimeout(callback, fallbackDelay);
  return () => window.clearTimeout(timer);
}
