import { Module } from '@nestjs/common';
import { SiteFetcher } from './site-fetcher';

/** The one way the server reaches a user's website (audits, backups, security checks, WordPress, uptime). */
@Module({
  providers: [SiteFetcher],
  exports: [SiteFetcher],
})
export class SiteFetchModule {}
