import {
  NOTIFICATION_LIMITS,
  type NotificationKind,
  type NotificationList,
  NOTIFICATIONS_PAGE_SIZE,
} from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { StreamService } from '../stream/stream.service';
import { NotificationEntity } from './notification.entity';
import { toNotification } from './notification.mapper';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** What a producer (tasks, calendar, research, sync…) hands to notify(). */
export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body?: string | null;
  /** In-app path, e.g. '/tasks'. */
  link?: string | null;
  /** What it is about, e.g. 'task:12:<due ISO>'; a second notify() with the same user, kind and key does nothing. */
  sourceKey?: string | null;
}

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** Insert values for one notification, text cut to the column widths. */
export function notificationRow(userId: number, input: NewNotification) {
  return {
    userId,
    kind: input.kind,
    title: input.title.slice(0, NOTIFICATION_LIMITS.title),
    body: cut(input.body, NOTIFICATION_LIMITS.body),
    link: cut(input.link, NOTIFICATION_LIMITS.link),
    sourceKey: cut(input.sourceKey, NOTIFICATION_LIMITS.sourceKey),
  };
}

/** The bell's notifications. Every method is scoped to one user. */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectRepository(NotificationEntity) private readonly notifications: Repository<NotificationEntity>,
    private readonly stream: StreamService,
  ) {}

  /** Creates a notification; true if created, false if one with the same sourceKey already exists. */
  async notify(userId: number, input: NewNotification): Promise<boolean> {
    return (await this.notifyMany([{ userId, ...input }])) === 1;
  }

  /**
   * Creates several in one statement, skipping those already sent; answers how many were created.
   * Each new one goes live to its user's open streams (GET /api/stream), lighting the bell at once.
   */
  async notifyMany(items: readonly (NewNotification & { userId: number })[]): Promise<number> {
    if (items.length === 0) return 0;
    const result = await this.notifications
      .createQueryBuilder()
      .insert()
      .values(items.map((item) => notificationRow(item.userId, item)))
      // ON CONFLICT DO NOTHING on the (userId, kind, sourceKey) constraint: producers may run again safely.
      .orIgnore()
      .returning('*')
      .execute();
    const created = result.raw as NotificationEntity[];
    await this.stream.publishQuietly(
      created.map((row) => ({
        userId: row.userId,
        event: { type: 'notification', notification: toNotification(row), invalidate: ['/api/notifications'] },
      })),
    );
    return created.length;
  }

  /** The newest NOTIFICATIONS_PAGE_SIZE, and the unread count over all of them. */
  async list(userId: number): Promise<NotificationList> {
    const [rows, unreadCount] = await Promise.all([
      this.notifications.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: NOTIFICATIONS_PAGE_SIZE }),
      this.notifications.countBy({ userId, readAt: IsNull() }),
    ]);
    return { items: rows.map(toNotification), unreadCount };
  }

  /** Marks one read (keeping the first readAt if it already was). 404 if it is not the user's. */
  async markRead(userId: number, id: number): Promise<void> {
    const { affected } = await this.notifications
      .createQueryBuilder()
      .update()
      .set({ readAt: () => 'coalesce("readAt", now())' })
      .where({ id, userId })
      .execute();
    if (!affected) throw new NotFoundException(NOTIFICATION_NOT_FOUND);
  }

  async markAllRead(userId: number): Promise<void> {
    await this.notifications.update({ userId, readAt: IsNull() }, { readAt: () => 'now()' });
  }
}
