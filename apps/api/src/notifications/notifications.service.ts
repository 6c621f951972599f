import {
  NOTIFICATION_LIMITS,
  type NotificationKind,
  type NotificationList,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsEndpoints,
} from '@aide/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, IsNull, type Repository, type WhereExpressionBuilder } from 'typeorm';
import { FeatureTogglesService } from '../feature-toggles/feature-toggles.service';
import { StreamService } from '../stream/stream.service';
import { NotificationEntity } from './notification.entity';
import { toNotification } from './notification.mapper';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** What a producer (tasks, calendar, research, sync…) hands to notify(). */
export interface NewNotification {
  kind: NotificationKind;
  /**
   * The module group that made it (a REGISTERED_MODULES id, e.g. 'website'), or null for the
   * platform's own. Required, so every producer says: while the module is locked for the user its
   * notifications are left out of the list, the unread count and the live stream (kept, not deleted).
   */
  module: string | null;
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
    module: input.module,
    title: input.title.slice(0, NOTIFICATION_LIMITS.title),
    body: cut(input.body, NOTIFICATION_LIMITS.body),
    link: cut(input.link, NOTIFICATION_LIMITS.link),
    sourceKey: cut(input.sourceKey, NOTIFICATION_LIMITS.sourceKey),
  };
}

/** A condition leaving out the notifications of the `locked` modules (platform ones, module null, always pass). */
function unlocked(alias: string | null, locked: readonly string[]): Brackets {
  const column = alias ? `${alias}.module` : 'module';
  return new Brackets((where: WhereExpressionBuilder) => {
    where.where(`${column} IS NULL`);
    if (locked.length) where.orWhere(`${column} NOT IN (:...lockedModules)`, { lockedModules: locked });
    else where.orWhere(`${column} IS NOT NULL`);
  });
}

/** The bell's notifications. Every method is scoped to one user. */
@Injectable()
export class NotificationsService {
  constructor(
    @InjectRepository(NotificationEntity) private readonly notifications: Repository<NotificationEntity>,
    private readonly stream: StreamService,
    private readonly toggles: FeatureTogglesService,
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
    return (await this.createMany(items)).length;
  }

  /**
   * notifyMany() answering the rows this call created. Across API processes the insert is the one
   * point of truth: a producer that also pushes or mails does so only for these rows, so a
   * notification another process created first is never delivered twice.
   */
  async createMany(items: readonly (NewNotification & { userId: number })[]): Promise<NotificationEntity[]> {
    if (items.length === 0) return [];
    const result = await this.notifications
      .createQueryBuilder()
      .insert()
      .values(items.map((item) => notificationRow(item.userId, item)))
      // ON CONFLICT DO NOTHING on the (userId, kind, sourceKey) constraint: producers may run again safely.
      .orIgnore()
      .returning('*')
      .execute();
    const created = result.raw as NotificationEntity[];
    const live = await this.visibleNow(created);
    await this.stream.publishQuietly(
      live.map((row) => ({
        userId: row.userId,
        event: {
          type: 'notification',
          notification: toNotification(row),
          invalidate: [notificationsEndpoints.list.path],
        },
      })),
    );
    return created;
  }

  /** The newest NOTIFICATIONS_PAGE_SIZE, and the unread count over all of them; those of a locked module left out. */
  async list(userId: number): Promise<NotificationList> {
    const locked = await this.toggles.lockedModules(userId);
    const visible = (alias: string) =>
      this.notifications.createQueryBuilder(alias).where({ userId }).andWhere(unlocked(alias, locked));
    const [rows, unreadCount] = await Promise.all([
      visible('n').orderBy('n.createdAt', 'DESC').addOrderBy('n.id', 'DESC').take(NOTIFICATIONS_PAGE_SIZE).getMany(),
      visible('n').andWhere({ readAt: IsNull() }).getCount(),
    ]);
    return { items: rows.map(toNotification), unreadCount };
  }

  /**
   * Marks one read (keeping the first readAt if it already was). 404 if it is not the user's, or
   * belongs to a module locked for them: hidden is hidden, and it comes back unread with the module.
   */
  async markRead(userId: number, id: number): Promise<void> {
    const locked = await this.toggles.lockedModules(userId);
    const { affected } = await this.notifications
      .createQueryBuilder()
      .update()
      .set({ readAt: () => 'coalesce("readAt", now())' })
      .where({ id, userId })
      .andWhere(unlocked(null, locked))
      .execute();
    if (!affected) throw new NotFoundException(NOTIFICATION_NOT_FOUND);
  }

  /** Marks every one the user sees read; a locked module's stay as they were, to reappear with it. */
  async markAllRead(userId: number): Promise<void> {
    const locked = await this.toggles.lockedModules(userId);
    await this.notifications
      .createQueryBuilder()
      .update()
      .set({ readAt: () => 'now()' })
      .where({ userId, readAt: IsNull() })
      .andWhere(unlocked(null, locked))
      .execute();
  }

  /** The new rows whose module is open to their user now (those of a locked module go to no stream). */
  private async visibleNow(rows: NotificationEntity[]): Promise<NotificationEntity[]> {
    const open = new Map<string, Set<number>>();
    for (const module of new Set(rows.flatMap((row) => (row.module ? [row.module] : [])))) {
      open.set(
        module,
        await this.toggles.usersWithModule(
          module,
          rows.filter((row) => row.module === module).map((row) => row.userId),
        ),
      );
    }
    return rows.filter((row) => row.module === null || open.get(row.module)!.has(row.userId));
  }
}
