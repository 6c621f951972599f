import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

const rangeLabel = (page: Page) => page.getByTestId('calendar-range-label');
const view = (page: Page, name: 'Month' | 'Week' | 'Day') =>
  page.getByRole('radiogroup', { name: 'Calendar view' }).getByText(name, { exact: true });

/** Jumps with the date picker (typed, as a keyboard user would). */
async function goToDate(page: Page, text: string) {
  const picker = page.getByLabel('Go to date');
  await picker.click();
  await picker.fill(text);
  await picker.press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
}

/** The toolbar's own buttons (the picker's panel has buttons with the same names). */
const step = (page: Page, name: string) =>
  page.getByRole('tabpanel', { name: 'Calendar' }).getByRole('button', { name, exact: true });

test('month view by default, weeks from Sunday; week and day views move by 7 days and 1 day', async ({ page }) => {
  await signUpViaApi(page, 'Clara', 'Oswald');
  await page.goto('/calendar');

  // A new profile's timezone is UTC, so "today" is today in UTC.
  const monthYear = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(rangeLabel(page)).toHaveText(monthYear);
  await expect(page.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ant-picker-calendar thead th').first()).toHaveText('Su');
  await expect(page.locator('.ant-picker-calendar thead th').last()).toHaveText('Sa');
  await expect(page.getByText('No events in this month view')).toBeVisible();
  await expect(page.getByText('No events on this date')).toBeVisible();
  await expect(page.getByText('No upcoming events')).toBeVisible();

  await goToDate(page, 'Nov 20, 2030');
  await expect(rangeLabel(page)).toHaveText('November 2030');
  await step(page, 'Previous month').click();
  await expect(rangeLabel(page)).toHaveText('October 2030');
  await step(page, 'Next month').click();
  await expect(rangeLabel(page)).toHaveText('November 2030');

  await view(page, 'Week').click();
  await expect(rangeLabel(page)).toHaveText('Nov 17 – Nov 23, 2030');
  await expect(page.getByText('No events in this week view')).toBeVisible();
  await step(page, 'Next week').click();
  await expect(rangeLabel(page)).toHaveText('Nov 24 – Nov 30, 2030');
  await step(page, 'Previous week').click();

  await view(page, 'Day').click();
  await expect(rangeLabel(page)).toHaveText('Wednesday, November 20, 2030');
  await expect(page.getByText('No events in this day view')).toBeVisible();
  await step(page, 'Next day').click();
  await expect(rangeLabel(page)).toHaveText('Thursday, November 21, 2030');

  // A week across the new year names both years.
  await goToDate(page, 'Dec 31, 2030');
  await view(page, 'Week').click();
  await expect(rangeLabel(page)).toHaveText('Dec 29, 2030 – Jan 4, 2031');

  await step(page, 'Today').click();
  await view(page, 'Month').click();
  await expect(rangeLabel(page)).toHaveText(monthYear);
});

test('add, edit and delete an event with validation messages, toasts and side cards', async ({ page }) => {
  await signUpViaApi(page, 'Rory', 'Williams');
  await page.goto('/calendar');
  await goToDate(page, 'Nov 20, 2030');

  // Validation: the contract's messages under the fields.
  await page.getByRole('button', { name: 'Add Event' }).click();
  const add = page.getByRole('dialog', { name: 'Add Event' });
  await expect(add.getByLabel('Title')).toBeFocused();
  for (const field of ['Start time', 'End time']) {
    await add.getByLabel(field).hover();
    await add.locator('.ant-picker-clear').first().click();
  }
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(add.getByText('Title is required')).toBeVisible();
  await expect(add.getByText('Start time is required')).toBeVisible();
  await expect(add.getByText('End time is required')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  // Create: a new event starts at 09:00 on the selected day, for an hour, in the profile timezone (UTC).
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(add.getByLabel('Start time')).toHaveValue('2030-11-20 09:00');
  await expect(add.getByLabel('End time')).toHaveValue('2030-11-20 10:00');
  await add.getByLabel('Title').fill('Planning session');
  await add.getByLabel('Location').fill('  Room 1  ');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/events'));
  await add.getByRole('button', { name: 'Create Event' }).click();
  const body = (await posted).postDataJSON();
  expect(body).toMatchObject({
    title: 'Planning session',
    type: 'meeting',
    location: 'Room 1',
    description: '',
    startTime: '2030-11-20T09:00:00.000Z',
    endTime: '2030-11-20T10:00:00.000Z',
  });
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  // Month cell, selected-date card, upcoming events and statistics.
  await expect(page.locator('.ant-picker-calendar').getByRole('button', { name: /Planning session/ })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Events on Wednesday, November 20' })
      .getByRole('button', { name: 'Planning session' }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Upcoming events' }).getByRole('button', { name: 'Planning session' }),
  ).toBeVisible();
  const stats = page.getByRole('list', { name: 'Event statistics' });
  await expect(stats.getByRole('listitem').filter({ hasText: 'Total Events' })).toContainText('1');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Meetings' })).toContainText('1');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Reminders' })).toContainText('0');
  await screenshot(page, 'calendar-month');

  await view(page, 'Week').click();
  await expect(
    page
      .getByRole('group', { name: 'Events on Wednesday, November 20' })
      .getByRole('button', { name: /Planning session, 09:00 to 10:00/ }),
  ).toBeVisible();
  await screenshot(page, 'calendar-week');
  await view(page, 'Day').click();
  await expect(page.getByRole('button', { name: /Planning session, 09:00 to 10:00/ })).toBeVisible();
  await screenshot(page, 'calendar-day');

  // Edit from the grid.
  await page.getByRole('button', { name: /Planning session, 09:00 to 10:00/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Title')).toHaveValue('Planning session');
  await edit.getByLabel('Title').fill('Planning session (moved)');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('button', { name: /Planning session \(moved\), 09:00 to 10:00/ })).toBeVisible();

  // Delete, after confirming.
  await page
    .getByRole('list', { name: 'Events on Wednesday, November 20' })
    .getByRole('button', { name: 'Planning session (moved)' })
    .click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete this event?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(page.getByText('No events on this date')).toBeVisible();
  await expect(page.getByText('No events in this day view')).toBeVisible();
});

test('the Integrations tab shows the empty calendar integrations panel and the feed URL', async ({ page }) => {
  await signUpViaApi(page, 'Martha', 'Jones');
  await page.goto('/calendar');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/calendar\?tab=integrations$/);

  await expect(page.getByRole('heading', { name: 'Calendar Integrations' })).toBeVisible();
  await expect(page.getByText('Connect your external calendars to sync events automatically')).toBeVisible();
  await expect(page.getByText('No calendar integrations')).toBeVisible();
  await expect(page.getByText('Connect your Google Calendar to sync events automatically')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
  // Outlook is not configured on this server: a clear Error toast, and the user stays here.
  await page.getByRole('button', { name: 'Connect Outlook' }).click();
  await expect(page.getByText('Failed to connect to Outlook: Outlook is not configured')).toBeVisible();
  await expect(page).toHaveURL(/\/calendar/);
  await expect(page.getByLabel('Calendar feed URL')).toContainText(/\/api\/calendar\/feed\/.+\.ics/);

  // The CalDAV form: iCloud's address prefilled, the contract's messages.
  await page.getByRole('button', { name: 'Connect CalDAV / iCloud' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect CalDAV / iCloud' });
  await expect(dialog.getByLabel('Server URL')).toHaveValue('https://caldav.icloud.com');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText('Username is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The tab survives a reload (it is in the URL).
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
});
