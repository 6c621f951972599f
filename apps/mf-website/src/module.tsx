/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { CloudServerOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const WebsitePage = lazy(() => import('./website/WebsitePage'));

export default defineModule({
  id: 'website',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/website', Component: WebsitePage }],
  // Spec sidebar order: … Travel Planner (80), Website Manager (90).
  nav: [{ path: '/website', label: 'Website Manager', icon: <CloudServerOutlined />, order: 90 }],
});
