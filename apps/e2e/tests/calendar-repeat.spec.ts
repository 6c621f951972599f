import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

const view = (page: Page, name: 'Month' | 'Week' | 'Day' | '3 days') =>
  page.getByRole('radiogroup', { name: 'Calendar view' }).getByText(name, { exact: true });
/** The toolbar's own buttons (the picker's panel has buttons with the same names). */
const step = (page: Page, name: string) =>
  page.getByRole('tabpanel', { name: 'Calendar' }).getByRole('button', { name, exact: true });
const day = (page: Page, date: string) => page.getByRole('group', { name: `Events on ${date}` });

/** Jumps with the date picker (typed, as a keyboard user would). */
async function goToDate(page: Page, text: string) {
  const picker = page.getByLabel('Go to date');
  await picker.click();
  await picker.fill(text);
  await picker.press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
}

/** Opens a form's select by its label and picks an option (antd renders the options in a popup). */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

/** Types a date and time into a picker and confirms it. */
async function setTime(page: Page, label: string, value: string) {
  const field = page.getByRole('dialog').getByLabel(label, { exact: true });
  await field.click();
  await field.fill(value);
  await field.press('Enter');
  await expect(field).toHaveValue(value);
}

test('a weekly event shows in every week; one occurrence moves alone; "this and following" ends it', async ({
  page,
}) => {
  await signUpViaApi(page, 'Wendy', 'Weekly');
  await page.goto('/calendar');
  await goToDate(page, 'Nov 20, 2030');
  await view(page, 'Week').click();

  // Add a weekly event; the custom editor first, to look at.
  await page.getByRole('button', { name: 'Add Event' }).click();
  const add = page.getByRole('dialog', { name: 'Add Event' });
  await add.getByLabel('Title').fill('Weekly review');
  await pick(page, 'Repeat', 'Custom…');
  const custom = add.getByRole('group', { name: 'Custom repeat' });
  await custom.getByRole('button', { name: 'Friday' }).click();
  await custom.getByText('After', { exact: true }).click();
  await expect(add.getByTestId('repeat-summary')).toHaveText('Weekly on Wed and Fri, 10 times');
  await screenshot(page, 'calendar-repeat-editor');
  await pick(page, 'Repeat', 'Weekly on Wednesday');
  await expect(custom).toBeHidden();
  await expect(add.getByTestId('repeat-summary')).toHaveText('Weekly on Wed');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/events'));
  await add.getByRole('button', { name: 'Create Event' }).click();
  expect((await posted).postDataJSON()).toMatchObject({
    title: 'Weekly review',
    startTime: '2030-11-20T09:00:00.000Z',
    recurrence: 'FREQ=WEEKLY',
    timezone: 'UTC',
  });
  await expect(page.getByText('Event created successfully')).toBeVisible();

  // Every week: this one and the next three.
  const weeks = ['Wednesday, November 20', 'Wednesday, November 27', 'Wednesday, December 4', 'Wednesday, December 11'];
  for (const [index, date] of weeks.entries()) {
    if (index > 0) await step(page, 'Next week').click();
    await expect(day(page, date).getByRole('button', { name: /Weekly review, 09:00 to 10:00/ })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /Weekly review, 09:00 to 10:00/ })).toHaveAttribute(
    'aria-description',
    'Repeating event',
  );

  // Move the one on 4 December to 11:00, "This event" only.
  await step(page, 'Previous week').click();
  await day(page, 'Wednesday, December 4')
    .getByRole('button', { name: /Weekly review/ })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByTestId('repeat-summary')).toHaveText('Weekly on Wed');
  await setTime(page, 'Start time', '2030-12-04 11:00');
  await expect(edit.getByLabel('End time')).toHaveValue('2030-12-04 12:00');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const scope = page.getByRole('dialog', { name: 'Edit repeating event' });
  await expect(scope.getByRole('radio', { name: 'This event' })).toBeChecked();
  await expect(scope.getByRole('radio', { name: 'This and following events' })).toBeVisible();
  await expect(scope.getByRole('radio', { name: 'All events' })).toBeVisible();
  await screenshot(page, 'calendar-repeat-scope');
  const patched = page.waitForRequest((r) => r.method() === 'PATCH');
  await scope.getByRole('button', { name: 'OK' }).click();
  expect((await patched).url()).toMatch(/\/api\/events\/\d+\?scope=this&occurrence=2030-12-04T09%3A00%3A00\.000Z$/);
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(
    day(page, 'Wednesday, December 4').getByRole('button', { name: /Weekly review, 11:00 to 12:00/ }),
  ).toBeVisible();
  // The others stay at 09:00.
  await step(page, 'Previous week').click();
  await expect(
    day(page, 'Wednesday, November 27').getByRole('button', { name: /Weekly review, 09:00 to 10:00/ }),
  ).toBeVisible();
  await step(page, 'Next week').click();
  await step(page, 'Next week').click();
  await expect(
    day(page, 'Wednesday, December 11').getByRole('button', { name: /Weekly review, 09:00 to 10:00/ }),
  ).toBeVisible();

  // Delete 11 December and everything after it.
  await day(page, 'Wednesday, December 11')
    .getByRole('button', { name: /Weekly review/ })
    .click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete repeating event' });
  await remove.getByRole('radio', { name: 'This and following events' }).check();
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(day(page, 'Wednesday, December 11').getByRole('button')).toHaveCount(0);
  await step(page, 'Next week').click();
  await expect(day(page, 'Wednesday, December 18').getByRole('button')).toHaveCount(0);
  // Before it, the series and the moved occurrence remain.
  await step(page, 'Previous week').click();
  await step(page, 'Previous week').click();
  await expect(
    day(page, 'Wednesday, December 4').getByRole('button', { name: /Weekly review, 11:00 to 12:00/ }),
  ).toBeVisible();
  await step(page, 'Previous week').click();
  await expect(
    day(page, 'Wednesday, November 27').getByRole('button', { name: /Weekly review, 09:00 to 10:00/ }),
  ).toBeVisible();

  // On a phone: the editor and the question fit 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(view(page, '3 days')).toBeVisible();
  await day(page, 'Wednesday, November 27')
    .getByRole('button', { name: /Weekly review/ })
    .click();
  await pick(page, 'Repeat', 'Custom…');
  await edit.getByRole('group', { name: 'Custom repeat' }).getByRole('button', { name: 'Monday' }).click();
  await expect(edit.getByTestId('repeat-summary')).toHaveText('Weekly on Mon and Wed, until Dec 10');
  await screenshot(page, 'calendar-repeat-editor-phone');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  // A new rule applies from here on or to all: "This event" is not offered.
  await expect(scope.getByRole('radio', { name: 'This and following events' })).toBeChecked();
  await expect(scope.getByRole('radio', { name: 'This event' })).toHaveCount(0);
  await screenshot(page, 'calendar-repeat-scope-phone');
  await scope.getByRole('button', { name: 'Cancel' }).click();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
});

