/**
 * What the shell knows of this remote before loading any of its code: routes, sidebar entries, badges,
 * dashboard widgets and slot fills, as data (labels are keys of the catalog in `catalog`). The build
 * writes it out as aide-module.json (libs/module-kit/build/module-description.ts) and module.tsx
 * builds the module from it. Plain data only: the build reads this file on its own.
 */
import type { ModuleMeta } from '@aide/module-kit';

export const meta = {
  id: 'organiser',
  catalog: 'i18n',
  routes: ['/', '/tasks', '/calendar'],
  nav: [
    {
      path: '/',
      labelKey: 'nav.dashboard',
      icon: 'DashboardOutlined',
      order: 10,
    },
    {
      path: '/tasks',
      labelKey: 'nav.tasks',
      icon: 'UnorderedListOutlined',
      order: 20,
      // Spec: the Tasks badge counts tasks that are not completed (hidden at 0).
      // Plain data the build reads on its own, so not the contract's endpoint: module.spec.ts checks it is.
      // eslint-disable-next-line no-restricted-syntax
      badge: { queryKey: ['/api/tasks'], select: { countWhereNot: { status: 'completed' } } },
    },
    {
      path: '/calendar',
      labelKey: 'nav.calendar',
      icon: 'CalendarOutlined',
      order: 30,
    },
  ],
  widgets: [
    { id: 'briefing', titleKey: 'widget.briefing', size: 'full', order: 1 },
    { id: 'today-tasks', titleKey: 'widget.todayTasks', size: 'stat', order: 10 },
    { id: 'schedule', titleKey: 'widget.schedule', size: 'half', order: 10 },
    { id: 'quick-actions', titleKey: 'widget.quickActions', size: 'half', order: 20 },
    { id: 'priority-tasks', titleKey: 'widget.priorityTasks', size: 'half', order: 50 },
  ],
} as const satisfies ModuleMeta;
