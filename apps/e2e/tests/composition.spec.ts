import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { FeatureToggle } from '@aide/contracts';
import { serveFolder, type StaticServer } from '../static-server';
import { PROBE_MODULE } from '../probe-module';
import { adminPage, dashboardGreeting, fingerprint, signUpViaApi } from './helpers';

const root = path.resolve(__dirname, '../../..');

/** The built apps the new module must not need rebuilt: the shell and the organiser, whose dashboard and calendar it joins. */
const untouched = () => ({
  shell: fingerprint(path.join(root, 'apps/shell/dist')),
  organiser: fingerprint(path.join(root, 'apps/mf-organiser/dist')),
});

async function toggleNamed(request: APIRequestContext, name: string): Promise<FeatureToggle | undefined> {
  const res = await request.get('/api/admin/features');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as FeatureToggle[]).find((t) => t.name === name);
}

async function setModuleEnabled(request: APIRequestContext, id: string, enabled: boolean) {
  const toggle = await toggleNamed(request, `module.${id}`);
  const res = toggle
    ? await request.patch(`/api/admin/features/${toggle.id}`, { data: { enabled } })
    : await request.post('/api/admin/features', { data: { name: `module.${id}`, enabled } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The module's own source: the generated remote, with a working card, a card that throws and a Calendar panel. */
const PROBE_MODULE_SOURCE = `import { lazy } from 'react';
import { Card, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { defineModule } from '@aide/module-kit';

const ProbePage = lazy(() => import('./probe/ProbePage'));
const ProbeCard = lazy(() => import('./dashboard/ProbeCard'));

function BrokenProbeCard(): never {
  throw new Error('The broken probe card throws on purpose');
}

function ProbeCalendarPanel() {
  return (
    <Card title="Probe calendar sync">
      <Typography.Text>Probe keeps your calendar in step</Typography.Text>
    </Card>
  );
}

export default defineModule({
  id: 'probe',
  version: __AIDE_REMOTE_VERSION__,
  routes: [{ path: '/probe', Component: ProbePage }],
  nav: [{ path: '/probe', label: 'Probe Module', icon: <AppstoreOutlined />, order: 50 }],
  widgets: [
    { id: 'overview', title: 'Probe Module', size: 'half', order: 50, Component: ProbeCard },
    { id: 'broken', title: 'Broken probe card', size: 'half', order: 60, Component: BrokenProbeCard },
  ],
  slots: [{ slot: 'calendar.integrations', Component: ProbeCalendarPanel }],
});
`;

async function openCalendarIntegrations(page: Page) {
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Calendar' }).click();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar Integrations' })).toBeVisible();
}

/** A dashboard card: a region named by its title. */
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

// The organiser's own cards, which stay whatever other modules contribute.
const organiserCards = ["Today's Schedule", 'Priority Tasks', 'Quick Actions'];
async function expectOrganiserCards(page: Page) {
  for (const title of organiserCards) await expect(card(page, title)).toBeVisible();
}

