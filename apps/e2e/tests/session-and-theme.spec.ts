import { expect, test } from '@playwright/test';
import { dashboardGreeting, screenshot, signUpViaApi, signUpViaUi } from './helpers';

test('sign up, sign out to the landing page, sign in again', async ({ page }) => {
  const form = await signUpViaUi(page, 'Alan', 'Turing');
  const email = await form.getByLabel('Email').inputValue();
  await expect(dashboardGreeting(page)).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({
    email,
    firstName: 'Alan',
    lastName: 'Turing',
    role: 'user',
    plan: 'free',
    status: 'active',
  });
  expect(me.lastLoginAt).not.toBeNull();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill('wrong password');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByText('Invalid email or password')).toBeVisible();
  await signIn.getByLabel('Password').fill('a long enough password');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(dashboardGreeting(page)).toContainText('Alan Turing');
});

test('the theme: system by default and followed live, a choice persists across reloads, sign-out clears it', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUpViaApi(page, 'Theo', 'Theme');
  await page.goto('/');
  await expect(dashboardGreeting(page)).toBeVisible();
  const html = page.locator('html');
  await expect(html).toHaveClass(/light/);

  // 'System' follows the operating system while the page is open.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
  await expect(html).not.toHaveClass(/light/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass(/light/);

  // An explicit choice wins over the OS, and survives a reload.
  await page.getByRole('button', { name: 'Theme' }).click();
  // Pick once the menu has finished sliding in (a click during antd's enter animation can miss).
  const themeMenu = page.locator('.ant-dropdown').filter({ has: page.getByRole('menuitem', { name: /Dark/ }) });
  await expect(themeMenu).not.toHaveClass(/-(appear|enter)/);
  await page.getByRole('menuitem', { name: /Dark/ }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('aide-theme'))).toBe('dark');
  await page.reload();
  await expect(dashboardGreeting(page)).toBeVisible();
  await expect(html).toHaveClass(/dark/);
  await page.mouse.move(0, 0);
  await screenshot(page, 'shell-dashboard-dark');

  // Signing out forgets it.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('aide-theme'))).toBeNull();
  await expect(html).toHaveClass(/light/);
});

test("the first screen's antd styles come from the build's stylesheet, in the light and in the dark", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUpViaApi(page, 'Stella', 'Sheet');
  // Component CSS antd wrote itself at runtime: a <style> with its hashed selectors for that component.
  // (The theme's values are also <style>s, of CSS variables, and stay runtime's: they differ per theme.)
  const writtenAtRuntime = (component: string) =>
    page.evaluate(
      (name) =>
        [...document.querySelectorAll('style')].some((style) =>
          new RegExp(`:where\\(\\.css-[a-z0-9]+\\)\\.ant-${name}\\b`).test(style.textContent ?? ''),
        ),
      component,
    );
  const cardBackground = () =>
    page
      .locator('.ant-card')
      .first()
      .evaluate((card) => getComputedStyle(card).backgroundColor);

  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await page.goto('/');
    await expect(dashboardGreeting(page)).toBeVisible();
    await expect(page.locator('link[rel="stylesheet"][href^="/static/css/antd."]')).toHaveCount(1);
    for (const component of ['layout', 'menu', 'btn', 'card', 'avatar'])
      expect({ mode, component, runtime: await writtenAtRuntime(component) }).toEqual({
        mode,
        component,
        runtime: false,
      });
    // The file's rules take the theme's values: antd's container colour of each mode. Polled: the
    // dashboard redraws its cards as its data settles, and a card replaced mid-read reads as "".
    await expect.poll(cardBackground).toBe(mode === 'dark' ? 'rgb(20, 20, 20)' : 'rgb(255, 255, 255)');
  }

  // A component the file does not cover still gets its styles, from antd at runtime.
  await page.getByRole('navigation', { name: 'Modules' }).getByText('Tasks & To-Do').click();
  await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
  await expect.poll(() => writtenAtRuntime('select')).toBe(true);
});

