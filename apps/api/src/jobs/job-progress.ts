/** At most one progress write per this many milliseconds per job; the latest value always lands. */
export const PROGRESS_THROTTLE_MS = 250;

/**
 * A job's progress: rounded and clamped to 0–100, never going back, and throttled (a handler may
 * report in a tight loop). Writes run one after another, so they land in order; a failed write is
 * reported and does not fail the job.
 */
export class ProgressReporter {
  private reported = 0;
  private pending: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (progress: number) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly throttleMs = PROGRESS_THROTTLE_MS,
  ) {}

  report(value: number): void {
    if (!Number.isFinite(value)) return;
    const progress = Math.round(Math.min(100, Math.max(0, value)));
    if (progress <= this.reported) return;
    this.reported = progress;
    const wait = this.lastWriteAt + this.throttleMs - Date.now();
    if (wait <= 0 && !this.timer) return this.send(progress);
    this.pending = progress;
    this.timer ??= setTimeout(() => this.flush(), Math.max(0, wait));
    this.timer.unref();
  }

  /** Writes the value still held back, then waits for every write; call when the handler ends. */
  async settle(): Promise<void> {
    this.flush();
    await this.writes;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === undefined) return;
    const progress = this.pending;
    this.pending = undefined;
    this.send(progress);
  }

  private send(progress: number): void {
    this.lastWriteAt = Date.now();
    this.writes = this.writes.then(() => this.write(progress)).catch(this.onError);
  }
}
