/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { FolderOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';
import { t } from './i18n/module';

// The screen's code loads only when it is visited (this file is part of every first load).
const DocumentsPage = lazy(() => import('./documents/DocumentsPage'));

export default defineModule({
  id: 'documents',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/documents', Component: DocumentsPage }],
  // Spec sidebar order: … Email Manager (40), Research Hub, Social Media, Documents, Travel Planner …
  nav: [
    {
      path: '/documents',
      // Read when the sidebar renders, so it follows the language.
      get label() {
        return t('nav.label');
      },
      icon: <FolderOutlined />,
      order: 70,
    },
  ],
});
