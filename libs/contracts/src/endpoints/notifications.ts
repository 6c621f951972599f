import { endpoint } from '../endpoint';
import { notificationListSchema, NOTIFICATIONS_PAGE_SIZE } from '../notifications';

const NOTIFICATIONS = ['/api/notifications'] as const;

/** The header's bell: part of the shell, so any signed-in user has it whatever their modules. */
export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    response: notificationListSchema,
    summary: `The newest ${NOTIFICATIONS_PAGE_SIZE}, newest first, and the unread count over all`,
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    status: 204,
    response: null,
    invalidates: NOTIFICATIONS,
    summary: "Every one of the user's notifications is read",
  }),
  read: endpoint({
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    status: 204,
    response: null,
    invalidates: NOTIFICATIONS,
    entity: 'notification',
    summary: 'Marked read (already read ones keep their first readAt)',
  }),
};
