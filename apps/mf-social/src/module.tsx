/** What the shell loads from this remote: its screens, sidebar entries and dashboard card (see libs/module-kit). */
import { lazy } from 'react';
import { ShareAltOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const SocialPage = lazy(() => import('./social/SocialPage'));
const SocialCard = lazy(() => import('./dashboard/SocialCard'));

export default defineModule({
  id: 'social',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/social', Component: SocialPage }],
  // Spec sidebar order: … Research Hub (50), Social Media (60), Documents (70) …
  nav: [{ path: '/social', label: 'Social Media', icon: <ShareAltOutlined />, order: 60 }],
  widgets: [{ id: 'performance', title: 'Social Media', size: 'half', order: 60, Component: SocialCard }],
});
