/**
 * What the shell knows of this remote before loading any of its code: routes, sidebar entries, badges,
 * dashboard widgets and slot fills, as data (labels are keys of the catalog in `catalog`). The build
 * writes it out as aide-module.json (libs/module-kit/build/module-description.ts) and module.tsx
 * builds the module from it. Plain data only: the build reads this file on its own.
 */
import type { ModuleMeta } from '@aide/module-kit';

export const meta = {
  id: 'email',
  catalog: 'i18n/module',
  routes: ['/email', '/email-test'],
  nav: [
    {
      path: '/email',
      labelKey: 'nav.emailManager',
      icon: 'MailOutlined',
      order: 40,
      // Spec: the Email badge is the unread count (the Inbox's unread emails), yellow, hidden at 0.
      // Plain data the build reads on its own, so not the contract's endpoint: module.spec.ts checks it is.
      // eslint-disable-next-line no-restricted-syntax
      badge: { queryKey: ['/api/emails/stats'], select: { field: 'unread' }, color: 'gold' },
    },
  ],
  widgets: [
    { id: 'unread', titleKey: 'widgets.unread', size: 'stat', order: 20 },
    { id: 'insights', titleKey: 'widgets.insights', size: 'half', order: 40 },
  ],
  // The calendar's Integrations tab shows the email accounts too (spec §2).
  slots: [{ slot: 'calendar.integrations' }],
} as const satisfies ModuleMeta;
