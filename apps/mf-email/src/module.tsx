/** What the shell loads from this remote: its screens, sidebar entries, dashboard cards and slot fills (see libs/module-kit). */
import { lazy } from 'react';
import { defineModule, lazyScreen, moduleFromMeta } from '@aide/module-kit';
import { t } from './i18n/module';
import { meta } from './module.meta';

// Each screen's code loads only when it is visited. (This file is part of every first load, so it
// imports no sanitiser or antd components; its module.spec checks the badge's key against the contract.)
const EmailPage = lazyScreen(() => import('./email/EmailPage'));
const EmailTestPage = lazyScreen(() => import('./email-test/EmailTestPage'));
// The dashboard's widgets share one chunk; the calendar's Integrations tab loads the panel.
const widgets = () => import('./dashboard/widgets');
const UnreadEmailsStat = lazy(() => widgets().then((m) => ({ default: m.UnreadEmailsStat })));
const EmailInsightsCard = lazy(() => widgets().then((m) => ({ default: m.EmailInsightsCard })));
const EmailIntegrationsPanel = lazy(() => import('./integrations/EmailIntegrationsPanel'));

export default defineModule(
  moduleFromMeta(meta, t, __AIDE_REMOTE_VERSION__, {
    routes: { '/email': EmailPage, '/email-test': EmailTestPage },
    widgets: {
      unread: UnreadEmailsStat,
      insights: EmailInsightsCard,
    },
    slots: [EmailIntegrationsPanel],
  }),
);
