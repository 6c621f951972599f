import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

/**
 * Another site cannot sign someone out by sending their browser to /api/logout: a link on a page
 * of another origin opens a "Sign out?" page (which the CSP lets render), the session lives on,
 * and only the page's own button signs out, landing on the app.
 */
test('a link from another site to /api/logout asks first; the Sign out button signs out and lands on /', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page, 'Nora', 'Navigation');
  const cspViolations: string[] = [];
  page.on(
    'console',
    (message) => message.text().includes('Content Security Policy') && cspViolations.push(message.text()),
  );

  // The other site: a page on another origin linking to the app's sign-out address.
  await page.route('http://elsewhere.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Prize</title><a href="${baseURL}/api/logout">Claim your prize</a>`,
    }),
  );
  await page.goto('http://elsewhere.test/prize');
  await page.getByRole('link', { name: 'Claim your prize' }).click();

  await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/api/logout');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect(cspViolations).toEqual([]);
});

test('"Stay signed in" goes back to the app, still signed in', async ({ page, baseURL }) => {
  await signUpViaApi(page, 'Stan', 'Stays');
  await page.route('http://elsewhere.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>News</title><a href="${baseURL}/api/logout">Read more</a>`,
    }),
  );
  await page.goto('http://elsewhere.test/news');
  await page.getByRole('link', { name: 'Read more' }).click();
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});
