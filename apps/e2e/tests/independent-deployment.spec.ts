import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serveFolder, type StaticServer } from '../static-server';
import { adminPage, fingerprint, signUpViaApi } from './helpers';

const root = path.resolve(__dirname, '../../..');
const organiserPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/mf-organiser/package.json'), 'utf8')) as {
  version: string;
};

async function pointOrganiserAt(request: APIRequestContext, manifestUrl: string | null) {
  const res = await request.patch('/api/admin/modules/organiser', { data: { manifestUrl } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The version of the organiser remote this browser has loaded, as the Admin Panel's Modules tab reports it. */
async function loadedOrganiserVersion(admin: Page) {
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Modules' }).click();
  return admin.getByRole('row', { name: /organiser/i });
}

test.describe('independent deployment', () => {
  let admin: Page;
  /** Version 2 of the organiser, built by "another team" into its own folder. */
  let v2: string;

  // The build is the other team's work, not the user's: it gets its own time (a loaded CI machine
  // has taken over a minute for it), so the browser steps keep their full timeout.
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    v2 = fs.mkdtempSync(path.join(os.tmpdir(), 'aide-organiser-v2-'));
    await promisify(execFile)('npx', ['rsbuild', 'build'], {
      cwd: path.join(root, 'apps/mf-organiser'),
      env: { ...process.env, AIDE_REMOTE_VERSION: '2.0.0-e2e', AIDE_REMOTE_DIST_DIR: v2 },
    });
  });
  test.afterAll(() => {
    if (v2) fs.rmSync(v2, { recursive: true, force: true });
  });
  test.beforeEach(async ({ browser }) => {
    admin = await adminPage(browser);
  });
  test.afterEach(async () => {
    // Whatever happened, the organiser goes back to the build the API serves by default.
    await pointOrganiserAt(admin.request, null);
    await admin.context().close();
  });

  test('a second build of one remote goes live for users on reload, with the shell untouched', async ({ page }) => {
    test.setTimeout(120_000);
    const shellBefore = fingerprint(path.join(root, 'apps/shell/dist'));

    let cdn: StaticServer | undefined;
    try {
      cdn = await serveFolder(v2);

      // A user is working with version 1.
      await signUpViaApi(page, 'Vera', 'Version');
      await page.goto('/tasks');
      await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
      await expect(await loadedOrganiserVersion(admin)).toContainText(organiserPackage.version);

      // The admin points the registry at version 2: configuration, not a shell build.
      await pointOrganiserAt(admin.request, `${cdn.url}/mf-manifest.json`);
      await expect(await loadedOrganiserVersion(admin)).toContainText('2.0.0-e2e');
      await expect(await loadedOrganiserVersion(admin)).toContainText(cdn.url);

      // The user reloads and gets version 2's code, from its new home: its entry script, which the
      // description beside the new manifest names.
      const fromCdn = page.waitForResponse(
        (r) => r.url().startsWith(`${cdn!.url}/static/js/`) && /\/organiser\.[0-9a-f]+\.js$/.test(r.url()),
      );
      await page.reload();
      expect((await fromCdn).status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
      await page.getByRole('button', { name: 'Add Task' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Create New Task' })).toBeVisible();

      expect(fingerprint(path.join(root, 'apps/shell/dist'))).toBe(shellBefore);
    } finally {
      await cdn?.close();
    }
  });

  test('a remote whose server is gone shows a fallback with Retry, and the rest of the app still works', async ({
    page,
  }) => {
    // Port 9 (discard) on loopback: nothing answers there.
    await pointOrganiserAt(admin.request, 'http://127.0.0.1:9/mf-manifest.json');

    await signUpViaApi(page, 'Otto', 'Outage');
    await page.goto('/tasks');
    await expect(page.getByText('Organiser is unavailable right now')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    // The shell's own screens are unaffected.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();

    await page.goBack();
    await expect(page.getByText('Organiser is unavailable right now')).toBeVisible();

    // The remote's team fixes the deployment; Retry picks it up without a reload.
    await pointOrganiserAt(admin.request, null);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
  });
});
