/**
 * What the shell knows of this remote before loading any of its code: routes, sidebar entries, badges,
 * dashboard widgets and slot fills, as data (labels are keys of the catalog in `catalog`). The build
 * writes it out as aide-module.json (libs/module-kit/build/module-description.ts) and module.tsx
 * builds the module from it. Plain data only: the build reads this file on its own.
 */
import type { ModuleMeta } from '@aide/module-kit';

export const meta = {
  id: 'research',
  catalog: 'i18n/module',
  routes: ['/research'],
  nav: [
    {
      path: '/research',
      labelKey: 'nav.label',
      icon: 'ExperimentOutlined',
      order: 50,
    },
  ],
  widgets: [
    { id: 'reports', titleKey: 'widget.reports', size: 'stat', order: 30 },
    { id: 'recent', titleKey: 'widget.recent', size: 'half', order: 30 },
  ],
} as const satisfies ModuleMeta;
