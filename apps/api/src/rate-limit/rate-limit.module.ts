import { Global, Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service';

/** The rate limits' counters (RATE_LIMIT_STORE), for the sign-in throttler and the collector. */
@Global()
@Module({
  providers: [RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}
