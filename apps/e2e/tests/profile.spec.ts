import { expect, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

test('profile: spec defaults, validation, saving, and the account facts', async ({ page }) => {
  await signUpViaApi(page, 'Priya', 'Profile');
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Modules' }).getByText('Tasks & To-Do')).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  for (const section of ['Profile', 'Preferences', 'Notifications', 'Security']) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }

  // Spec §5 defaults.
  await expect(page.getByLabel('Timezone')).toBeVisible();
  await expect(page.locator('.ant-select', { has: page.getByLabel('Timezone') })).toContainText('UTC');
  await expect(page.locator('.ant-select', { has: page.getByLabel('Language') })).toContainText('English');
  await expect(page.getByRole('switch', { name: /Email notifications/i })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Push notifications/i })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Weekly digest/i })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Marketing emails/i })).not.toBeChecked();
  // A Free account deletes itself (account-2fa-data.spec.ts); 'Contact Support' stays for Enterprise.
  await expect(page.getByText('Delete your account and everything in it. This cannot be undone.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Account' })).toBeEnabled();
  await screenshot(page, 'profile-light');

  // Bad input gets the contract's message and nothing is saved.
  await page.getByLabel('First name').fill('   ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  expect((await (await page.request.get('/api/profile')).json()).firstName).toBe('Priya');
  await page.getByLabel('First name').fill('Priyanka');

  await page.getByLabel('Bio').fill('Builds things that last.');
  await page.getByLabel('Location').fill('Lisbon');
  await page.getByLabel('Timezone').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Tokyo', { exact: true }).click();
  await page.getByRole('switch', { name: /Marketing emails/i }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();

  const saved = await (await page.request.get('/api/profile')).json();
  expect(saved).toMatchObject({
    firstName: 'Priyanka',
    bio: 'Builds things that last.',
    location: 'Lisbon',
    timezone: 'Asia/Tokyo',
    marketingEmails: true,
    emailNotifications: true,
  });

  // The sidebar follows the new name at once; everything survives a reload.
  await expect(page.getByRole('link', { name: /Priyanka Profile/ })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue('Builds things that last.');
  await expect(page.getByLabel('Location')).toHaveValue('Lisbon');
  await expect(page.getByRole('switch', { name: /Marketing emails/i })).toBeChecked();
});
