import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { EndpointInterceptor } from '../common/endpoint';
import { StreamController } from './stream.controller';
import { StreamHub } from './stream-hub';
import { StreamListener } from './stream-listener';
import { StreamService } from './stream.service';
import { StreamSettings } from './stream-settings';
import { JOB_EVENT_PUBLISHER, type JobEventPublisher } from './stream.tokens';

/**
 * GET /api/stream and the publishers feeding it. Global, so any producer injects StreamService or
 * JOB_EVENT_PUBLISHER without importing this module.
 */
@Global()
@Module({
  controllers: [StreamController],
  providers: [
    StreamSettings,
    StreamHub,
    StreamListener,
    StreamService,
    // Publishes each contract-bound change's `invalidates` to the user's stream (common/endpoint).
    { provide: APP_INTERCEPTOR, useClass: EndpointInterceptor },
    {
      provide: JOB_EVENT_PUBLISHER,
      inject: [StreamService],
      useFactory:
        (stream: StreamService): JobEventPublisher =>
        (userId, event) =>
          stream.publish(userId, event),
    },
  ],
  exports: [StreamService, JOB_EVENT_PUBLISHER],
})
export class StreamModule {}
