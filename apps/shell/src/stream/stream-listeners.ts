import type { StreamEvent } from '@aide/contracts';
import type { StreamEventListener } from '@aide/module-kit';

/** The remotes' listeners to live events (HostApi.onStreamEvent); one set per signed-in shell. */
export class StreamListeners {
  private readonly listeners = new Set<StreamEventListener>();

  /** Adds a listener; answers its removal. */
  readonly subscribe = (listener: StreamEventListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** One remote's failing listener must not keep the event from the others. */
  emit(event: StreamEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // eslint-disable-next-line no-restricted-syntax -- a developer's log, not a text anyone reads on screen
        console.error('A stream event listener failed', error);
      }
    }
  }
}
