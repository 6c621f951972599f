import type { AppNotification } from '@aide/contracts';
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
