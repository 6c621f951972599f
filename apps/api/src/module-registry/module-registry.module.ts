import { Module } from '@nestjs/common';
import { ModuleRegistryController } from './module-registry.controller';
import { ModuleRegistryService } from './module-registry.service';

@Module({
  controllers: [ModuleRegistryController],
  providers: [ModuleRegistryService],
})
export class ModuleRegistryModule {}
