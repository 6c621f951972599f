import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { TaskEntity } from './task.entity';
import { TasksController } from './tasks.controller';
import { TasksService } from './tasks.service';

@Module({
  imports: [TypeOrmModule.forFeature([TaskEntity]), FeatureTogglesModule],
  controllers: [TasksController],
  providers: [TasksService],
})
export class TasksModule {}
