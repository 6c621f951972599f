import { expect, test } from '@playwright/test';
import { connectToAppDatabase, seedEmails } from './email-db';
import { screenshot, signUpViaApi } from './helpers';

/** A time later today (UTC, a new account's timezone), but never past 23:00, as an ISO instant. */
const laterToday = (minutes: number) => {
  const now = new Date();
  const lastStart = new Date(now);
  lastStart.setUTCHours(23, 0, 0, 0);
  return new Date(Math.min(now.getTime() + minutes * 60_000, lastStart.getTime())).toISOString();
};

test("the dashboard's briefing lists today's event, an overdue task, a mail awaiting a reply and a down site, each linking to it", async ({
  page,
}) => {
  const email = await signUpViaApi(page, 'Briony', 'Tallis');
  const start = laterToday(30);
  const end = new Date(Date.parse(start) + 45 * 60_000).toISOString();
  const event = await page.request.post('/api/events', {
    data: { title: 'Design review', startTime: start, endTime: end },
  });
  expect(event.status()).toBe(201);
  const task = await page.request.post('/api/tasks', {
    data: { title: 'Renew the passport', dueDate: new Date(Date.now() - 2 * 86_400_000).toISOString() },
  });
  expect(task.status()).toBe(201);

  const db = await connectToAppDatabase();
  try {
    await seedEmails(db, email, [
      {
        subject: 'Venue for the offsite',
        from: 'Cecilia Tallis <cecilia@example.org>',
        body: 'Hi Briony,\n\nCould you confirm the venue for the offsite by Thursday?\n\nCecilia',
        receivedAt: new Date(Date.now() - 3 * 3_600_000),
      },
      {
        subject: 'This week’s deals',
        from: 'Shop <deals@shop.example>',
        body: 'Want 20% off?',
        category: 'newsletter',
        receivedAt: new Date(Date.now() - 2 * 3_600_000),
      },
    ]);
    // A site whose last uptime check failed (nothing answers on port 9, so the next check fails too).
    const site = await db.query<{ id: number }>(
      `INSERT INTO websites ("userId", name, url, "siteKey")
       SELECT id, 'Tallis Books', 'http://127.0.0.1:9/', 'briefing' || id FROM users WHERE email = $1 RETURNING id`,
      [email.toLowerCase()],
    );
    await db.query(
      `INSERT INTO website_uptime_checks ("websiteId", "checkedAt", ok, error) VALUES ($1, now(), false, 'no answer')`,
      [site.rows[0].id],
    );
  } finally {
    await db.end();
  }

  await page.goto('/');
  const briefing = page.getByRole('region', { name: "Today's briefing" });
  await expect(briefing.getByText(/One task is overdue: Renew the passport\./)).toBeVisible();
  await expect(
    briefing.getByText(/Cecilia Tallis is waiting for your reply to “Venue for the offsite”\./),
  ).toBeVisible();

  const schedule = briefing.getByRole('region', { name: 'Schedule' });
  await expect(schedule.getByRole('link', { name: 'Design review' })).toHaveAttribute(
    'href',
    /^\/calendar\?event=\d+$/,
  );
  await expect(
    briefing.getByRole('region', { name: 'Tasks' }).getByRole('link', { name: 'Renew the passport' }),
  ).toHaveAttribute('href', /^\/tasks\?open=\d+$/);
  const mail = briefing.getByRole('region', { name: 'Awaiting your reply' });
  await expect(mail.getByRole('link', { name: 'Venue for the offsite' })).toHaveAttribute(
    'href',
    /^\/email\?open=\d+$/,
  );
  await expect(mail.getByText('This week’s deals')).toHaveCount(0);
  const sites = briefing.getByRole('region', { name: 'Websites' });
  await expect(sites.getByRole('link', { name: 'Tallis Books' })).toHaveAttribute('href', '/website');
  await expect(sites.getByText('http://127.0.0.1:9/ did not answer its last uptime check')).toBeVisible();
  await screenshot(page, 'dashboard-briefing');

  // A line takes the person to its source: the mail opens.
  await mail.getByRole('link', { name: 'Venue for the offsite' }).click();
  await expect(page).toHaveURL(/\/email/);
  await expect(page.getByRole('dialog', { name: 'Venue for the offsite' })).toBeVisible();

  // And back on the dashboard, the task opens in Tasks.
  await page.goto('/');
  await page
    .getByRole('region', { name: "Today's briefing" })
    .getByRole('region', { name: 'Tasks' })
    .getByRole('link', { name: 'Renew the passport' })
    .click();
  await expect(page).toHaveURL(/\/tasks/);
  await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue('Renew the passport');
});

test('Profile: the person chooses the morning briefing, by notification and email at 06:30', async ({ page }) => {
  await signUpViaApi(page, 'Leon', 'Marshall');
  await page.goto('/profile');
  await expect(page.getByLabel('Daily briefing')).toBeVisible();
  await expect(page.locator('.ant-select', { has: page.getByLabel('Daily briefing') })).toContainText('Off');
  await expect(page.getByLabel('Briefing time')).toHaveCount(0);

  await page.getByLabel('Daily briefing').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Notification and email', { exact: true }).click();
  await page.getByLabel('Briefing time').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('06:30', { exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  expect(await (await page.request.get('/api/profile')).json()).toMatchObject({
    dailyBriefing: 'email',
    briefingTime: '06:30',
  });
  await screenshot(page, 'profile-daily-briefing');
});
