import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const taskCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Tasks' }).getByRole('listitem').filter({ hasText: title });
const tasksBadge = (page: Page, count: string) =>
  page.getByRole('navigation', { name: 'Modules' }).getByText(count, { exact: true });

test('two tabs of one user: a task and a notification made in one show up in the other without a reload', async ({
  browser,
}) => {
  // One context is one browser profile: both tabs share the session cookie.
  const context = await browser.newContext();
  const tabA = await context.newPage();
  await signUpViaApi(tabA, 'Tess', 'Tabs');
  const tabB = await context.newPage();
  for (const tab of [tabA, tabB]) {
    // The shell opens its one event stream once signed in; wait for it so no event can slip by.
    const stream = tab.waitForResponse((response) => new URL(response.url()).pathname === '/api/stream');
    await tab.goto('/tasks');
    expect((await stream).headers()['content-type']).toContain('text/event-stream');
    await expect(tab.getByText('No tasks yet. Create your first task!')).toBeVisible();
  }
  const bellB = tabB.getByRole('button', { name: 'Notifications' });
  await expect(bellB.locator('.ant-badge-dot')).toHaveCount(0);

  // Tab B holds its stream and does not poll: no task reads while nothing changes.
  const taskReadsInB: string[] = [];
  tabB.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/tasks')
      taskReadsInB.push(request.url());
  });
  await tabB.waitForTimeout(1500);
  expect(taskReadsInB).toEqual([]);

  // Tab A creates a task through its dialog.
  await tabA.getByRole('button', { name: 'Add Task' }).first().click();
  const dialog = tabA.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByLabel('Title').fill('Made in tab A');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(taskCard(tabA, 'Made in tab A')).toBeVisible();

  // Tab B shows it, and its sidebar badge counts it, with no reload.
  await expect(taskCard(tabB, 'Made in tab A')).toBeVisible();
  await expect(tasksBadge(tabB, '1')).toBeVisible();
  expect(taskReadsInB.length).toBeGreaterThan(0);

  // A task due in three hours, made in tab A: the API notifies at once, and tab B's bell lights up.
  expect(
    (await tabA.request.post('/api/tasks', { data: { title: 'Renew passport', dueDate: inHours(3) } })).status(),
  ).toBe(201);
  await expect(bellB.locator('.ant-badge-dot')).toHaveCount(1);
  await expect(taskCard(tabB, 'Renew passport')).toBeVisible();
  await expect(tasksBadge(tabB, '2')).toBeVisible();
  await bellB.click();
  await expect(tabB.getByText('Task due soon: Renew passport')).toBeVisible();

  await context.close();
});
