import path from 'node:path';
import { defineRemoteConfig } from '../../libs/module-kit/build/federation';

export default defineRemoteConfig(import.meta.dirname, {
  id: 'email',
  exposes: {
    './module': path.join(import.meta.dirname, 'src/module.tsx'),
    // The calendar's Integrations tab (mf-organiser) loads this with loadRemote('email/EmailIntegrationsPanel').
    './EmailIntegrationsPanel': path.join(import.meta.dirname, 'src/integrations/EmailIntegrationsPanel.tsx'),
  },
});
