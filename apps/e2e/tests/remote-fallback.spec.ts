import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

test('when the organiser remote cannot be reached the shell still renders, with a fallback and Retry', async ({
  page,
}) => {
  await signUpViaApi(page);
  // The remote's host is down: every request for its manifest or chunks fails.
  await page.route('**/remotes/organiser/**', (route) => route.abort('connectionrefused'));

  await page.goto('/tasks');
  await expect(page.getByText('Organiser is unavailable right now')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The shell itself keeps working: sidebar, user and sign-out are there.
  await expect(page.getByText('Personal AI Assistant')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The remote comes back: Retry loads it without a page reload.
  await page.unroute('**/remotes/organiser/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
  await expect(page.getByText('Organiser is unavailable right now')).toBeHidden();
});

test("when a remote screen's code fails to load, only that area falls back, the sidebar stays, and Retry recovers it", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/no-such-page');
  const nav = page.getByRole('navigation', { name: 'Modules' });
  // The sidebar is drawn from the organiser's description; its code loads when a page of it shows.
  await expect(nav.getByText('Tasks & To-Do')).toBeVisible();

  // The Tasks screen's code (the module's and the screen's own chunks, whichever are not in yet) fails.
  await page.route('**/remotes/organiser/static/js/async/**', (route) => route.abort('connectionreset'));
  await nav.getByText('Tasks & To-Do').click();
  await expect(page.getByText('Organiser is unavailable right now')).toBeVisible();
  await expect(nav.getByText('Tasks & To-Do')).toBeVisible();

  await page.unroute('**/remotes/organiser/static/js/async/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
});

test('an unknown path shows the not-found screen inside the shell', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/no-such-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
