import { Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { type NewNotification, NotificationsService } from '../notifications/notifications.service';
import { ReminderDelivery } from './reminder-delivery';
import { dueEventReminders, dueTaskReminders } from './reminder-queries';
import { type DueReminder, REMINDER_GRACE_MS, REMINDER_SWEEP_INTERVAL_MS } from './reminder-schedule';
import { eventReminderTitle, taskReminderTitle } from './reminder-text';
import { PeriodicSweep } from '../common/periodic-sweep';

/**
 * Event and task reminders (issue 23): each minute, the reminders whose time fell in
 * (now − REMINDER_GRACE_MS, now] become notifications in the bell (live through the stream), and
 * for those this process created, a Web Push and a mail (ReminderDelivery). Several API processes
 * may sweep at once: the notification insert (unique user, kind, sourceKey; ON CONFLICT DO NOTHING
 * RETURNING) decides which one delivers. Only users who may use the organiser are reminded.
 */
@Injectable()
export class ReminderSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly periodic = new PeriodicSweep('Reminder sweep', REMINDER_SWEEP_INTERVAL_MS, () => this.sweep());

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly toggles: FeatureTogglesService,
    private readonly notifications: NotificationsService,
    private readonly delivery: ReminderDelivery,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start({ runNow: true });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.periodic.stop();
  }

  /** Creates and delivers the reminders due at `now`; answers how many notifications, pushes and mails this call made. */
  async sweep(now: Date = new Date()): Promise<{ created: number; pushes: number; mails: number }> {
    const since = new Date(now.getTime() - REMINDER_GRACE_MS);
    const due = [
      ...(await dueEventReminders(this.dataSource, since, now)),
      ...(await dueTaskReminders(this.dataSource, since, now)),
    ];
    const allowed = await this.toggles.mayUseModule('organiser', due);
    const created = await this.notifications.createMany(allowed.map((reminder) => toNotification(reminder, now)));
    const { pushes, mails } = await this.delivery.deliver(created);
    return { created: created.length, pushes, mails };
  }

  /** Runs a sweep soon (an event or task just changed); one more follows a running one. */
  nudge(): void {
    this.periodic.nudge();
  }
}

/**
 * The notification for a reminder. The title says the time left as of now, rounded up to the
 * minute: on time that is the reminder's own minutes; a sweep that comes late (a restart) says
 * the truth ('starts in 4 minutes'), not the 10 it was set for.
 */
function toNotification(reminder: DueReminder, now: Date): NewNotification & { userId: number } {
  const left = Math.max(0, Math.ceil((reminder.at.getTime() - now.getTime()) / 60_000));
  const lead = Math.min(left, reminder.minutes);
  return {
    userId: reminder.userId,
    kind: reminder.kind,
    module: 'organiser',
    title:
      reminder.kind === 'event_reminder'
        ? eventReminderTitle(reminder.title, lead)
        : taskReminderTitle(reminder.title, lead),
    body: reminder.body,
    link: reminder.link,
    sourceKey: reminder.sourceKey,
  };
}