test.describe('a module added later', () => {
  let admin: Page;
  let cdn: StaticServer | undefined;
  /** Where the throwaway remote's sources and build live: two levels below the root, as apps/mf-<id>. */
  let workDir: string;
  let before: ReturnType<typeof untouched>;

  // Building the remote is its team's work, not the user's: it gets its own time.
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    before = untouched();
    // The same files `npm run new-remote` writes, then the module's own code.
    workDir = fs.mkdtempSync(path.join(root, 'tmp', 'e2e-mf-probe-'));
    const template = (await import(pathToFileURL(path.join(root, 'scripts/remote-template.mjs')).href)) as {
      remoteFiles: (module: { id: string; title: string }) => Record<string, string>;
      writeRemote: (dir: string, files: Record<string, string>) => void;
    };
    template.writeRemote(workDir, {
      ...template.remoteFiles(PROBE_MODULE),
      'src/module.tsx': PROBE_MODULE_SOURCE,
    });
    // Run with this Node (the one running Playwright): `npx` would look for rsbuild in the new folder.
    await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'],
      {
        cwd: workDir,
      },
    );
    cdn = await serveFolder(path.join(workDir, 'dist'));

    // Registered like any module (the registry line comes from AIDE_E2E_EXTRA_MODULES, see
    // playwright.config.ts): an admin says where its remote is served and switches its toggle on.
    admin = await adminPage(browser);
    const source = await admin.request.patch(`/api/admin/modules/${PROBE_MODULE.id}`, {
      data: { manifestUrl: `${cdn.url}/mf-manifest.json` },
    });
    expect(source.status(), await source.text()).toBe(200);
    await setModuleEnabled(admin.request, PROBE_MODULE.id, true);
  });

  test.afterAll(async () => {
    if (admin) {
      await setModuleEnabled(admin.request, PROBE_MODULE.id, false);
      await admin.request.patch(`/api/admin/modules/${PROBE_MODULE.id}`, { data: { manifestUrl: null } });
      await admin.context().close();
    }
    await cdn?.close();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  test('a module added later shows its dashboard card and fills a slot with no edit outside its own remote and the registry', async ({
    page,
  }) => {
    await signUpViaApi(page, 'Nova', 'Newmodule');
    await page.goto('/');
    await expect(dashboardGreeting(page)).toBeVisible();
    await expect(card(page, 'Probe Module').getByText('Coming soon')).toBeVisible();

    await openCalendarIntegrations(page);
    await expect(page.getByText('Probe calendar sync')).toBeVisible();
    await expect(page.getByText('Probe keeps your calendar in step')).toBeVisible();

    // Neither the shell nor the organiser was rebuilt for it.
    expect(untouched()).toEqual(before);
  });

  test('a remote whose card throws leaves the rest of the dashboard working', async ({ page }) => {
    await signUpViaApi(page, 'Bree', 'Brokencard');
    await page.goto('/');
    await expect(dashboardGreeting(page)).toBeVisible();

    const broken = card(page, 'Broken probe card');
    await expect(broken.getByText('Broken probe card could not be shown')).toBeVisible();
    await expect(broken.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The same module's other card, and the organiser's own, still show.
    await expect(card(page, 'Probe Module').getByText('Coming soon')).toBeVisible();
    await expectOrganiserCards(page);

    // Retry loads the module afresh; the card still throws, so its fallback comes back, nothing else changes.
    await broken.getByRole('button', { name: 'Retry' }).click();
    await expect(broken.getByText('Broken probe card could not be shown')).toBeVisible();
    await expectOrganiserCards(page);
  });
});

test.describe('switching a module off', () => {
  let admin: Page;
  test.beforeEach(async ({ browser }) => {
    admin = await adminPage(browser);
  });
  test.afterEach(async () => {
    // Leave email as the migration made it: on.
    await setModuleEnabled(admin.request, 'email', true);
    await admin.context().close();
  });

  test('switching email off removes its card and its integrations panel', async ({ page }) => {
    await signUpViaApi(page, 'Otis', 'Offswitch');
    await page.goto('/');
    await expect(dashboardGreeting(page)).toBeVisible();
    await expect(card(page, 'Email Insights')).toBeVisible();
    await openCalendarIntegrations(page);
    await expect(page.getByRole('heading', { name: 'Email Integrations' })).toBeVisible();

    await setModuleEnabled(admin.request, 'email', false);

    // The user's next clicks re-read the module list: no reload.
    const nav = page.getByRole('navigation', { name: 'Modules' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(dashboardGreeting(page)).toBeVisible();
    await expect(nav.getByRole('link', { name: /Email/ })).toHaveCount(0);
    await expectOrganiserCards(page);
    await expect(card(page, 'Email Insights')).toHaveCount(0);

    await openCalendarIntegrations(page);
    await expect(page.getByRole('heading', { name: 'Email Integrations' })).toHaveCount(0);
  });
});
