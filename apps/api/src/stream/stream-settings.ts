import { Injectable } from '@nestjs/common';

/** Tunables of the event stream; plain fields so tests can shorten them on the running app. */
@Injectable()
export class StreamSettings {
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs = 25_000;
  /** Sent as `retry:`: how long EventSource waits before reconnecting. */
  retryMs = 3_000;
  /** Open streams per user on one instance; a new one beyond this closes the oldest (a tab storm cannot exhaust the server). */
  maxStreamsPerUser = 10;
  /** First reconnect delay of the LISTEN connection; doubles per failure up to listenRetryMaxMs. */
  listenRetryMs = 500;
  listenRetryMaxMs = 30_000;
}
