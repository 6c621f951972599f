import type { StreamEvent } from '@aide/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../common/entity-rows';
import { encodeEnvelope } from './stream-payload';
import { STREAM_CHANNEL } from './stream-listener';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Publishes events to a user's open streams on every API instance, through pg_notify. Delivery,
 * even on this instance, goes through the LISTEN connection, so all instances see one order.
 */
@Injectable()
export class StreamService {
  private readonly logger = new Logger('StreamService');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Rejects if the database refuses it or the event is too large even compacted. */
  async publish(userId: number, event: StreamEvent): Promise<void> {
    await this.publishMany([{ userId, event }]);
  }

  /** Several events in one statement: NOTIFYs of one transaction arrive in their order. */
  async publishMany(items: readonly { userId: number; event: StreamEvent }[]): Promise<void> {
    if (items.length === 0) return;
    const payloads = items.map(({ userId, event }) => encodeEnvelope(userId, event));
    // A fixed statement after most writes: prepared, straight to the pool (no TypeORM query runner).
    await preparedQuery(
      this.dataSource,
      'aide-stream-notify',
      'SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY n',
      [STREAM_CHANNEL, payloads],
    );
  }

  /**
   * For producers whose own work already succeeded (a task saved, a notification stored): a live
   * update that cannot be sent is logged, never turned into a failed request.
   */
  async publishQuietly(items: readonly { userId: number; event: StreamEvent }[]): Promise<void> {
    try {
      await this.publishMany(items);
    } catch (error) {
      this.logger.warn(`Live update not sent: ${message(error)}`);
    }
  }
}
