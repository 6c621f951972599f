/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const TravelPage = lazy(() => import('./travel/TravelPage'));

export default defineModule({
  id: 'travel',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/travel', Component: TravelPage }],
  // Spec sidebar order: … Documents (70), Travel Planner (80), Website Manager (90).
  nav: [{ path: '/travel', label: 'Travel Planner', icon: <GlobalOutlined />, order: 80 }],
});
