/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const ResearchPage = lazy(() => import('./research/ResearchPage'));

export default defineModule({
  id: 'research',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/research', Component: ResearchPage }],
  nav: [{ path: '/research', label: "Research Hub", icon: <AppstoreOutlined />, order: 50 }],
});
