import { type BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { StreamEvent } from '@aide/contracts';
import { StreamSettings } from './stream-settings';

/** One open GET /api/stream on this instance. */
export interface StreamSubscriber {
  readonly userId: number;
  send(event: StreamEvent): void;
  /** Ends the HTTP response; the subscriber then removes itself. */
  close(): void;
}

/** This instance's open streams by user: the LISTEN connection hands every event here. */
@Injectable()
export class StreamHub implements BeforeApplicationShutdown {
  // A Set keeps insertion order, so its first entry is the user's oldest stream.
  private readonly byUser = new Map<number, Set<StreamSubscriber>>();

  constructor(private readonly settings: StreamSettings) {}

  /** Registers a stream, closing the user's oldest ones beyond the cap; answers the unsubscribe. */
  add(subscriber: StreamSubscriber): () => void {
    const streams = this.byUser.get(subscriber.userId) ?? new Set<StreamSubscriber>();
    this.byUser.set(subscriber.userId, streams);
    streams.add(subscriber);
    for (const oldest of streams) {
      if (streams.size <= this.settings.maxStreamsPerUser) break;
      this.remove(oldest);
      oldest.close();
    }
    return () => this.remove(subscriber);
  }

  /** Sends to the user's streams only: the user id comes from the envelope, never from the event. */
  deliver(userId: number, event: StreamEvent): void {
    for (const subscriber of this.byUser.get(userId) ?? []) subscriber.send(event);
  }

  /** Open streams, of one user or all. */
  count(userId?: number): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let total = 0;
    for (const streams of this.byUser.values()) total += streams.size;
    return total;
  }

  /** Open streams would keep the HTTP server from closing. */
  beforeApplicationShutdown(): void {
    for (const streams of [...this.byUser.values()]) for (const subscriber of [...streams]) subscriber.close();
    this.byUser.clear();
  }

  private remove(subscriber: StreamSubscriber): void {
    const streams = this.byUser.get(subscriber.userId);
    if (!streams?.delete(subscriber)) return;
    if (streams.size === 0) this.byUser.delete(subscriber.userId);
  }
}
