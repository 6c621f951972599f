import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { SearchController } from './search.controller';
import { SearchRegistry } from './search.registry';
import { SearchService } from './search.service';

/**
 * GET /api/search over every provider marked @SearchProvider() in any module (see search.registry.ts);
 * a domain module needs no import of this one.
 */
@Module({
  imports: [DiscoveryModule, FeatureTogglesModule],
  controllers: [SearchController],
  providers: [SearchRegistry, SearchService],
})
export class SearchModule {}
