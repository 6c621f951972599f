import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { FeatureToggle } from '@aide/contracts';
import { adminPage, screenshot, signUpViaApi, turnToUsersPageOf } from './helpers';

async function organiserToggle(request: APIRequestContext): Promise<FeatureToggle> {
  const toggles = (await (await request.get('/api/admin/features')).json()) as FeatureToggle[];
  return toggles.find((t) => t.name === 'module.organiser')!;
}

test.describe('admin panel', () => {
  let admin: Page;
  test.beforeEach(async ({ browser }) => {
    admin = await adminPage(browser);
  });
  test.afterEach(async () => {
    // Leave the organiser as the migration made it: on, for every plan.
    const toggle = await organiserToggle(admin.request);
    await admin.request.patch(`/api/admin/features/${toggle.id}`, {
      data: { enabled: true, planRequired: 'free', adminOnly: false },
    });
    await admin.context().close();
  });

  test('non-admins see Access Denied and the admin API refuses them', async ({ page }) => {
    await signUpViaApi(page, 'Norm', 'User');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('You need admin privileges to access this page.')).toBeVisible();
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).not.toHaveURL(/\/admin$/);
  });

  test("an admin changes a user's plan and role, creates and switches a feature toggle, and reads the activity", async ({
    page,
  }) => {
    const email = await signUpViaApi(page, 'Carl', 'Customer');

    await admin.goto('/');
    await expect(admin.getByRole('navigation', { name: 'Modules' }).getByText('Tasks & To-Do')).toBeVisible();
    await admin.getByRole('link', { name: 'Admin Panel' }).click();
    await expect(admin).toHaveURL(/\/admin$/);
    await turnToUsersPageOf(admin, email);

    await admin.getByLabel(`Plan for ${email}`).click();
    await admin.locator('.ant-select-dropdown:visible').getByTitle('Premium', { exact: true }).click();
    await expect(admin.getByText('User plan updated successfully')).toBeVisible();
    await admin.getByLabel(`Role for ${email}`).click();
    await admin.locator('.ant-select-dropdown:visible').getByTitle('Admin', { exact: true }).click();
    await expect(admin.getByText('User role updated successfully')).toBeVisible();
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ plan: 'premium', role: 'admin' });
    await screenshot(admin, 'admin-users');

    await admin.getByRole('tab', { name: 'Features' }).click();
    await admin.getByRole('button', { name: 'Create Feature Toggle' }).click();
    const create = admin
      .getByRole('dialog')
      .or(admin.locator('form', { has: admin.getByLabel('Name') }))
      .first();
    await create
      .getByRole('button', { name: /Create/ })
      .last()
      .click();
    await expect(admin.getByText('Name is required')).toBeVisible();
    const flag = `beta.reports.${Date.now()}`;
    await create.getByLabel('Name').fill(flag);
    await create.getByLabel('Description').fill('Weekly report previews');
    await create
      .getByRole('button', { name: /Create/ })
      .last()
      .click();
    await expect(admin.getByText('Feature toggle created successfully')).toBeVisible();

    // Off by default (spec §5); the switch turns it on, and the front-end flags say so.
    expect((await (await page.request.get('/api/features')).json())[flag]).toBe(false);
    await admin.getByRole('switch', { name: `Enabled: ${flag}` }).click();
    await expect(admin.getByText('Feature toggle updated successfully')).toBeVisible();
    expect((await (await page.request.get('/api/features')).json())[flag]).toBe(true);
    await screenshot(admin, 'admin-features');

    await admin.getByRole('tab', { name: 'Activity' }).click();
    const activity = admin.getByRole('table').last();
    await expect(
      activity.getByRole('row', { name: /PATCH\s*\/api\/admin\/users\/:userId\/plan/ }).first(),
    ).toBeVisible();
    await expect(activity.getByRole('row', { name: /POST\s*\/api\/admin\/features\b/ }).first()).toBeVisible();
    await screenshot(admin, 'admin-activity');
  });

  test("a module toggle above a user's plan hides the module on their next navigation, and its API answers 403", async ({
    page,
  }) => {
    await signUpViaApi(page, 'Fran', 'Free');
    await page.goto('/tasks');
    const nav = page.getByRole('navigation', { name: 'Modules' });
    await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();

    // The admin puts the organiser on the Premium plan, through the Features tab.
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Features' }).click();
    const toggle = await organiserToggle(admin.request);
    const res = await admin.request.patch(`/api/admin/features/${toggle.id}`, { data: { planRequired: 'premium' } });
    expect(res.status()).toBe(200);

    // No reload: the user's next navigation picks the change up.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(nav.getByText('Tasks & To-Do')).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText('Organiser is not available on your plan')).toBeVisible();
    await expect(page.getByText('Upgrade to Premium to use it.')).toBeVisible();
    // Home is the organiser's own Dashboard, locked too: the way out is the Profile.
    await expect(page.getByRole('button', { name: 'Go to Profile' })).toBeVisible();
    await screenshot(page, 'module-not-available');

    const tasks = await page.request.get('/api/tasks');
    expect(tasks.status()).toBe(403);
    expect((await tasks.json()).message).toBe('The organiser module is not available on your plan');

    // Switched back on for everyone, it returns on the next navigation.
    await admin.request.patch(`/api/admin/features/${toggle.id}`, { data: { planRequired: 'free' } });
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(nav.getByText('Tasks & To-Do')).toBeVisible();
    await nav.getByText('Tasks & To-Do').click();
    await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
  });
});
