/**
 * What the shell knows of this remote before loading any of its code: routes, sidebar entries, badges,
 * dashboard widgets and slot fills, as data (labels are keys of the catalog in `catalog`). The build
 * writes it out as aide-module.json (libs/module-kit/build/module-description.ts) and module.tsx
 * builds the module from it. Plain data only: the build reads this file on its own.
 */
import type { ModuleMeta } from '@aide/module-kit';

export const meta = {
  id: 'travel',
  catalog: 'i18n/module',
  routes: ['/travel'],
  nav: [
    {
      path: '/travel',
      labelKey: 'nav.label',
      icon: 'GlobalOutlined',
      order: 80,
    },
  ],
} as const satisfies ModuleMeta;
