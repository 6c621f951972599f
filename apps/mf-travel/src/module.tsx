/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import { t } from './i18n/module';

const TravelPage = lazy(() => import('./travel/TravelPage'));

export default defineModule({
  id: 'travel',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/travel', Component: TravelPage }],
  // Spec sidebar order: … Documents (70), Travel Planner (80), Website Manager (90).
  nav: [
    {
      path: '/travel',
      // Read when the sidebar renders, so it follows the language.
      get label() {
        return t('nav.label');
      },
      icon: <GlobalOutlined />,
      order: 80,
    },
  ],
});
