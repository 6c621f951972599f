import type { ReactNode } from 'react';
import { AppleFilled, CalendarOutlined, GoogleOutlined, WindowsFilled } from '@ant-design/icons';
import type { CalendarProvider, SyncDirection } from '@aide/contracts';
import { labels } from '../../i18n';

/** Google's calendar has a name per language (Google Agenda, Google Kalender); the others are brands. */
export const PROVIDER_LABELS: Readonly<Record<CalendarProvider, string>> = labels({
  google: 'integrations.provider.google',
  icloud: 'integrations.provider.icloud',
  outlook: 'integrations.provider.outlook',
  caldav: 'integrations.provider.caldav',
});

/** Spec: icons are recognised for google, icloud and outlook; any other CalDAV server gets a calendar. */
export const PROVIDER_ICONS: Record<CalendarProvider, ReactNode> = {
  google: <GoogleOutlined />,
  icloud: <AppleFilled />,
  outlook: <WindowsFilled />,
  caldav: <CalendarOutlined />,
};

/** Read in the language shown now. */
export const SYNC_DIRECTION_LABELS: Readonly<Record<SyncDirection, string>> = labels({
  import: 'integrations.direction.import',
  export: 'integrations.direction.export',
  two_way: 'integrations.direction.two_way',
});
