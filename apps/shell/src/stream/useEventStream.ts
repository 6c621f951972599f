import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpointUrl } from '@aide/api-client';
import { STREAM_EVENT_TYPES, streamEndpoints, type StreamEvent } from '@aide/contracts';
import { createInvalidationBatch } from './invalidation-batch';
import type { StreamListeners } from './stream-listeners';

/**
 * While signed in, one EventSource on GET /api/stream: each event refetches its `invalidate`
 * paths (query keys `[path]`) and goes to the remotes' listeners. EventSource reconnects by itself
 * (server `retry:` 3 s); once it gives up (CLOSED, e.g. 401 after signing out) so do we.
 */
export function useEventStream(listeners: StreamListeners): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const source = new EventSource(endpointUrl(streamEndpoints.open));
    const batch = createInvalidationBatch((path) => void queryClient.invalidateQueries({ queryKey: [path] }));
    let opened = false;

    const onEvent = (message: MessageEvent<string>) => {
      let event: StreamEvent;
      try {
        event = JSON.parse(message.data) as StreamEvent;
      } catch {
        return;
      }
      batch.add(event.invalidate ?? []);
      listeners.emit(event);
    };
    // Events missed while reconnecting are gone: after a reconnect, refetch what is on screen.
    const onOpen = () => {
      if (opened) void queryClient.invalidateQueries();
      opened = true;
    };
    const onError = () => {
      if (source.readyState === EventSource.CLOSED) stop();
    };
    const stop = () => {
      source.close();
      batch.cancel();
      // Named events reach addEventListener(type) only, never onmessage.
      for (const type of STREAM_EVENT_TYPES) source.removeEventListener(type, onEvent);
      source.removeEventListener('open', onOpen);
      source.removeEventListener('error', onError);
    };

    for (const type of STREAM_EVENT_TYPES) source.addEventListener(type, onEvent);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    return stop;
  }, [queryClient, listeners]);
}
