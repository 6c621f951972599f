import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminFeaturesController } from './admin-features.controller';
import { FeatureToggleEntity } from './feature-toggle.entity';
import { FeatureTogglesService } from './feature-toggles.service';
import { FeaturesController } from './features.controller';

@Module({
  imports: [TypeOrmModule.forFeature([FeatureToggleEntity])],
  controllers: [AdminFeaturesController, FeaturesController],
  providers: [FeatureTogglesService],
  exports: [FeatureTogglesService],
})
export class FeatureTogglesModule {}
