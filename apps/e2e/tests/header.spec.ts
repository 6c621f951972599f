import { expect, test } from '@playwright/test';
import type { NotificationList } from '@aide/contracts';
import { signUpViaApi } from './helpers';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

test('the header search finds tasks across modules and opens them', async ({ page }) => {
  await signUpViaApi(page, 'Sam', 'Search');
  for (const title of ['Quarterly report for the board', 'Water the plants']) {
    expect((await page.request.post('/api/tasks', { data: { title, category: 'Work' } })).status()).toBe(201);
  }
  await page.goto('/profile');

  const search = page.getByPlaceholder('Search across all modules...');
  await search.fill('quart');
  const hit = page.getByRole('option', { name: /Quarterly report for the board/ });
  await expect(hit).toBeVisible();
  await expect(page.getByRole('option', { name: /Water the plants/ })).toHaveCount(0);
  await hit.click();
  await expect(page).toHaveURL(/\/tasks$/);

  await search.fill('zebra crossing');
  await expect(page.getByText('No results')).toBeVisible();
});

test('the bell shows notifications with an unread dot; opening one marks it read', async ({ page }) => {
  await signUpViaApi(page, 'Nina', 'Notify');
  await page.goto('/profile');
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(0);

  // A task due in three hours: the API notifies its owner right away.
  expect(
    (await page.request.post('/api/tasks', { data: { title: 'Renew passport', dueDate: inHours(3) } })).status(),
  ).toBe(201);
  await expect
    .poll(async () => ((await (await page.request.get('/api/notifications')).json()) as NotificationList).unreadCount)
    .toBe(1);

  await page.reload();
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(1);
  await bell.click();
  const item = page.getByText('Task due soon: Renew passport');
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(bell.locator('.ant-badge-dot')).toHaveCount(0);
  expect(((await (await page.request.get('/api/notifications')).json()) as NotificationList).unreadCount).toBe(0);
});
