/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n/module';
import { meta } from './module.meta';

const TravelPage = lazyScreen(() => import('./travel/TravelPage'));

export default defineModule(
  moduleFromMeta(meta, t, __AIDE_REMOTE_VERSION__, {
    routes: { '/travel': TravelPage },
  }),
);
