/** What the shell loads from this remote: its screens, sidebar entries and dashboard card (see libs/module-kit). */
import { lazy } from 'react';
import { ShareAltOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import { t } from './i18n/module';

const SocialPage = lazy(() => import('./social/SocialPage'));
const SocialCard = lazy(() => import('./dashboard/SocialCard'));

export default defineModule({
  id: 'social',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/social', Component: SocialPage }],
  // Spec sidebar order: … Research Hub (50), Social Media (60), Documents (70) …
  // Getters: the shell reads the names on each render, so they follow the language.
  nav: [
    {
      path: '/social',
      get label() {
        return t('nav.label');
      },
      icon: <ShareAltOutlined />,
      order: 60,
    },
  ],
  widgets: [
    {
      id: 'performance',
      get title() {
        return t('widget.performance');
      },
      size: 'half',
      order: 60,
      Component: SocialCard,
    },
  ],
});
