import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPage, dashboardGreeting, screenshot, signUpViaApi, turnToUsersPageOf, uniqueEmail } from './helpers';

// These run against the second API, the one with the app's own mail on (playwright.config.ts).
const ACCOUNT_URL = `http://127.0.0.1:${process.env.ACCOUNT_E2E_PORT}`;
const APP_MAIL_URL = `http://127.0.0.1:${process.env.APP_MAIL_E2E_PORT}`;
// The API every other spec uses, without app mail.
const MAIN_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
test.use({ baseURL: ACCOUNT_URL });

const PASSWORD = 'correct horse battery';

interface CapturedMail {
  subject: string;
  text: string;
  link: string | null;
}

/** The mail the app sent to `to` with this subject, once it has arrived. */
async function mailTo(page: Page, to: string, subject: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(async () => {
      const messages: CapturedMail[] = await (
        await page.request.get(`${APP_MAIL_URL}/messages?to=${encodeURIComponent(to)}`)
      ).json();
      found = messages.findLast((m) => m.subject === subject);
      return found?.subject;
    })
    .toBe(subject);
  return found!;
}

/** Signs up through the API (the server sends mail, so it answers 202 and signs nobody in). */
async function signUp(page: Page): Promise<string> {
  const email = uniqueEmail('account');
  const res = await page.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: 'Grace', lastName: 'Hopper' },
  });
  expect(res.status()).toBe(202);
  return email;
}

/** A new browser context (its own cookies) signed in, on the Profile page. */
async function signedInAtProfile(browser: Browser, email: string, password = PASSWORD): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: ACCOUNT_URL })).newPage();
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: "Where you're signed in" })).toBeVisible();
  return page;
}

async function signInViaUi(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

const sessionRows = (page: Page) =>
  page.getByRole('table', { name: 'Signed-in sessions' }).locator('tbody tr.ant-table-row');

/** What a signed-out browser sees on its next page load of /profile: the landing page, not the profile. */
async function expectSignedOut(page: Page) {
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile' })).toHaveCount(0);
}

test('sign-up answers "Check your inbox", and the mailed link verifies the address', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const form = page.getByRole('tabpanel', { name: 'Create Account' });
  const email = uniqueEmail('verify');
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Last name').fill('Hopper');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Check your inbox: we sent a message to finish signing up.')).toBeVisible();
  await screenshot(page, 'account-sign-up-check-inbox');

  const mail = await mailTo(page, email, 'Confirm your email address for Aide');
  await page.goto(mail.link!);
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await screenshot(page, 'account-verify-email');
});

test('change the password: the old one is refused after, the new one works', async ({ page, browser }) => {
  const email = await signUp(page);
  const profile = await signedInAtProfile(browser, email);
  await expect(profile.getByText('Not verified')).toBeVisible();
  const form = profile.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not my password');
  await form.getByLabel('New password').fill('a changed password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is not correct')).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(profile.getByText('Your password was changed. Your other sessions were signed out.')).toBeVisible();
  await screenshot(profile, 'account-profile-security');
  // Still signed in here.
  await profile.reload();
  await expect(profile.getByRole('heading', { name: "Where you're signed in" })).toBeVisible();

  await signInViaUi(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInViaUi(page, email, 'a changed password');
  await expect(dashboardGreeting(page)).toBeVisible();
});

test('see the sessions of two browsers and sign the other one out', async ({ page, browser }) => {
  const email = await signUp(page);
  const here = await signedInAtProfile(browser, email);
  const other = await signedInAtProfile(browser, email);
  await here.reload();
  await expect(sessionRows(here)).toHaveCount(2);
  await expect(sessionRows(here).filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessionRows(here).first()).toContainText('Chrome');
  await screenshot(here, 'account-sessions');

  await sessionRows(here)
    .filter({ hasNotText: 'This device' })
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(here.getByText('Session signed out')).toBeVisible();
  await expect(sessionRows(here)).toHaveCount(1);
  await expectSignedOut(other);
  await expect(here.getByText('You are signed in only here.')).toBeVisible();
});

test('sign out everywhere else, after confirming', async ({ page, browser }) => {
  const email = await signUp(page);
  const here = await signedInAtProfile(browser, email);
  const others = [await signedInAtProfile(browser, email), await signedInAtProfile(browser, email)];
  await here.reload();
  await expect(sessionRows(here)).toHaveCount(3);

  await here.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = here.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(here.getByText('Only this browser is still signed in.')).toBeVisible();
  await expect(sessionRows(here)).toHaveCount(1);
  for (const other of others) await expectSignedOut(other);
});

test('reset a forgotten password by mail', async ({ page, browser }) => {
  const email = await signUp(page);
  const signedIn = await signedInAtProfile(browser, email);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account uses this address, we sent it a link to set a new password. Check your inbox.'),
  ).toBeVisible();
  await screenshot(page, 'account-forgot-password');

  const mail = await mailTo(page, email, 'Set a new password for Aide');
  await page.goto(mail.link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a password from the mail');
  await screenshot(page, 'account-reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your password was changed and every session was signed out. Sign in with the new password.'),
  ).toBeVisible();

  await expectSignedOut(signedIn);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInViaUi(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await signInViaUi(page, email, 'a password from the mail');
  await expect(dashboardGreeting(page)).toBeVisible();
});

test.describe('without app mail', () => {
  test.use({ baseURL: MAIN_URL });

  test('an admin hands over a one-use reset link, which sets a new password and signs the old sessions out', async ({
    page,
    browser,
  }) => {
    const email = await signUpViaApi(page, 'Rita', 'Reset');
    const admin = await adminPage(browser);
    await admin.goto('/admin');
    const users = admin.getByRole('table', { name: 'Users' });
    await turnToUsersPageOf(admin, email);
    await users.getByRole('button', { name: `Reset password for ${email}` }).click();
    await admin
      .getByRole('dialog', { name: /Make a password reset link/ })
      .getByRole('button', { name: 'Make link' })
      .click();
    const shown = admin.getByRole('dialog', { name: 'Password reset link' });
    await expect(shown.getByText('It is shown only now and works once')).toBeVisible();
    await screenshot(admin, 'account-admin-reset-link');
    const link = (await shown.locator('code').textContent())!;
    expect(link).toMatch(/\/reset-password\?token=[\w-]{43}$/);
    await admin.context().close();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByLabel('New password', { exact: true }).fill('a handed over password');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      visitor.getByText('Your password was changed and every session was signed out. Sign in with the new password.'),
    ).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await signInViaUi(visitor, email, 'a handed over password');
    await expect(dashboardGreeting(visitor)).toBeVisible();
  });
});
