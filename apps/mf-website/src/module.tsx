/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n/module';
import { meta } from './module.meta';

const WebsitePage = lazyScreen(() => import('./website/WebsitePage'));
// The dashboard's widgets share one chunk, loaded when the dashboard shows one.
const widgets = () => import('./dashboard/widgets');
const WebsiteViewsStat = lazy(() => widgets().then((m) => ({ default: m.WebsiteViewsStat })));
const WebsiteAnalyticsCard = lazy(() => widgets().then((m) => ({ default: m.WebsiteAnalyticsCard })));

export default defineModule(
  moduleFromMeta(meta, t, __AIDE_REMOTE_VERSION__, {
    routes: { '/website': WebsitePage },
    widgets: {
      views: WebsiteViewsStat,
      analytics: WebsiteAnalyticsCard,
    },
  }),
);
