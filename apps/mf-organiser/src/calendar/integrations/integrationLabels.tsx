import type { ReactNode } from 'react';
import { AppleFilled, CalendarOutlined, GoogleOutlined, WindowsFilled } from '@ant-design/icons';
import type { CalendarProvider, SyncDirection } from '@aide/contracts';

export const PROVIDER_LABELS: Record<CalendarProvider, string> = {
  google: 'Google Calendar',
  icloud: 'iCloud',
  outlook: 'Outlook',
  caldav: 'CalDAV',
};

/** Spec: icons are recognised for google, icloud and outlook; any other CalDAV server gets a calendar. */
export const PROVIDER_ICONS: Record<CalendarProvider, ReactNode> = {
  google: <GoogleOutlined />,
  icloud: <AppleFilled />,
  outlook: <WindowsFilled />,
  caldav: <CalendarOutlined />,
};

export const SYNC_DIRECTION_LABELS: Record<SyncDirection, string> = {
  import: 'Import only',
  export: 'Export only',
  two_way: 'Two-way',
};
