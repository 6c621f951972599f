import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../outbound/outbound.module';
import { PushController } from './push.controller';
import { PushService } from './push.service';
import { PushSubscriptionEntity } from './push-subscription.entity';

/** Web Push to the user's browsers; the reminders import PushService to send. */
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscriptionEntity]), OutboundModule],
  controllers: [PushController],
  providers: [PushService],
  exports: [PushService],
})
export class PushModule {}
