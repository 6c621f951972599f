/** What the shell loads from this remote: its screens and sidebar entries (see libs/module-kit). */
import { lazy } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const DocumentsPage = lazy(() => import('./documents/DocumentsPage'));

export default defineModule({
  id: 'documents',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/documents', Component: DocumentsPage }],
  nav: [{ path: '/documents', label: "Documents", icon: <AppstoreOutlined />, order: 50 }],
});
