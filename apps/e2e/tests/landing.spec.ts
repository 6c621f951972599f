import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';

test('signed-out visitors see the landing page, on any route, with the spec texts and the right links', async ({
  page,
}) => {
  await page.goto('/calendar'); // a signed-in route: signed out, it shows the landing page too
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
  await expect(header.getByRole('link', { name: 'Google' })).toHaveAttribute('href', '/api/auth/google');
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google');

  // The four feature areas.
  for (const feature of [/task/i, /document/i, /travel/i, /research/i]) {
    await expect(page.getByRole('heading', { level: 3, name: feature }).first()).toBeVisible();
  }

  // Pricing, exactly as spec §9.
  const pricing = page.locator('section', { has: page.getByRole('heading', { name: /pricing/i }) }).first();
  await expect(pricing.getByText('$0')).toBeVisible();
  await expect(pricing.getByText('$19')).toBeVisible();
  await expect(pricing.getByText('Contact', { exact: true })).toBeVisible();
  await expect(pricing.getByText('Most Popular')).toBeVisible();
  for (const feature of [
    'basic task management',
    'document upload limited to 5 files',
    'simple travel planning',
    'community support',
    'advanced AI features',
    'unlimited document storage',
    'comprehensive travel tools',
    'research with credibility scoring',
    'priority support',
    'all Premium features',
    'team collaboration',
    'admin dashboard',
    'custom integrations',
    'dedicated support',
  ]) {
    await expect(pricing.getByText(feature, { exact: false }).first()).toBeVisible();
  }
  const planButtons = pricing.getByRole('link', { name: /^(Get Started|Contact Sales)$/ });
  await expect(planButtons).toHaveCount(3);
  for (const button of await planButtons.all()) await expect(button).toHaveAttribute('href', '/api/login');

  // Trust strip.
  await expect(page.getByText('10,000+')).toBeVisible();
  await expect(page.getByText(/enterprise security/i).first()).toBeVisible();
  await expect(page.getByText('99.9%')).toBeVisible();

  const footer = page.getByRole('contentinfo');
  for (const link of [
    'Features',
    'Pricing',
    'Security',
    'Documentation',
    'Help Center',
    'Contact',
    'About',
    'Privacy',
    'Terms',
  ]) {
    await expect(footer.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await screenshot(page, 'landing-light');

  // The buttons really lead where they say: Sign In to the sign-in page.
  await header.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('signed out, every route of the app shows the landing page', async ({ page }) => {
  // The spec's route table, plus an unknown path: none of them reveals anything before sign-in.
  for (const route of [
    '/',
    '/tasks',
    '/calendar',
    '/email',
    '/email-test',
    '/research',
    '/social',
    '/documents',
    '/travel',
    '/website',
    '/profile',
    '/admin',
    '/no-such-page',
  ]) {
    await page.goto(route);
    await expect(page.getByRole('link', { name: 'Get Started Free' }), route).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Modules' }), route).toHaveCount(0);
  }
});

test('the landing page follows a dark system theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await screenshot(page, 'landing-dark');
});
