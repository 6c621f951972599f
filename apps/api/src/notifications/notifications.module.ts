import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { NotificationEntity } from './notification.entity';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/** The bell. Other modules import it and call NotificationsService.notify() to tell a user something. */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationEntity]), FeatureTogglesModule],
  controllers: [NotificationsController],
  providers: [NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
