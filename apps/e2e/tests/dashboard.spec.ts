import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

/** Today at hh:mm UTC (a new account's profile timezone is UTC), as an ISO instant. */
const todayAt = (hours: number, minutes = 0) => {
  const d = new Date();
  d.setUTCHours(hours, minutes, 0, 0);
  return d.toISOString();
};

/** The greeting the page should show, from the browser's own clock. */
async function expectedGreeting(page: Page) {
  const hour = await page.evaluate(() => new Date().getHours());
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

test('a new user sees the empty dashboard with real zero figures', async ({ page }) => {
  await signUpViaApi(page, 'Dana', 'Scully');
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${await expectedGreeting(page)}, Dana Scully`);
  await expect(page.getByText("Here's what's happening today")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Modules' }).getByText('Dashboard')).toBeVisible();

  const stats = page.getByRole('list', { name: 'Today at a glance' });
  await expect(stats.getByRole('listitem').filter({ hasText: "Today's Tasks" })).toContainText('0');
  await expect(stats).toContainText('+0 from yesterday');
  await expect(stats).toContainText('0 marked urgent');
  await expect(stats).toContainText('0 pending review');
  await expect(stats.getByRole('listitem').filter({ hasText: 'Website Views' })).toContainText('0.0k');

  await expect(card(page, "Today's Schedule").getByText('No events scheduled for today')).toBeVisible();
  await expect(card(page, 'Recent Research').getByText('No research reports yet')).toBeVisible();
  await expect(card(page, 'Priority Tasks').getByText('No priority tasks')).toBeVisible();
  await expect(card(page, 'Email Insights').getByRole('button', { name: 'Open Inbox' })).toBeVisible();
  await expect(card(page, 'Social Media').getByText('LinkedIn')).toBeVisible();
  await expect(card(page, 'Website Analytics').getByText('0/100')).toBeVisible();
  await screenshot(page, 'dashboard-empty');
});

test('seeded tasks and events fill the cards; toggling a priority task really completes it', async ({ page }) => {
  await signUpViaApi(page, 'Fox', 'Mulder');
  const events = [
    { title: 'Morning stand-up', type: 'meeting', startTime: todayAt(9), endTime: todayAt(9, 30), location: 'Zoom' },
    {
      title: 'Dentist visit',
      type: 'appointment',
      startTime: todayAt(14),
      endTime: todayAt(15, 30),
      metadata: { booking: 'https://example.com/booking/42', details: { room: 'B2' } },
    },
  ];
  for (const data of events) expect((await page.request.post('/api/events', { data })).status()).toBe(201);
  const tasks = [
    { title: 'Ship the release', priority: 'high', dueDate: todayAt(17) },
    { title: 'Review pull requests', priority: 'medium', dueDate: todayAt(12) },
    { title: 'Water the plants', priority: 'low' },
  ];
  for (const data of tasks) expect((await page.request.post('/api/tasks', { data })).status()).toBe(201);

  await page.goto('/');
  const schedule = card(page, "Today's Schedule");
  await expect(schedule.getByRole('button', { name: 'Morning stand-up' })).toBeVisible();
  await expect(schedule.getByRole('button', { name: 'Dentist visit' })).toContainText('1.5h');
  const stats = page.getByRole('list', { name: 'Today at a glance' });
  await expect(stats.getByRole('listitem').filter({ hasText: "Today's Tasks" })).toContainText('2');
  await expect(stats).toContainText('+2 from yesterday');

  // The detail dialog: duration in minutes, metadata with URL values as links.
  await schedule.getByRole('button', { name: 'Dentist visit' }).click();
  const detail = page.getByRole('dialog', { name: 'Dentist visit' });
  await expect(detail.getByText('90 minutes')).toBeVisible();
  await expect(detail.getByRole('link', { name: 'https://example.com/booking/42' })).toHaveAttribute(
    'href',
    'https://example.com/booking/42',
  );
  await expect(detail.getByText('B2')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toBeHidden();

  const priority = card(page, 'Priority Tasks');
  await expect(priority.getByText('3 remaining')).toBeVisible();
  await expect(priority.getByText('High Priority')).toBeVisible();
  await expect(priority.getByText('Medium Priority')).toBeVisible();
  await expect(priority.getByText('Low Priority')).toBeVisible();
  await screenshot(page, 'dashboard-full');

  // Toggling here changes the task (DECISIONS), as on the Tasks screen.
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/tasks\/\d+$/.test(r.url()));
  await priority.getByRole('checkbox', { name: 'Mark "Ship the release" complete' }).check();
  expect((await patched).ok()).toBe(true);
  await expect(priority.getByText('2 remaining')).toBeVisible();
  const saved = (await (await page.request.get('/api/tasks')).json()) as { title: string; status: string }[];
  expect(saved.find((t) => t.title === 'Ship the release')?.status).toBe('completed');
  await expect(stats.getByRole('listitem').filter({ hasText: "Today's Tasks" })).toContainText('1');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('aide-theme', 'dark'));
  await page.reload();
  await expect(schedule.getByRole('button', { name: 'Morning stand-up' })).toBeVisible();
  await screenshot(page, 'dashboard-full-dark');
  await page.evaluate(() => localStorage.removeItem('aide-theme'));
});

test('a cold load draws the schedule in the profile’s time zone from its first draw, asking for the profile and the dashboard once each', async ({
  page,
}) => {
  await signUpViaApi(page, 'Kenji', 'Sato');
  expect((await page.request.patch('/api/profile', { data: { timezone: 'Asia/Tokyo' } })).status()).toBe(200);
  // 10:00 today in Tokyo: 01:00 UTC, the zone a screen would use until the profile answered.
  const tokyoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const event = {
    title: 'Tokyo breakfast',
    type: 'meeting',
    startTime: new Date(`${tokyoToday}T10:00:00+09:00`).toISOString(),
    endTime: new Date(`${tokyoToday}T11:00:00+09:00`).toISOString(),
  };
  expect((await page.request.post('/api/events', { data: event })).status()).toBe(201);

  // What the event's entry said when it first appeared, whatever it says later.
  await page.addInitScript(() => {
    const record = () => {
      const entry = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Tokyo breakfast'));
      if (entry) {
        (window as { firstDraw?: string }).firstDraw = entry.textContent ?? '';
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(record);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/profile' || path === '/api/dashboard') asked.push(path);
  });

  await page.goto('/');
  const entry = card(page, "Today's Schedule").getByRole('button', { name: /Tokyo breakfast/ });
  await expect(entry).toContainText('10:00');
  expect(await page.evaluate(() => (window as { firstDraw?: string }).firstDraw)).toContain('10:00 – 11:00');
  // The page's preload hints and the shell's own requests are one request each.
  expect(asked.sort()).toEqual(['/api/dashboard', '/api/profile']);
});

test("quick actions: 'Add New Task' opens the Create New Task dialog, 'Schedule Meeting' the Add Event dialog", async ({
  page,
}) => {
  await signUpViaApi(page, 'Walter', 'Skinner');
  await page.goto('/');
  await card(page, 'Quick Actions').getByRole('button', { name: 'Add New Task' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('dialog', { name: 'Create New Task' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Create New Task' }).getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/');
  await card(page, 'Quick Actions').getByRole('button', { name: 'Schedule Meeting' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('dialog', { name: 'Add Event' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Add Event' }).getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/');
  await card(page, "Today's Schedule").getByRole('button', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
});

/** The dashboard's cards (not the figures at the top), top to bottom. */
const cardOrder = (page: Page) =>
  page.locator('main [role="region"].ant-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

test('Customise hides and reorders cards, kept in the profile across reloads; Reset brings the default back', async ({
  page,
}) => {
  await signUpViaApi(page, 'Monica', 'Reyes');
  await page.goto('/');
  const defaultOrder = [
    "Today's briefing",
    "Today's Schedule",
    'Quick Actions',
    'Recent Research',
    'Email Insights',
    'Priority Tasks',
    'Social Media',
    'Website Analytics',
  ];
  await expect(card(page, 'Website Analytics')).toBeVisible();
  await expect.poll(() => cardOrder(page)).toEqual(defaultOrder);
  const stats = page.getByRole('list', { name: 'Today at a glance' });
  await expect(stats.getByRole('listitem')).toHaveCount(4);

  await page.getByRole('button', { name: 'Customise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customise dashboard' });
  await dialog.getByRole('switch', { name: 'Show Email Insights' }).click();
  await dialog.getByRole('switch', { name: 'Show Unread Emails' }).click();
  await dialog.getByRole('button', { name: 'Move Website Analytics up' }).click();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/profile'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(dialog).toBeHidden();

  const customised = [
    "Today's briefing",
    "Today's Schedule",
    'Quick Actions',
    'Recent Research',
    'Priority Tasks',
    'Website Analytics',
    'Social Media',
  ];
  await expect(card(page, 'Email Insights')).toHaveCount(0);
  await expect(stats.getByRole('listitem')).toHaveCount(3);
  await expect(stats).not.toContainText('Unread Emails');
  await expect.poll(() => cardOrder(page)).toEqual(customised);

  // Saved in the profile: a reload (or another device) shows the same dashboard.
  await page.reload();
  await expect(card(page, 'Website Analytics')).toBeVisible();
  await expect.poll(() => cardOrder(page)).toEqual(customised);
  await expect(stats.getByRole('listitem')).toHaveCount(3);
  await screenshot(page, 'dashboard-customised');

  await page.getByRole('button', { name: 'Customise' }).click();
  await expect(dialog.getByRole('switch', { name: 'Show Email Insights' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Reset to default' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Email Insights')).toBeVisible();
  await expect.poll(() => cardOrder(page)).toEqual(defaultOrder);
  await expect(stats.getByRole('listitem')).toHaveCount(4);
});
