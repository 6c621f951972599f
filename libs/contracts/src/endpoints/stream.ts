import { endpoint } from '../endpoint';

export const streamEndpoints = {
  /** Server-sent events (StreamEvent in ../stream.ts) until the client closes it; opened with EventSource. */
  open: endpoint({
    method: 'GET',
    path: '/api/stream',
    response: null,
    summary: 'Server-sent events: `event:` is the StreamEvent type, `data:` its JSON; a comment heartbeat every 25 s',
  }),
};
