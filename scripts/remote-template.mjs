// The files of a new federated remote (what `npm run new-remote` writes into apps/mf-<id>). Also
// used by apps/e2e/tests/composition.spec.ts, which builds a throwaway remote from it at test time.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The placeholder line of a new module's page and card, in the six languages. */
const COMING_SOON = {
  en: 'Coming soon',
  es: 'Próximamente',
  fr: 'Bientôt disponible',
  de: 'Demnächst verfügbar',
  ja: '近日公開',
  zh: '即将推出',
};

/**
 * The remote's files by path relative to its folder. The folder must sit two levels below the
 * repository root (apps/mf-<id>): its tsconfig and Rsbuild config reach the root by '../../'.
 * @param {{ id: string; title: string }} module
 * @returns {Record<string, string>}
 */
export function remoteFiles({ id, title }) {
  const organiser = JSON.parse(fs.readFileSync(path.join(root, 'apps/mf-organiser/package.json'), 'utf8'));
  const pascal = id.charAt(0).toUpperCase() + id.slice(1);
  const route = `/${id}`;
  return {
    'package.json':
      JSON.stringify({ ...organiser, name: `@aide/mf-${id}`, description: `Remote: ${title}` }, null, 2) + '\n',
    'tsconfig.json': fs.readFileSync(path.join(root, 'apps/mf-organiser/tsconfig.json'), 'utf8'),
    'rsbuild.config.ts': `import { defineRemoteConfig } from '../../libs/module-kit/build/federation';\n\nexport default defineRemoteConfig(import.meta.dirname, { id: '${id}' });\n`,
    'src/index.ts': `// Async boundary: shared singletons are negotiated with the host before any app code runs.\nimport('./bootstrap');\n`,
    'src/bootstrap.tsx': fs
      .readFileSync(path.join(root, 'apps/mf-organiser/src/bootstrap.tsx'), 'utf8')
      .replaceAll('organiser', id),
    'src/module.tsx': `/**
 * What the shell loads from this remote (see libs/module-kit): its screens, its sidebar entries, its
 * cards on the dashboard and what it puts into other modules' slots.
 */
import { lazy } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const ${pascal}Page = lazy(() => import('./${id}/${pascal}Page'));
const ${pascal}Card = lazy(() => import('./dashboard/${pascal}Card'));

export default defineModule({
  id: '${id}',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '${route}', Component: ${pascal}Page }],
  nav: [{ path: '${route}', label: ${JSON.stringify(title)}, icon: <AppstoreOutlined />, order: 50 }],
  // Cards on the dashboard. Each loads its own data; a user's saved layout keys it '${id}.<id>'.
  // size: 'stat' (one figure in the top strip), 'half' (one grid column) or 'full' (both columns).
  widgets: [{ id: 'overview', title: ${JSON.stringify(title)}, size: 'half', order: 50, Component: ${pascal}Card }],
  // Panels in other modules' named slots (the names are SLOT_NAMES in libs/module-kit), e.g. one on
  // Calendar → Integrations:
  //   const ${pascal}CalendarPanel = lazy(() => import('./integrations/${pascal}CalendarPanel'));
  //   slots: [{ slot: 'calendar.integrations', order: 50, Component: ${pascal}CalendarPanel }],
});
`,
    // Its texts in the six languages (see @aide/i18n). The title starts in English everywhere: translate it.
    'src/i18n/index.ts': `import { defineNamespace } from '@aide/i18n';
import en from './en.json';

export const { useT, t } = defineNamespace('${id}', en, {
  es: () => import('./es.json'),
  fr: () => import('./fr.json'),
  de: () => import('./de.json'),
  ja: () => import('./ja.json'),
  zh: () => import('./zh.json'),
});
`,
    ...Object.fromEntries(
      Object.entries(COMING_SOON).map(([language, soon]) => [
        `src/i18n/${language}.json`,
        JSON.stringify({ title, comingSoon: soon }, null, 2) + '\n',
      ]),
    ),
    [`src/${id}/${pascal}Page.tsx`]: `import { PageHeader } from '@aide/ui';
import { useT } from '../i18n';

export default function ${pascal}Page() {
  const t = useT();
  return <PageHeader title={t('title')} subtitle={t('comingSoon')} />;
}
`,
    [`src/dashboard/${pascal}Card.tsx`]: `import { Card, Typography } from 'antd';
import { useT } from '../i18n';

/**
 * This module's dashboard card: a region named by its title, as every dashboard card is. The shell
 * isolates it: if it throws, only this card shows a fallback.
 */
export default function ${pascal}Card() {
  const t = useT();
  return (
    <Card role="region" aria-label={t('title')} title={t('title')} style={{ height: '100%' }}>
      <Typography.Text type="secondary">{t('comingSoon')}</Typography.Text>
    </Card>
  );
}
`,
  };
}

/** Writes the files into `dir`. */
export function writeRemote(dir, files) {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}
