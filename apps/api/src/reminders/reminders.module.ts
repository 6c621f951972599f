import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { FeatureTogglesModule } from '../feature-toggles/feature-toggles.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PushModule } from '../push/push.module';
import { ReminderDelivery } from './reminder-delivery';
import { ReminderNudger } from './reminder-nudger';
import { ReminderSweep } from './reminder-sweep';

/** Event and task reminders: into the bell, and by Web Push and mail where the user wants them. */
@Module({
  imports: [FeatureTogglesModule, NotificationsModule, PushModule, AccountModule],
  providers: [ReminderSweep, ReminderDelivery, ReminderNudger],
  exports: [ReminderSweep],
})
export class RemindersModule {}