test('a task dragged onto the week becomes a block that shows done when the task is completed', async ({ page }) => {
  await signUpViaApi(page, 'Tim', 'Blocker');
  const created = await page.request.post('/api/tasks', {
    data: { title: 'Write quarterly report', priority: 'high', dueDate: '2030-11-22T17:00:00.000Z' },
  });
  expect(created.status()).toBe(201);
  const task = (await created.json()) as { id: number };
  await page.request.post('/api/tasks', { data: { title: 'Book dentist' } });
  await page.request.post('/api/tasks', { data: { title: 'Plan the offsite', priority: 'low' } });
  await page.request.post('/api/events', {
    data: {
      title: 'Team standup',
      startTime: '2030-11-18T09:00:00.000Z',
      endTime: '2030-11-18T09:15:00.000Z',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    },
  });

  await page.goto('/calendar');
  await goToDate(page, 'Nov 20, 2030');
  await view(page, 'Week').click();
  const panel = page.getByTestId('unscheduled-panel');
  const item = panel.getByTestId('unscheduled-task').filter({ hasText: 'Write quarterly report' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Due Nov 22');

  // Drag it onto Wednesday 14:00 (the grid: 48 px an hour).
  // Show the working day from 08:00 (14:00 in sight): the grid scrolls inside itself, the page around it.
  const grid = page.getByTestId('calendar-time-grid');
  await grid.evaluate((el) => (el.scrollTop = 8 * 48));
  await grid.scrollIntoViewIfNeeded();
  const column = page.locator('[data-day-column="2030-11-20"]');
  const from = (await item.boundingBox())!;
  const to = (await column.boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 14 * 48 + 8, { steps: 12 });
  await expect(page.getByTestId('drop-preview')).toContainText('14:00 Write quarterly report');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/events'));
  await page.mouse.up();
  expect((await posted).postDataJSON()).toEqual({
    title: 'Write quarterly report',
    type: 'appointment',
    startTime: '2030-11-20T14:00:00.000Z',
    endTime: '2030-11-20T14:30:00.000Z',
    taskId: task.id,
  });
  await expect(page.getByText(/“Write quarterly report” scheduled for/)).toBeVisible();
  const block = day(page, 'Wednesday, November 20').getByRole('button', {
    name: /Write quarterly report, 14:00 to 14:30/,
  });
  await expect(block).toBeVisible();
  await expect(block).toHaveAttribute('aria-description', 'Time block for a task');
  // Scheduled: it leaves the panel.
  await expect(item).toHaveCount(0);
  await expect(panel.getByTestId('unscheduled-task').filter({ hasText: 'Book dentist' })).toBeVisible();

  // Drag Tuesday's standup an hour later: an occurrence asks which events move.
  const standup = day(page, 'Tuesday, November 19').getByRole('button', { name: /Team standup, 09:00 to 09:15/ });
  const box = (await standup.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + 14, box.y + 14, { steps: 3 });
  await page.mouse.move(box.x + 10, box.y + 4 + 48, { steps: 8 });
  await expect(page.getByTestId('drop-preview')).toContainText('10:00 Team standup');
  await page.mouse.up();
  const move = page.getByRole('dialog', { name: 'Move repeating event' });
  await expect(move.getByRole('radio', { name: 'This event' })).toBeChecked();
  const moved = page.waitForRequest((r) => r.method() === 'PATCH');
  await move.getByRole('button', { name: 'OK' }).click();
  expect((await moved).postDataJSON()).toEqual({
    startTime: '2030-11-19T10:00:00.000Z',
    endTime: '2030-11-19T10:15:00.000Z',
  });
  await expect(
    day(page, 'Tuesday, November 19').getByRole('button', { name: /Team standup, 10:00 to 10:15/ }),
  ).toBeVisible();
  await expect(
    day(page, 'Monday, November 18').getByRole('button', { name: /Team standup, 09:00 to 09:15/ }),
  ).toBeVisible();

  // The keyboard way: Schedule, a time, Schedule.
  await panel.getByRole('button', { name: 'Schedule “Book dentist”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule “Book dentist”' });
  await setTime(page, 'Start', '2030-11-21 16:00');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(
    day(page, 'Thursday, November 21').getByRole('button', { name: /Book dentist, 16:00 to 16:30/ }),
  ).toBeVisible();
  await screenshot(page, 'calendar-week-blocks');

  // Completing the task marks its block done.
  expect((await page.request.patch(`/api/tasks/${task.id}`, { data: { status: 'completed' } })).status()).toBe(200);
  await page.reload();
  await goToDate(page, 'Nov 20, 2030');
  await view(page, 'Week').click();
  const done = page.getByRole('button', { name: /Write quarterly report, 14:00 to 14:30/ });
  await expect(done).toHaveAttribute('aria-description', 'Time block for a completed task');
  await expect(done.getByText('Write quarterly report')).toHaveCSS('text-decoration-line', 'line-through');
  await done.click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByTestId('task-block-link')).toContainText('Time block for a completed task');
  await expect(edit.getByRole('button', { name: 'Open in Tasks' })).toBeVisible();
  await screenshot(page, 'calendar-block-done-dialog');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // On a phone: three days, the panel folded above them.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(view(page, '3 days')).toBeVisible();
  await page.getByTestId('unscheduled-toggle').click();
  await expect(page.getByTestId('unscheduled-panel')).toBeVisible();
  await screenshot(page, 'calendar-week-blocks-phone');
});
