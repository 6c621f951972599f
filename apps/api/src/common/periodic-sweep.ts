import { Logger } from '@nestjs/common';

/**
 * Runs a sweep every `intervalMs` while the API is up: never two at once (a tick while one runs is
 * skipped), `nudge()` runs one soon (or one more after the running one, so a change is never
 * missed), a failure is logged and never thrown, the timer never keeps the process alive, and
 * `stop()` waits for a running sweep before the database connection closes.
 * The reminders, the repeating tasks, the tasks-due notices and the email snooze use it (the email
 * outbox sweeps as a pg-boss schedule instead: one sweep a minute whatever the number of processes).
 */
export class PeriodicSweep {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;

  constructor(
    /** For the log: 'Reminder sweep' → "Reminder sweep failed: …". */
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly sweep: () => Promise<unknown>,
  ) {
    this.logger = new Logger(name);
  }

  /** Starts the timer (starting twice keeps one); `runNow` also sweeps at once, e.g. for what fell due while the API was down. */
  start({ runNow = false }: { runNow?: boolean } = {}): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    if (runNow) this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    await this.running;
  }

  /** A sweep soon (something just changed); one more follows a running one. Nothing while stopped. */
  nudge(): void {
    if (this.running) this.again = true;
    else this.tick();
  }

  private tick(): void {
    if (this.running || !this.timer) return;
    this.running = this.sweep()
      .catch((error: unknown) =>
        this.logger.warn(`${this.name} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.tick();
        }
      });
  }
}
