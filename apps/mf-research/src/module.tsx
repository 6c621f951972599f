/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { ExperimentOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import { t } from './i18n/module';

// The screen's code loads only when it is visited (this file is part of every first load).
const ResearchPage = lazy(() => import('./research/ResearchPage'));
// The dashboard's widgets share one chunk, loaded when the dashboard shows one.
const widgets = () => import('./dashboard/widgets');
const ResearchReportsStat = lazy(() => widgets().then((m) => ({ default: m.ResearchReportsStat })));
const ResearchCard = lazy(() => widgets().then((m) => ({ default: m.ResearchCard })));

export default defineModule({
  id: 'research',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/research', Component: ResearchPage }],
  // Spec sidebar order: … Email Manager (40), Research Hub (50), Social Media (60), Documents (70) …
  // Getters: the shell reads the names on each render, so they follow the language.
  nav: [
    {
      path: '/research',
      get label() {
        return t('nav.label');
      },
      icon: <ExperimentOutlined />,
      order: 50,
    },
  ],
  widgets: [
    {
      id: 'reports',
      get title() {
        return t('widget.reports');
      },
      size: 'stat',
      order: 30,
      Component: ResearchReportsStat,
    },
    {
      id: 'recent',
      get title() {
        return t('widget.recent');
      },
      size: 'half',
      order: 30,
      Component: ResearchCard,
    },
  ],
});
