import { expect, type Browser, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

let counter = 0;
// The process id tells apart the workers, which sign people up at the same time.
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${process.pid}-${++counter}@example.test`;

/** Signs up through the API with the page's own cookie jar, as the sign-in page would. */
export async function signUpViaApi(page: Page, firstName = 'Ada', lastName = 'Lovelace') {
  const email = uniqueEmail(firstName.toLowerCase());
  const res = await page.request.post('/api/auth/register', {
    data: { email, password: 'correct horse battery', firstName, lastName },
  });
  expect(res.status()).toBe(201);
  return email;
}

const shotsDir = path.resolve(__dirname, '../../../tmp/screenshots');
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Signs up through the sign-in page that /api/login leads to, as a person would. */
export async function signUpViaUi(
  page: Page,
  firstName: string,
  lastName: string,
  password = 'a long enough password',
) {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const form = page.getByRole('tabpanel', { name: 'Create Account' });
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill(uniqueEmail(firstName.toLowerCase()));
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  return form;
}

/** The run's admin: created first, by tests/admin.setup.ts, and signed in through ADMIN_STATE. */
export const ADMIN = {
  email: 'admin@aide.test',
  password: 'admin password for e2e',
  firstName: 'Alice',
  lastName: 'Admin',
};
export const ADMIN_STATE = path.resolve(__dirname, '../../../tmp/e2e-admin-state.json');

/** A page signed in as the admin, in its own browser context (its own cookies). */
export async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  return context.newPage();
}

/**
 * On the Admin Panel's Users tab (oldest first, 20 a page), turns to the page that lists `email`: a new
 * account is on the last page, or on the one before when others have signed up since (the other worker).
 */
export async function turnToUsersPageOf(admin: Page, email: string) {
  const users = admin.getByRole('table', { name: 'Users' });
  await expect(users.getByText(ADMIN.email)).toBeVisible(); // loaded: the admin is the first account
  const pages = admin.locator('.ant-pagination-item');
  if ((await pages.count()) === 0) return;
  await pages.last().click();
  await expect(pages.last()).toHaveClass(/ant-pagination-item-active/);
  if (await users.getByLabel(`Plan for ${email}`).isVisible()) return;
  await admin.locator('.ant-pagination-prev').click();
  await expect(users.getByLabel(`Plan for ${email}`)).toBeVisible();
}

/** The dashboard's greeting, the first screen after signing in ('Good morning, Ada Lovelace'). */
export const dashboardGreeting = (page: Page) =>
  page.getByRole('heading', { name: /^Good (morning|afternoon|evening), / });

/** A fingerprint of every file in a folder: names and contents. */
export function fingerprint(folder: string): string {
  const hash = createHash('sha256');
  for (const entry of fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(folder, file)).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}
