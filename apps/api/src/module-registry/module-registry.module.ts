import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { BuiltInModuleDescriptions } from './built-in-descriptions';
import { AdminModulesController } from './admin-modules.controller';
import { ModuleRegistryController } from './module-registry.controller';
import { ModuleRegistryService } from './module-registry.service';
import { ModuleSourceEntity } from './module-source.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ModuleSourceEntity]), FeatureTogglesModule],
  controllers: [ModuleRegistryController, AdminModulesController],
  providers: [ModuleRegistryService, BuiltInModuleDescriptions],
})
export class ModuleRegistryModule {}
