import { expect, test } from '@playwright/test';

// "Continue with Google" against the test issuer (oidc-provider-server.mjs), started by
// playwright.config.ts with the API configured for it. The account is new on this database,
// so this neither needs nor takes the first (admin) account.
test('signing in with OpenID Connect: the issuer login and consent, then back in the app signed in', async ({
  page,
  baseURL,
}) => {
  await page.goto('/api/auth/google');

  // At the issuer: its login form, then its consent screen.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill('ada@oidc.example');
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back in the app, signed in.
  await expect(page).toHaveURL(
    (url) => url.origin === new URL(baseURL!).origin && !url.pathname.startsWith('/sign-in'),
  );
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: 'ada@oidc.example', firstName: 'Ada', lastName: 'Lovelace' });
  await expect(page.locator('aside').getByText('Ada Lovelace')).toBeVisible();
});
