import { Module } from '@nestjs/common';
import { OutboundPolicy } from './outbound-policy';

/** The outbound-connection policy, for every module whose clients connect where a user says. */
@Module({
  providers: [OutboundPolicy],
  exports: [OutboundPolicy],
})
export class OutboundModule {}
