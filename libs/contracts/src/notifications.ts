import { z } from 'zod';

/** What a notification is about; the bell shows an icon per kind. */
export const NOTIFICATION_KINDS = [
  'task_due',
  'task_reminder',
  'event_reminder',
  'research_finished',
  'sync_failed',
  'system',
  // Issue 27: the morning briefing (sourceKey 'briefing:<local date>').
  'daily_briefing',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The bell lists at most this many, newest first. */
export const NOTIFICATIONS_PAGE_SIZE = 50;

/** One notification as GET /api/notifications returns it. */
export interface AppNotification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  /** An in-app path to open when it is clicked, e.g. '/tasks'. */
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

/** GET /api/notifications. */
export interface NotificationList {
  items: AppNotification[];
  /** Unread across all of the user's notifications, not only the listed ones. */
  unreadCount: number;
}

/** Column widths: notify() cuts longer text to these, so a producer's long title never fails. */
export const NOTIFICATION_LIMITS = { title: 300, body: 2000, link: 500, sourceKey: 200, module: 40 } as const;

export const appNotificationSchema: z.ZodType<AppNotification> = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

export const notificationListSchema: z.ZodType<NotificationList> = z.object({
  items: z.array(appNotificationSchema),
  unreadCount: z.number().int(),
});
