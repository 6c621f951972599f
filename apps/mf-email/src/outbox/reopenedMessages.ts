/**
 * Where a message taken back from the outbox (Undo after Send, Cancel in the Scheduled tab) goes:
 * to whoever edits messages — the compose window subscribes with `useReopenedMessages` (or
 * `onReopenedMessage`) and opens it. A message taken back while nobody listens waits here and is
 * handed to the first listener, so a compose window that mounts afterwards still gets it.
 */
import { useEffect, useRef } from 'react';
import type { ComposedMessage } from '@aide/contracts';

export type ReopenedMessageListener = (message: ComposedMessage) => void;

const listeners = new Set<ReopenedMessageListener>();
let waiting: ComposedMessage[] = [];

/** Hands the message to the listeners, or keeps it for the first one to come. */
export function reopenMessage(message: ComposedMessage): void {
  if (listeners.size === 0) {
    waiting.push(message);
    return;
  }
  for (const listener of [...listeners]) listener(message);
}

/** Subscribes; messages that were waiting are handed over at once. Answers the unsubscribe. */
export function onReopenedMessage(listener: ReopenedMessageListener): () => void {
  listeners.add(listener);
  const pending = waiting;
  waiting = [];
  for (const message of pending) listener(message);
  return () => void listeners.delete(listener);
}

/** The hook form, for the compose window: `useReopenedMessages((message) => openCompose(message))`. */
export function useReopenedMessages(listener: ReopenedMessageListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onReopenedMessage((message) => latest.current(message)), []);
}

/** Messages taken back that no listener has received yet (how many; for tests and a hint in the UI). */
export function waitingReopenedMessages(): number {
  return waiting.length;
}
