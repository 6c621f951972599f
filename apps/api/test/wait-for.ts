/**
 * Polls `probe` until it answers something other than undefined/false, for at most `timeoutMs`;
 * for outcomes another process (a job worker) produces, where there is no event to await.
 * `what` (or a function giving it, e.g. a child's output so far) names it in the timeout error.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 15_000, intervalMs = 50, what = 'condition' as string | (() => string) } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
