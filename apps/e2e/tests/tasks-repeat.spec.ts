import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';
import { axeFindings, describeFindings } from './screens';

const taskList = (page: Page) => page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
const taskCard = (page: Page, title: string) => taskList(page).filter({ hasText: title });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number) => String(n).padStart(2, '0');
/** A day `days` from today at 09:00 in the browser's zone (the profile's is UTC, as the machine's). */
const dayFromToday = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(9, 0, 0, 0);
  return date;
};
/** What the due-date field takes: '2026-12-03 09:00'. */
const pickerText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 09:00`;
/** What the card says: 'Due 3 Dec 2026, 09:00'. */
const cardDue = (d: Date) => `Due ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, 09:00`;

/** Drags `from` onto `to` with the mouse in small steps, as a hand does (dnd-kit waits for 4 px of movement). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 4, { steps: 12 });
  await page.mouse.up();
}

test('a weekly task comes again when completed, and its subtasks are ticked, counted and reordered', async ({
  page,
}) => {
  await signUpViaApi(page, 'Rosalind', 'Franklin');
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();

  // A weekly task, due in three days at 09:00, reminding 15 minutes before.
  const due = dayFromToday(3);
  const nextDue = dayFromToday(10);
  await page.getByRole('button', { name: 'Add Task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await dialog.getByLabel('Title').fill('Water the plants');
  await dialog.getByLabel('Due date').click();
  await dialog.getByLabel('Due date').fill(pickerText(due));
  await dialog.getByLabel('Due date').press('Enter');
  await expect(dialog.getByLabel('Due date')).toHaveValue(pickerText(due));
  await dialog.getByLabel('Repeat').click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(`Weekly on ${WEEKDAYS[due.getDay()]}`, { exact: true })
    .click();
  await expect(dialog.getByTestId('repeat-summary')).toHaveText(`Weekly on ${WEEKDAYS[due.getDay()].slice(0, 3)}`);
  await expect(dialog.getByRole('radio', { name: 'When I complete this' })).toBeChecked();
  await dialog.getByLabel('Remind me').click();
  await page.locator('.ant-select-dropdown:visible').getByText('15 minutes before', { exact: true }).click();

  // Five steps, added with Enter.
  const add = dialog.getByLabel('Add subtask');
  for (const step of ['Fill the can', 'Kitchen', 'Balcony', 'Bedroom', 'Feed the fern']) {
    await add.fill(step);
    await add.press('Enter');
  }
  const steps = dialog.getByRole('list', { name: 'Subtasks' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await dialog.getByRole('checkbox', { name: 'Mark “Fill the can” done' }).check();
  await dialog.getByRole('checkbox', { name: 'Mark “Kitchen” done' }).check();
  await expect(dialog.getByText('2 of 5 done')).toBeVisible();
  await screenshot(page, 'tasks-repeat-form');
  // The new fields pass axe as the rest of the app does (issue 22): nothing serious, no contrast problem.
  expect(describeFindings('task form', await axeFindings(page, '.ant-modal'))).toEqual([]);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();

  const card = taskCard(page, 'Water the plants');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('subtask-progress')).toHaveText('2/5');
  await expect(
    card.getByRole('img', { name: `Repeats: Weekly on ${WEEKDAYS[due.getDay()].slice(0, 3)}` }),
  ).toBeVisible();
  await expect(card.getByText(cardDue(due))).toBeVisible();

  // Reorder by drag: "Feed the fern" to the top, saved with the task.
  await card.getByRole('button', { name: 'Edit task' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  const editSteps = edit.getByRole('list', { name: 'Subtasks' }).getByRole('listitem');
  // The checklist is at the bottom of the dialog: scrolled into view, as a person would.
  await edit.getByLabel('Add subtask').scrollIntoViewIfNeeded();
  await drag(
    page,
    edit.getByRole('button', { name: 'Move “Feed the fern”' }),
    edit.getByRole('button', { name: 'Move “Fill the can”' }),
  );
  await expect(editSteps.first().getByRole('textbox')).toHaveValue('Feed the fern');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Task updated successfully')).toBeVisible();
  await card.getByTestId('subtask-progress').click();
  await expect(card.getByRole('list', { name: 'Subtasks' }).getByRole('listitem')).toHaveText([
    'Feed the fern',
    'Fill the can',
    'Kitchen',
    'Balcony',
    'Bedroom',
  ]);
  await screenshot(page, 'tasks-repeat-card');
  expect(describeFindings('task card', await axeFindings(page, 'main'))).toEqual([]);

  // Completing it brings next week's, its steps to do again.
  await page.getByRole('checkbox', { name: 'Mark "Water the plants" complete' }).click();
  await expect(
    page.getByText(`Next: ${WEEKDAYS[nextDue.getDay()].slice(0, 3)} ${cardDue(nextDue).slice(4)}`),
  ).toBeVisible();
  await expect(taskCard(page, 'Water the plants')).toHaveCount(2);
  const next = taskCard(page, 'Water the plants').filter({ hasText: cardDue(nextDue) });
  await expect(next.getByTestId('subtask-progress')).toHaveText('0/5');
  await expect(next.getByRole('checkbox', { name: 'Mark "Water the plants" complete' })).not.toBeChecked();
  const done = taskCard(page, 'Water the plants').filter({ hasText: cardDue(due) });
  await expect(done.getByRole('deletion').filter({ hasText: 'Water the plants' })).toBeVisible();
  // The rule moved on: the completed one no longer repeats.
  await expect(done.getByTestId('task-repeats')).toHaveCount(0);
  await expect(next.getByTestId('task-repeats')).toHaveCount(1);

  // On a phone the card keeps its progress and repeat icon.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(next.getByTestId('subtask-progress')).toBeVisible();
  await screenshot(page, 'tasks-repeat-phone');
  await next.getByRole('button', { name: 'Edit task' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByLabel('Add subtask')).toBeVisible();
  await screenshot(page, 'tasks-repeat-form-phone');
});
