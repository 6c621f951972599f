import { Module } from '@nestjs/common';
import { OutboundModule } from '../../outbound/outbound.module';
import { SiteFetcher } from './site-fetcher';

/** The one way the server reaches a user's website (audits, backups, security checks, WordPress, uptime). */
@Module({
  imports: [OutboundModule],
  providers: [SiteFetcher],
  exports: [SiteFetcher],
})
export class SiteFetchModule {}
