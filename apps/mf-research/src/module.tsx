/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n/module';
import { meta } from './module.meta';

// The screen's code loads only when it is visited (this file is part of every first load).
const ResearchPage = lazyScreen(() => import('./research/ResearchPage'));
// The dashboard's widgets share one chunk, loaded when the dashboard shows one.
const widgets = () => import('./dashboard/widgets');
const ResearchReportsStat = lazy(() => widgets().then((m) => ({ default: m.ResearchReportsStat })));
const ResearchCard = lazy(() => widgets().then((m) => ({ default: m.ResearchCard })));

export default defineModule(
  moduleFromMeta(meta, t, __AIDE_REMOTE_VERSION__, {
    routes: { '/research': ResearchPage },
    widgets: {
      reports: ResearchReportsStat,
      recent: ResearchCard,
    },
  }),
);
