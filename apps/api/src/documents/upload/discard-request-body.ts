import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long a refused upload's client may keep sending before its connection is cut. */
export const DISCARD_BODY_TIMEOUT_MS = 10_000;

/**
 * After an upload is refused part-way (413, 415, 403…): the answer goes out now, and the rest of
 * the body the client is still sending is read and thrown away, so the client sees the answer
 * rather than a reset connection, and the connection is not reused (Connection: close). A client
 * that keeps sending past DISCARD_BODY_TIMEOUT_MS has its connection closed.
 */
export function discardRequestBody(request: IncomingMessage, response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('Connection', 'close');
  if (request.readableEnded) return;
  request.unpipe();
  request.resume();
  const timer = setTimeout(() => request.socket?.destroy(), DISCARD_BODY_TIMEOUT_MS);
  timer.unref();
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
}
