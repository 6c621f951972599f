import type { AppNotification, NotificationList } from '@aide/contracts';
import { serverMessage } from '../common/server-messages';
import type { NotificationEntity } from './notification.entity';

/** The API's view of a notification row: the contract's AppNotification, dates as ISO strings. */
export function toNotification(entity: NotificationEntity): AppNotification {
  return {
    id: entity.id,
    kind: entity.kind,
    title: entity.title,
    body: entity.body,
    link: entity.link,
    readAt: entity.readAt?.toISOString() ?? null,
    createdAt: entity.createdAt.toISOString(),
  };
}

/** The notifications' title and body in `locale` (they are stored in English, the catalogs' keys). */
export function localizeNotifications(list: NotificationList, locale: string): NotificationList {
  if (locale === 'en') return list;
  return {
    ...list,
    items: list.items.map((item) => ({
      ...item,
      title: serverMessage(item.title, locale),
      body: item.body === null ? null : serverMessage(item.body, locale),
    })),
  };
}
