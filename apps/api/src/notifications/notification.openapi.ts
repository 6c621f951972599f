import { type AppNotification, NOTIFICATION_KINDS, type NotificationList } from '@aide/contracts';
import type { SchemaObject } from '@nestjs/swagger';

/** The notification contracts are plain interfaces; these schemas are checked against their keys. */
const item = {
  id: { type: 'integer' },
  kind: { type: 'string', enum: [...NOTIFICATION_KINDS] },
  title: { type: 'string', example: 'Task due soon: Write report' },
  body: { type: 'string', nullable: true },
  link: { type: 'string', nullable: true, example: '/tasks' },
  readAt: { type: 'string', format: 'date-time', nullable: true },
  createdAt: { type: 'string', format: 'date-time' },
} satisfies Record<keyof AppNotification, SchemaObject>;

const list = {
  items: { type: 'array', items: { type: 'object', properties: item, required: Object.keys(item) } },
  unreadCount: { type: 'integer' },
} satisfies Record<keyof NotificationList, SchemaObject>;

export const NOTIFICATION_LIST_OPENAPI: SchemaObject = {
  type: 'object',
  properties: list,
  required: Object.keys(list),
};
