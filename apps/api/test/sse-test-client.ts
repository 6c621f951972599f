import type { StreamEvent } from '@aide/contracts';

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comments: string[];
}

/** One open GET /api/stream, parsed into messages as they arrive: the bytes EventSource would see, read with node's fetch. */
export class SseTestClient {
  readonly messages: SseMessage[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private readonly controller = new AbortController();

  private constructor(readonly response: Response) {}

  static async open(url: string, cookie?: string, headers: Record<string, string> = {}): Promise<SseTestClient> {
    const controller = new AbortController();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...(cookie && { cookie }), ...headers },
      signal: controller.signal,
    });
    const client = new SseTestClient(response);
    client.controller.signal.addEventListener('abort', () => controller.abort());
    if (response.ok && response.body) void client.read(response.body);
    return client;
  }

  /** The events (named messages) so far, parsed. */
  get events(): StreamEvent[] {
    return this.messages.filter((m) => m.event && m.data).map((m) => JSON.parse(m.data!) as StreamEvent);
  }

  /** Resolves once `done()` holds, re-checked on every message; rejects after `timeoutMs`. */
  async until(done: (client: SseTestClient) => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`SSE condition not met in ${timeoutMs} ms; messages: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  /** Waits for `count` events and answers them. */
  async waitForEvents(count: number, timeoutMs?: number): Promise<StreamEvent[]> {
    await this.until((c) => c.events.length >= count, timeoutMs);
    return this.events;
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake();
  }

  private push(message: SseMessage): void {
    this.messages.push(message);
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

function parseBlock(block: string): SseMessage {
  const message: SseMessage = { comments: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) message.comments.push(line.slice(1).trim());
    const [, field, value] = /^([a-z]+): ?(.*)$/.exec(line) ?? [];
    if (field === 'id' || field === 'event' || field === 'data') message[field] = value;
    if (field === 'retry') message.retry = Number(value);
  }
  return message;
}

/** Signs a new user up over real HTTP (as a browser would) and answers their id and session cookie. */
export async function signUpOverHttp(base: string, registration: object): Promise<{ id: number; cookie: string }> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: ((await response.json()) as { id: number }).id, cookie };
}

/** The base URL of an app listening on loopback. */
export function baseUrlOf(app: { getHttpServer(): { address(): unknown } }): string {
  const address = app.getHttpServer().address() as { port: number } | string | null;
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
