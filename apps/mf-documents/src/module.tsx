/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n/module';
import { meta } from './module.meta';

// The screen's code loads only when it is visited (this file is part of every first load).
const DocumentsPage = lazyScreen(() => import('./documents/DocumentsPage'));

export default defineModule(
  moduleFromMeta(meta, t, __AIDE_REMOTE_VERSION__, {
    routes: { '/documents': DocumentsPage },
  }),
);
