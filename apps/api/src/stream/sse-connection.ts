import type { StreamEvent } from '@aide/contracts';
import type { Request, Response } from 'express';
import type { StreamSubscriber } from './stream-hub';
import type { StreamSettings } from './stream-settings';

/** The response headers of an event stream. */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform also tells the compression middleware to leave the stream alone, so nothing buffers it.
  'Cache-Control': 'no-cache, no-transform',
  // nginx buffers proxied responses unless told not to.
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
} as const;

/** One text/event-stream response for one signed-in user. */
export class SseConnection implements StreamSubscriber {
  private lastId = 0;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    readonly userId: number,
    private readonly request: Request,
    private readonly response: Response,
    private readonly settings: StreamSettings,
  ) {}

  /** Sends the headers and `retry:` and starts the heartbeat; `onClose` runs once when the client or server ends it. */
  open(onClose: () => void): void {
    this.request.socket.setNoDelay(true);
    this.response.status(200).set(SSE_HEADERS);
    this.response.flushHeaders();
    this.write(`retry: ${this.settings.retryMs}\n: connected\n\n`);
    this.heartbeat = setInterval(() => this.beat(), this.settings.heartbeatMs);
    const closed = () => {
      clearInterval(this.heartbeat);
      onClose();
    };
    // A client that left before this point would never fire 'close' for us.
    if (this.request.socket.destroyed) return closed();
    this.response.on('close', closed);
  }

  send(event: StreamEvent): void {
    this.lastId += 1;
    // JSON.stringify escapes newlines, so the data is always one `data:` line.
    this.write(`id: ${this.lastId}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  }

  close(): void {
    clearInterval(this.heartbeat);
    if (!this.response.writableEnded) this.response.end();
  }

  /**
   * A comment line, and a check that the session still exists: a stream opened before signing out
   * must not keep receiving that user's events (EventSource then reconnects, gets 401 and stops).
   */
  private beat(): void {
    this.write(': heartbeat\n\n');
    const { sessionStore, sessionID } = this.request;
    sessionStore?.get(sessionID, (error: unknown, session) => {
      // passport keeps the signed-in user's id under session.passport.user.
      const signedIn = (session as { passport?: { user?: unknown } } | null | undefined)?.passport?.user;
      if (!error && !signedIn) this.close();
    });
  }

  private write(chunk: string): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    this.response.write(chunk);
    // compression adds flush(); harmless when it does not compress (no-transform), vital if it ever does.
    (this.response as Response & { flush?: () => void }).flush?.();
  }
}
