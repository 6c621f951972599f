/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { MailOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import type { EmailStats } from '@aide/contracts';
import { EMAIL_STATS_QUERY_KEY } from './email/useEmails';

// Each screen's code loads only when it is visited. (This file is part of every first load, so it
// imports no sanitiser or antd components; the badge's key comes from the endpoint contract.)
const EmailPage = lazy(() => import('./email/EmailPage'));
const EmailTestPage = lazy(() => import('./email-test/EmailTestPage'));

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
      label: 'Email Manager',
      icon: <MailOutlined />,
      order: 40,
      // Spec: the Email badge is the unread count (the Inbox's unread emails), yellow, hidden at 0.
      badge: { queryKey: EMAIL_STATS_QUERY_KEY, select: (stats: EmailStats) => stats.unread, color: 'gold' },
    },
  ],
});
