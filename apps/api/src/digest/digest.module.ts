import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AccountModule } from '../account/account.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { DigestController } from './digest.controller';
import { DigestRegistry } from './digest.registry';
import { DigestService } from './digest.service';
import { DigestSweep } from './digest-sweep';

/**
 * The weekly digest by mail (issue 27). The modules' sections are the providers marked
 * @DigestSource (digest-source.ts) in their own folders, found at start: no domain module imports
 * this one, and this one imports none of them.
 */
@Module({
  imports: [FeatureTogglesModule, DiscoveryModule, AccountModule],
  controllers: [DigestController],
  providers: [DigestRegistry, DigestService, DigestSweep],
  exports: [DigestService],
})
export class DigestModule {}
