import { Module } from '@nestjs/common';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { ModuleRegistryController } from './module-registry.controller';
import { ModuleRegistryService } from './module-registry.service';

@Module({
  imports: [FeatureTogglesModule],
  controllers: [ModuleRegistryController],
  providers: [ModuleRegistryService],
})
export class ModuleRegistryModule {}
