/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { CloudServerOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import { t } from './i18n/module';

const WebsitePage = lazy(() => import('./website/WebsitePage'));
// The dashboard's widgets share one chunk, loaded when the dashboard shows one.
const widgets = () => import('./dashboard/widgets');
const WebsiteViewsStat = lazy(() => widgets().then((m) => ({ default: m.WebsiteViewsStat })));
const WebsiteAnalyticsCard = lazy(() => widgets().then((m) => ({ default: m.WebsiteAnalyticsCard })));

export default defineModule({
  id: 'website',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/website', Component: WebsitePage }],
  // Spec sidebar order: … Travel Planner (80), Website Manager (90).
  nav: [
    {
      path: '/website',
      // Read when the sidebar renders, so it follows the language.
      get label() {
        return t('nav.label');
      },
      icon: <CloudServerOutlined />,
      order: 90,
    },
  ],
  widgets: [
    {
      id: 'views',
      get title() {
        return t('widgets.views');
      },
      size: 'stat',
      order: 40,
      Component: WebsiteViewsStat,
    },
    {
      id: 'analytics',
      get title() {
        return t('widgets.analytics');
      },
      size: 'half',
      order: 70,
      Component: WebsiteAnalyticsCard,
    },
  ],
});
