import { expect, test, type Page } from '@playwright/test';
import { dashboardGreeting, screenshot, signUpViaUi } from './helpers';

const taskList = (page: Page) => page.getByRole('list', { name: 'Tasks' }).getByRole('listitem');
const taskCard = (page: Page, title: string) => taskList(page).filter({ hasText: title });

async function createTask(
  page: Page,
  fields: { title: string; description?: string; category?: string; priority?: 'High' | 'Medium' | 'Low' },
) {
  await page.getByRole('button', { name: 'Add Task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill(fields.title);
  if (fields.description) await dialog.getByLabel('Description').fill(fields.description);
  if (fields.category) await dialog.getByLabel('Category').fill(fields.category);
  if (fields.priority) {
    await dialog.getByLabel('Priority').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(fields.priority, { exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(taskCard(page, fields.title)).toBeVisible();
}

test('a new user signs up and manages tasks through the federated organiser remote', async ({ page }) => {
  // Sign up through the sign-in page that /api/login leads to.
  const form = await signUpViaUi(page, 'Grace', 'Hopper', 'short');
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  // Bad input gets the contract's messages in the form, not the browser's own bubbles.
  const email = await form.getByLabel('Email').inputValue();
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Invalid email')).toBeVisible();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('a long enough password');
  await form.getByRole('button', { name: 'Create Account' }).click();

  // Signed in: the shell shows the organiser's Dashboard; the sidebar leads to Tasks.
  await expect(dashboardGreeting(page)).toBeVisible();
  await page.getByRole('navigation', { name: 'Modules' }).getByText('Tasks & To-Do').click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { name: 'Tasks & To-Do' })).toBeVisible();
  await expect(page.getByText('Manage your tasks and stay organized')).toBeVisible();
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await expect(page.getByText('No tasks yet. Create your first task!')).toBeVisible();
  await screenshot(page, 'tasks-empty-light');

  // The title is required, with the contract's message.
  await page.getByRole('button', { name: 'Add Task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await createTask(page, {
    title: 'Write quarterly report',
    description: 'Numbers for Q4',
    category: 'Work',
    priority: 'High',
  });
  await createTask(page, { title: 'Buy groceries', category: 'Home', priority: 'Low' });
  await createTask(page, { title: 'Book dentist' });

  // Picking a due day sets 17:00, so a task due today is not overdue from midnight.
  await page.getByRole('button', { name: 'Add Task' }).first().click();
  const dated = page.getByRole('dialog', { name: 'Create New Task' });
  // The dialog focuses Title once it has finished opening; a picker opened before that would be
  // closed by the focus move, as it would for a user clicking that fast.
  await expect(dated.getByLabel('Title')).toBeFocused();
  await dated.getByLabel('Due date').click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').click();
  await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' }).click();
  await expect(dated.getByLabel('Due date')).toHaveValue(/ 17:00$/);
  await dated.getByRole('button', { name: 'Cancel' }).click();

  // Sidebar badge: tasks not completed.
  const nav = page.getByRole('navigation', { name: 'Modules' });
  await expect(nav.getByText('3', { exact: true })).toBeVisible();

  // Search is case-insensitive over title, description, category and priority.
  const search = page.getByPlaceholder('Search tasks...');
  await search.fill('WORK');
  await expect(taskCard(page, 'Write quarterly report')).toBeVisible();
  await expect(taskCard(page, 'Buy groceries')).toBeHidden();
  await search.fill('low');
  await expect(taskCard(page, 'Buy groceries')).toBeVisible();
  await expect(taskCard(page, 'Write quarterly report')).toBeHidden();
  await search.fill('nothing like this');
  await expect(page.getByText('No tasks match your filters')).toBeVisible();
  await search.fill('');

  // Completing a task strikes it through and moves it out of Pending.
  await page.getByRole('checkbox', { name: 'Mark "Buy groceries" complete' }).click();
  await expect(page.getByRole('checkbox', { name: 'Mark "Buy groceries" not complete' })).toBeChecked();
  // Struck through: the title is marked up as a deletion, shown with a line through it.
  const struck = taskCard(page, 'Buy groceries').getByRole('deletion');
  await expect(struck).toHaveText('Buy groceries');
  await expect(struck).toHaveCSS('text-decoration-line', 'line-through');
  await expect(nav.getByText('2', { exact: true })).toBeVisible();

  // The status filter combines with the search.
  await page.getByLabel('Filter by status').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Completed', { exact: true }).click();
  await expect(taskCard(page, 'Buy groceries')).toBeVisible();
  await expect(taskCard(page, 'Book dentist')).toBeHidden();
  await search.fill('dentist');
  await expect(page.getByText('No tasks match your filters')).toBeVisible();
  await search.fill('');
  await page.getByLabel('Filter by status').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('All', { exact: true }).click();

  // Unticking a completed task makes it pending again.
  await page.getByRole('checkbox', { name: 'Mark "Buy groceries" not complete' }).click();
  await expect(page.getByRole('checkbox', { name: 'Mark "Buy groceries" complete' })).not.toBeChecked();

  // Edit.
  await taskCard(page, 'Book dentist').getByRole('button', { name: 'Edit task' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Title')).toHaveValue('Book dentist');
  await edit.getByLabel('Title').fill('Book dentist for Friday');
  await edit.getByLabel('Status').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('In Progress', { exact: true }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Task updated successfully')).toBeVisible();
  await expect(taskCard(page, 'Book dentist for Friday').getByText('in progress', { exact: true })).toBeVisible();

  await expect(edit).toBeHidden();
  await page.locator('.ant-notification-notice').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await screenshot(page, 'tasks-with-tasks-light');

  // Delete asks first.
  await taskCard(page, 'Write quarterly report').getByRole('button', { name: 'Delete task' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this task?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Task deleted successfully')).toBeVisible();
  await expect(taskCard(page, 'Write quarterly report')).toHaveCount(0);

  // What was saved survives a reload (it is in PostgreSQL, not in the page).
  await page.reload();
  await expect(taskCard(page, 'Book dentist for Friday')).toBeVisible();
  await expect(taskCard(page, 'Buy groceries')).toBeVisible();
  await expect(taskList(page)).toHaveCount(2);
});
