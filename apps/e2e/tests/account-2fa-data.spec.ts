import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import { connectToAppDatabase } from './email-db';
import { adminPage, dashboardGreeting, screenshot, signUpViaApi } from './helpers';

const PASSWORD = 'correct horse battery'; // signUpViaApi's

/**
 * An authenticator app for the test: codes from the secret the page shows, never one the server
 * has already accepted (it refuses a code of the same or an earlier 30-second step). The server
 * accepts one step ahead, so a code is taken from the next step when this one is spent, and the
 * test waits for the clock only when both are.
 */
class Authenticator {
  private readonly totp: TOTP;
  private lastStep = -1;

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  }

  async nextCode(): Promise<string> {
    await expect.poll(() => this.totp.counter() + 1 > this.lastStep, { timeout: 45_000 }).toBe(true);
    const step = Math.max(this.totp.counter(), this.lastStep + 1);
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * 30_000 + 1 });
  }

  /** Six digits that are no code of the steps the server would accept now. */
  wrongCode(): string {
    const now = this.totp.counter();
    const valid = new Set([-1, 0, 1].map((d) => this.totp.generate({ timestamp: (now + d) * 30_000 + 1 })));
    return ['000000', '111111', '222222'].find((c) => !valid.has(c))!;
  }
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/sign-in');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
}

test('two-factor sign-in: enable with a QR code, sign in with password + code, a wrong code refused, a recovery code works once', async ({
  page,
}) => {
  // Five sign-ins (argon2 each) and a dozen screens: on a loaded 2-core machine this took 70 s.
  test.setTimeout(240_000);
  const email = await signUpViaApi(page, 'Tess', 'Totp');
  await openProfile(page);
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Enable two-factor sign-in' }).click();
  await expect(card.getByLabel('QR code for your authenticator app')).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screenshot(page, 'two-factor-setup');
  const app = new Authenticator(secret);

  await card.getByLabel('Enter the 6-digit code the app shows').fill(app.wrongCode());
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(card.getByText('That code is not right.', { exact: false })).toBeVisible();
  await card.getByLabel('Enter the 6-digit code the app shows').fill(await app.nextCode());
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allInnerTexts();
  await expect(card.getByRole('button', { name: 'Download' })).toBeVisible();
  await screenshot(page, 'two-factor-recovery-codes');
  await card.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(card.getByText('10 of 10 recovery codes left')).toBeVisible();

  // Password, then the code.
  await signOut(page);
  await passwordStep(page, email);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await screenshot(page, 'two-factor-sign-in-step');
  await page.getByLabel('Authentication code').fill(app.wrongCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await app.nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboardGreeting(page)).toContainText('Tess Totp');

  // A recovery code instead: works once.
  for (const attempt of ['first', 'again'] as const) {
    await signOut(page);
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') await expect(dashboardGreeting(page)).toContainText('Tess Totp');
    else await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  }
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboardGreeting(page)).toBeVisible();
  await openProfile(page);
  await expect(page.getByText('8 of 10 recovery codes left')).toBeVisible();
  await screenshot(page, 'profile-two-factor-on');

  // Turning it off takes the password; sign-in is one step again.
  await card.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByRole('button', { name: 'Enable two-factor sign-in' })).toBeVisible();
  await signOut(page);
  await page.goto('/sign-in');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(dashboardGreeting(page)).toContainText('Tess Totp');
});

test('export my data: a zip download with my task and nothing of another user, and no password hash', async ({
  page,
  browser,
}) => {
  // Someone else, with a task of their own.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpViaApi(otherPage, 'Olga', 'Other');
  expect((await otherPage.request.post('/api/tasks', { data: { title: "Olga's private task" } })).status()).toBe(201);
  await other.close();

  await signUpViaApi(page, 'Evan', 'Export');
  expect((await page.request.post('/api/tasks', { data: { title: "Evan's exported task" } })).status()).toBe(201);
  await openProfile(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^aide-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const tasks = JSON.parse(strFromU8(files['tasks.json'])) as Array<{ title: string }>;
  expect(tasks.map((t) => t.title)).toEqual(["Evan's exported task"]);
  expect(JSON.parse(strFromU8(files['account.json']))).toMatchObject({ firstName: 'Evan', lastName: 'Export' });
  const everything = Object.values(files)
    .map((bytes) => strFromU8(bytes))
    .join('\n');
  expect(everything).not.toContain('Olga');
  expect(everything).not.toContain('$argon2');
  expect(everything).not.toContain('passwordHash');
});

test('delete my account: the password confirms it, I am signed out, and signing in with it fails', async ({ page }) => {
  const email = await signUpViaApi(page, 'Dora', 'Delete');
  expect((await page.request.post('/api/tasks', { data: { title: "Dora's task" } })).status()).toBe(201);
  await openProfile(page);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await screenshot(page, 'delete-account-dialog');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.goto('/sign-in');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByText('Invalid email or password')).toBeVisible();
});

test("the Enterprise plan keeps 'Contact Support' instead of deleting", async ({ page }) => {
  const email = await signUpViaApi(page, 'Enzo', 'Enterprise');
  const db = await connectToAppDatabase();
  try {
    await db.query(`UPDATE users SET plan = 'enterprise' WHERE email = $1`, [email]);
  } finally {
    await db.end();
  }
  await openProfile(page);
  await expect(page.getByText('Need to delete your account? Contact support for assistance.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact Support' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete Account' })).toHaveCount(0);
});

test('an admin requires two-factor sign-in: the user it applies to sees only the setup page until enrolled', async ({
  page,
  browser,
}) => {
  // Required for the Enterprise plan and above only, so the run's other users are not affected.
  const admin = await adminPage(browser);
  const toggles = (await (await admin.request.get('/api/admin/features')).json()) as Array<{
    id: number;
    name: string;
  }>;
  const existing = toggles.find((t) => t.name === 'security.require-2fa');
  const rule = { enabled: true, planRequired: 'enterprise', adminOnly: false };
  const id = existing
    ? (await admin.request.patch(`/api/admin/features/${existing.id}`, { data: rule }), existing.id)
    : (
        (await (
          await admin.request.post('/api/admin/features', {
            data: { name: 'security.require-2fa', description: 'Two-factor sign-in required', ...rule },
          })
        ).json()) as { id: number }
      ).id;
  try {
    const email = await signUpViaApi(page, 'Rita', 'Required');
    const db = await connectToAppDatabase();
    try {
      await db.query(`UPDATE users SET plan = 'enterprise' WHERE email = $1`, [email]);
    } finally {
      await db.end();
    }
    const refused = await page.request.get('/api/tasks');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Your administrator requires two-factor sign-in. Turn it on in your profile to continue.',
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    await screenshot(page, 'two-factor-required');
    await page.getByLabel('Enter the 6-digit code the app shows').fill(await new Authenticator(secret).nextCode());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(dashboardGreeting(page)).toContainText('Rita Required');
    expect((await page.request.get('/api/tasks')).status()).toBe(200);
  } finally {
    await admin.request.patch(`/api/admin/features/${id}`, { data: { enabled: false } });
    await admin.context().close();
  }
});
