import { Module } from '@nestjs/common';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { SearchController } from './search.controller';
import { SearchRegistry } from './search.registry';
import { SearchService } from './search.service';

/** GET /api/search. Domain modules import this module and register a provider (see search.registry.ts). */
@Module({
  imports: [FeatureTogglesModule],
  controllers: [SearchController],
  providers: [SearchRegistry, SearchService],
  exports: [SearchRegistry],
})
export class SearchModule {}
