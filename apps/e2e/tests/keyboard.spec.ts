import { expect, test, type Page } from '@playwright/test';
import { dashboardGreeting, signUpViaApi } from './helpers';

/** What has the focus: its role or tag, and its accessible label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const labelFor = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : '';
    const label = el.getAttribute('aria-label') || labelFor || el.innerText || el.textContent || '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${label.trim()}`;
  });

/** Whether the focused element (or the antd field around it) shows it: an outline or a focus ring. */
const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const ring = el.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number') ?? el;
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    return shows(el) || shows(ring);
  });

/** Presses Tab until `target` has the focus (at most `limit` times); answers every stop on the way. */
async function tabTo(page: Page, target: RegExp, limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    // The document itself between two stops (e.g. leaving the address bar): nothing to see there.
    if (now === 'body') continue;
    stops.push(now);
    expect(await focusIsVisible(page), `focus is visible on ${now}`).toBe(true);
    if (target.test(now)) return stops;
  }
  throw new Error(`Tab never reached ${target} in ${limit} presses: ${stops.join(' → ')}`);
}

test('signing in needs no mouse: Tab reaches email, password and the button in order, with visible focus', async ({
  page,
  browser,
}) => {
  // The account, made in another browser (signing up signs that one in).
  const other = await browser.newContext();
  const email = await signUpViaApi(await other.newPage(), 'Kim', 'Keys');
  await other.close();

  await page.goto('/sign-in');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(form.getByLabel('Email')).toBeVisible();
  const toEmail = await tabTo(page, /^input: Email/i);
  await page.keyboard.type(email);
  const toPassword = await tabTo(page, /^input: Password/i, 3);
  await page.keyboard.type('correct horse battery');
  const toButton = await tabTo(page, /^button: .*Sign In/i, 5);
  expect(toEmail.length + toPassword.length + toButton.length).toBeGreaterThan(2);
  await page.keyboard.press('Enter');
  await expect(dashboardGreeting(page)).toBeVisible();
});

test('a dialog opens from the keyboard, is walked with Tab, closes with Escape and gives the focus back', async ({
  page,
}) => {
  await signUpViaApi(page, 'Dee', 'Alog');
  await page.goto('/tasks');
  const opener = page.getByRole('button', { name: 'Add Task' }).first();
  await expect(opener).toBeVisible();
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog).toBeVisible();
  // The focus moves into the dialog, and Tab walks its fields to its buttons with the focus showing.
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await tabTo(page, /^button: .*Create Task/i, 12);
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
