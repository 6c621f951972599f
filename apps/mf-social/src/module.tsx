/** What the shell loads from this remote: its screens, sidebar entries and dashboard card (see libs/module-kit). */
import { lazy } from 'react';
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n/module';
import { meta } from './module.meta';

const SocialPage = lazyScreen(() => import('./social/SocialPage'));
const SocialCard = lazy(() => import('./dashboard/SocialCard'));

export default defineModule(
  moduleFromMeta(meta, t, __AIDE_REMOTE_VERSION__, {
    routes: { '/social': SocialPage },
    widgets: {
      performance: SocialCard,
    },
  }),
);
