/** What the shell loads from this remote: its screens, sidebar entries and dashboard cards (see libs/module-kit). */
import { lazy } from 'react';
import { CloudServerOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

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
  nav: [{ path: '/website', label: 'Website Manager', icon: <CloudServerOutlined />, order: 90 }],
  widgets: [
    { id: 'views', title: 'Website Views', size: 'stat', order: 40, Component: WebsiteViewsStat },
    { id: 'analytics', title: 'Website Analytics', size: 'half', order: 70, Component: WebsiteAnalyticsCard },
  ],
});
