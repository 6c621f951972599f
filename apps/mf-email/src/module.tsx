/** What the shell loads from this remote: its screens, sidebar entries, dashboard cards and slot fills (see libs/module-kit). */
import { lazy } from 'react';
import { MailOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import type { EmailStats } from '@aide/contracts';
import { EMAIL_STATS_QUERY_KEY } from './email/useEmails';
import { t } from './i18n/module';

// Each screen's code loads only when it is visited. (This file is part of every first load, so it
// imports no sanitiser or antd components; the badge's key comes from the endpoint contract.)
const EmailPage = lazy(() => import('./email/EmailPage'));
const EmailTestPage = lazy(() => import('./email-test/EmailTestPage'));
// The dashboard's widgets share one chunk; the calendar's Integrations tab loads the panel.
const widgets = () => import('./dashboard/widgets');
const UnreadEmailsStat = lazy(() => widgets().then((m) => ({ default: m.UnreadEmailsStat })));
const EmailInsightsCard = lazy(() => widgets().then((m) => ({ default: m.EmailInsightsCard })));
const EmailIntegrationsPanel = lazy(() => import('./integrations/EmailIntegrationsPanel'));

export default defineModule({
  id: 'email',
  version: __AIDE_REMOTE_VERSION__,
  routes: [
    { path: '/email', Component: EmailPage },
    // Spec: 'Debug Email Test Page', reached by its address (not in the sidebar).
    { path: '/email-test', Component: EmailTestPage },
  ],
  nav: [
    {
      path: '/email',
      // A getter: the sidebar reads the label in the language shown now.
      get label() {
        return t('nav.emailManager');
      },
      icon: <MailOutlined />,
      order: 40,
      // Spec: the Email badge is the unread count (the Inbox's unread emails), yellow, hidden at 0.
      badge: { queryKey: EMAIL_STATS_QUERY_KEY, select: (stats: EmailStats) => stats.unread, color: 'gold' },
    },
  ],
  widgets: [
    {
      id: 'unread',
      get title() {
        return t('widgets.unread');
      },
      size: 'stat',
      order: 20,
      Component: UnreadEmailsStat,
    },
    {
      id: 'insights',
      get title() {
        return t('widgets.insights');
      },
      size: 'half',
      order: 40,
      Component: EmailInsightsCard,
    },
  ],
  // The calendar's Integrations tab shows the email accounts too (spec §2).
  slots: [{ slot: 'calendar.integrations', Component: EmailIntegrationsPanel }],
});
