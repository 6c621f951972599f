import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, type Notification } from 'pg';
import type { Env } from '../config/env.schema';
import { decodeEnvelope } from './stream-payload';
import { StreamHub } from './stream-hub';
import { StreamSettings } from './stream-settings';

/** The NOTIFY channel every API instance publishes to and listens on. */
export const STREAM_CHANNEL = 'aide_stream';

/**
 * One dedicated Postgres connection per instance, LISTENing on STREAM_CHANNEL, so an event
 * published by any instance reaches the streams open on this one. Pooled connections cannot
 * LISTEN (they change hands). If it drops, it reconnects with exponential backoff; events
 * published meanwhile are missed (clients catch up on their next invalidation).
 */
@Injectable()
export class StreamListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('StreamListener');
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly hub: StreamHub,
    private readonly settings: StreamSettings,
  ) {}

  /** The backend pid of the LISTEN connection, or null while (re)connecting. */
  get backendPid(): number | null {
    return (this.client as { processID?: number } | undefined)?.processID ?? null;
  }

  /** The first attempt is awaited, so streams opened right after start-up miss nothing; a failure only schedules retries. */
  async onApplicationBootstrap(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const url = this.config.get('DATABASE_URL', { infer: true });
    const client = new Client({ connectionString: url, application_name: 'aide-api-stream' });
    client.on('notification', (message) => this.receive(message));
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => this.dropped(client, error.message));
    client.on('end', () => this.dropped(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${STREAM_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.logger.warn(`LISTEN ${STREAM_CHANNEL} failed: ${error instanceof Error ? error.message : String(error)}`);
      return this.retry();
    }
    if (this.stopped) return void (await client.end().catch(() => undefined));
    if (this.failures > 0) this.logger.log(`LISTEN ${STREAM_CHANNEL} restored`);
    this.failures = 0;
    this.client = client;
  }

  private receive(message: Notification): void {
    if (message.channel !== STREAM_CHANNEL) return;
    const envelope = decodeEnvelope(message.payload);
    if (envelope) this.hub.deliver(envelope.userId, envelope.event);
  }

  /** Only the current connection's loss counts (a failed attempt is handled where it failed). */
  private dropped(client: Client, reason: string): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(`LISTEN connection lost (${reason}); reconnecting`);
    this.retry();
  }

  private retry(): void {
    if (this.stopped) return;
    const delay = Math.min(this.settings.listenRetryMaxMs, this.settings.listenRetryMs * 2 ** this.failures);
    this.failures += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }
}
