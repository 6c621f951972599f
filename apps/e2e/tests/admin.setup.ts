import { expect, test as setup } from '@playwright/test';
import { ADMIN, ADMIN_STATE } from './helpers';

// Runs before every other test file (the 'setup' project in playwright.config.ts): the first
// account created on a fresh database is the admin, so it is created here, once, on purpose.
setup('the first account created becomes the admin', async ({ page }) => {
  const res = await page.request.post('/api/auth/register', { data: ADMIN });
  expect(res.status()).toBe(201);
  expect((await res.json()).role).toBe('admin');
  await page.context().storageState({ path: ADMIN_STATE });
});
