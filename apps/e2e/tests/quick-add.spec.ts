import { expect, test, type Page } from '@playwright/test';
import type { CalendarEvent, Task } from '@aide/contracts';
import { screenshot, signUpViaApi } from './helpers';

// The browser is in New York, the profile in Paris: quick add reads dates where the user lives.
test.use({ timezoneId: 'America/New_York' });
const ZONE = 'Europe/Paris';

/** 'YYYY-MM-DD HH:mm' of an instant in Paris. */
const inParis = (instant: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
/** Today's date in Paris plus `days`, 'YYYY-MM-DD'. */
const parisDay = (days: number) => {
  const [y, m, d] = inParis(new Date().toISOString()).slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

async function signUpInParis(page: Page, first: string, last: string) {
  await signUpViaApi(page, first, last);
  expect((await page.request.patch('/api/profile', { data: { timezone: ZONE } })).status()).toBe(200);
}

const preview = (page: Page) => page.getByTestId('quick-add-preview');
const understood = (page: Page) => preview(page).getByRole('list', { name: 'What was understood' });
const toast = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

test('quick add an event on the calendar: preview first, then Enter', async ({ page }) => {
  await signUpInParis(page, 'Quinn', 'Lunch');
  await page.goto('/calendar');

  const box = page.getByRole('textbox', { name: 'Quick add' });
  await box.fill('Lunch with Sam tomorrow 1pm at Nopa');
  // What it understood, before anything is saved.
  await expect(understood(page).getByRole('listitem')).toHaveText(['Tomorrow 13:00–14:00', 'Nopa']);
  await expect(preview(page).getByText('Lunch with Sam', { exact: true })).toBeVisible();
  await expect(preview(page).getByRole('radio', { name: 'Event' })).toBeChecked();
  await screenshot(page, 'quick-add-event-preview');

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/events'));
  await box.press('Enter');
  const event = (await (await posted).json()) as CalendarEvent;
  expect(event).toMatchObject({ title: 'Lunch with Sam', location: 'Nopa', type: 'meeting', recurrence: null });
  expect(inParis(event.startTime)).toBe(`${parisDay(1)} 13:00`);
  expect(inParis(event.endTime)).toBe(`${parisDay(1)} 14:00`);
  await expect(toast(page, 'Event added: Lunch with Sam')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(preview(page)).toHaveCount(0);

  // On the calendar: tomorrow, 13:00 to 14:00 in the profile's zone.
  await page.getByRole('radiogroup', { name: 'Calendar view' }).getByText('Day', { exact: true }).click();
  await page.getByRole('tabpanel', { name: 'Calendar' }).getByRole('button', { name: 'Next day', exact: true }).click();
  await expect(page.getByRole('button', { name: /Lunch with Sam, 13:00 to 14:00/ })).toBeVisible();
});

test('Ctrl+K offers the quick add first; a repeating task is made from it', async ({ page }) => {
  await signUpInParis(page, 'Rita', 'Rent');
  await page.goto('/');
  await expect(page.getByText('Quick Actions')).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('Pay rent every 1st of the month');
  const command = page.getByRole('option', { name: 'Quick add “Pay rent every 1st of the month”' });
  await expect(command).toBeVisible();
  await expect(page.getByRole('option').first()).toHaveText('Quick add “Pay rent every 1st of the month”');
  await page.keyboard.press('Enter');

  // The organiser's Tasks screen, its quick add holding the line (the link's ?add= is dropped).
  await expect(page).toHaveURL(/\/tasks$/);
  const box = page.getByRole('textbox', { name: 'Quick add' });
  await expect(box).toHaveValue('Pay rent every 1st of the month');
  await expect(box).toBeFocused();
  await expect(understood(page).getByRole('listitem')).toHaveText([/^Due /, 'Monthly on day 1']);
  await expect(preview(page).getByRole('radio', { name: 'Task' })).toBeChecked();

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/tasks'));
  await box.press('Enter');
  const response = await posted;
  // What quick add sends: the rule, and a due date on the next 1st still ahead, at 17:00 in Paris.
  const sent = response.request().postDataJSON() as { title: string; recurrence: string; dueDate: string };
  expect(sent).toMatchObject({ title: 'Pay rent', recurrence: 'FREQ=MONTHLY;BYMONTHDAY=1', priority: 'medium' });
  expect(inParis(sent.dueDate)).toMatch(/^\d{4}-\d{2}-01 17:00$/);
  expect(response.status()).toBe(201);
  const task = (await response.json()) as Task;
  expect(task).toMatchObject({ title: 'Pay rent', dueDate: sent.dueDate });
  await expect(toast(page, 'Task added: Pay rent')).toBeVisible();
  await expect(page.getByText('Pay rent', { exact: true })).toBeVisible();
});

test('the dashboard’s Quick Add makes a high-priority task due Friday', async ({ page }) => {
  await signUpInParis(page, 'Maud', 'Mum');
  await page.goto('/');
  await page.getByRole('button', { name: 'Quick Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quick add' });
  const box = dialog.getByRole('textbox', { name: 'Quick add' });
  await expect(box).toBeFocused();
  await box.fill('Call mum Friday high priority');
  await expect(understood(page).getByRole('listitem')).toHaveText([/^Due /, 'High priority']);
  await expect(dialog.getByText('Call mum', { exact: true })).toBeVisible();
  await screenshot(page, 'quick-add-dashboard');

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/tasks'));
  await box.press('Enter');
  const task = (await (await posted).json()) as Task;
  expect(task).toMatchObject({ title: 'Call mum', priority: 'high', recurrence: null });
  const due = inParis(task.dueDate!);
  expect(due.slice(11)).toBe('17:00');
  expect(new Date(`${due.slice(0, 10)}T12:00:00Z`).getUTCDay()).toBe(5);
  await expect(toast(page, 'Task added: Call mum')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/tasks');
  const card = page.getByRole('listitem').filter({ hasText: 'Call mum' });
  await expect(card.getByText('High', { exact: true })).toBeVisible();
});
