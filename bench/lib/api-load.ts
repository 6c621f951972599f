/**
 * One load round with autocannon: fixed connections, no pipelining, for a fixed time. Latency
 * percentiles are computed here from every response's time (autocannon's own summary has no p95),
 * and every response that is not 2xx, every connection error and every timeout is counted, so a
 * round of 401s or 429s cannot pass for a fast one.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fresh body for each request (e.g. a unique title). */
  body?: () => string;
  seconds: number;
  connections: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  responses: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Count per status code, e.g. { 200: 5120 }. */
  statuses: Record<number, number>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const method = options.method ?? 'GET';
  const url = new URL(options.url);
  const instance = autocannon({
    url: url.origin,
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
    timeout: 10,
    headers: options.headers,
    requests: [
      {
        method,
        path: url.pathname + url.search,
        ...(options.body && {
          setupRequest: (request: autocannon.Request) => ({ ...request, body: options.body!() }),
        }),
      },
    ],
    // Without a callback autocannon's instance is also a promise of its result (the types only say the latter).
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  const started = performance.now();
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses).reduce(
    (n, [status, count]) => (Number(status) >= 200 && Number(status) < 300 ? n + count : n),
    0,
  );
  return {
    requestsPerSecond: ok / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    responses: latencies.length,
    non2xx: latencies.length - ok,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}