test('menus and dialogs animate only when the operating system does not ask for reduced motion', async ({ page }) => {
  await signUpViaApi(page, 'Mo', 'Tion');
  await page.goto('/');
  await expect(dashboardGreeting(page)).toBeVisible();
  // Records every antd slide-in that runs on a popup (the 'active' step is the animation itself; a
  // popup without motion still passes through 'prepare' once, to be measured and placed).
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { motionSeen: string[] }).motionSeen = []);
    new MutationObserver((changes) => {
      for (const change of changes) {
        const className = (change.target as Element).getAttribute?.('class') ?? '';
        if (/ant-slide-up-(appear|enter)-active/.test(className)) seen.push(className);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  const motionSeen = () => page.evaluate(() => (window as unknown as { motionSeen: string[] }).motionSeen.length);
  const openAndCloseThemeMenu = async () => {
    await page.getByRole('button', { name: 'Theme' }).click();
    await expect(page.getByRole('menuitem', { name: /Dark/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: /Dark/ })).toBeHidden();
  };

  // The project's default for every test: reduced motion. Nothing slides.
  await openAndCloseThemeMenu();
  expect(await motionSeen()).toBe(0);

  // The OS allows motion again: the same menu slides in, without a reload.
  // (The page hears of the change a moment later: a menu opened in that moment still does not slide.)
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(async () => {
    await openAndCloseThemeMenu();
    expect(await motionSeen()).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
});

test('a session that ends on the server: the next call shows the Unauthorized toast and leads to sign-in', async ({
  page,
}) => {
  await signUpViaApi(page, 'Uma', 'Unauth');
  await page.goto('/');
  await expect(dashboardGreeting(page)).toBeVisible();
  // The toast is on screen only half a second before the redirect: a busy machine can miss it by
  // polling, so the page reports every toast the moment it appears, from before the session ends
  // (the page's own next call may come before the test's click).
  const toasts: string[] = [];
  await page.exposeFunction('reportToast', (text: string) => toasts.push(text));
  await page.evaluate(() => {
    new MutationObserver(() => {
      for (const notice of document.querySelectorAll<HTMLElement>('.ant-notification-notice:not([data-reported])')) {
        notice.dataset.reported = 'true';
        (window as unknown as { reportToast: (text: string) => void }).reportToast(notice.innerText);
      }
    }).observe(document.body, { childList: true, subtree: true });
  });

  // The session is destroyed behind the page's back (expired, or signed out in another tab).
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204);

  // The next call is usually the click's; on a busy machine the page's own call (the live stream
  // reconnecting) can come first and lead to sign-in before the click lands, which is just as right.
  await page
    .getByRole('link', { name: 'Profile' })
    .first()
    .click({ timeout: 10_000 })
    .catch((error: unknown) => {
      if (!/\/sign-in$/.test(page.url())) throw error;
    });
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(toasts).toEqual([expect.stringMatching(/^Unauthorized\s+You are logged out\. Logging in again\.\.\.$/)]);
});

test('sign-in page explains a Google sign-in that did not complete', async ({ page }) => {
  await page.goto('/sign-in?error=google');
  await expect(
    page.getByText('Google sign-in did not complete. Please try again or use your email and password.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/api/auth/google');
});

test('a toast that replaces another stays its full time, and only one toast shows at once (spec §9)', async ({
  page,
}) => {
  await signUpViaApi(page, 'Tim', 'Toast');
  await page.goto('/profile');
  const save = page.getByRole('button', { name: 'Save Changes' });
  const toast = page.locator('.ant-notification-notice');

  await save.click();
  await expect(toast.getByText('Profile updated successfully')).toBeVisible();
  // The first toast is 4 s into its 5 s when the next one replaces it.
  await page.waitForTimeout(4_000);
  await save.click();
  await expect(toast).toHaveCount(1);
  // Past the first toast's end: the second, replacing it, is still there (it has 5 s of its own).
  await page.waitForTimeout(2_000);
  await expect(toast.getByText('Profile updated successfully')).toBeVisible();
  await expect(toast).toHaveCount(1);
});
