import { expect, test, type Page } from '@playwright/test';
import type { Email, EmailIntegration, EmailPage } from '@aide/contracts';
import { screenshot, signUpViaApi } from './helpers';
import { deliverMail, mailServers, rawMessage, serverMessages } from './mail-servers';

// Snooze and bulk actions (issue 24) end to end against the run's Dovecot: mail delivered to ada's
// INBOX, synced, bulk-archived from the list (and undone), and a snoozed message that comes back
// on top of the Inbox, unread. The run's mailboxes are shared: this test's mail carries its own tag.

const list = (page: Page, name = 'Inbox emails') => page.getByRole('list', { name });
const rows = (page: Page) => list(page).getByRole('listitem');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Selected emails' });

async function emails(page: Page, query: Record<string, string>): Promise<EmailPage> {
  const res = await page.request.get('/api/emails', { params: { pageSize: '100', ...query } });
  expect(res.status()).toBe(200);
  return (await res.json()) as EmailPage;
}

test('bulk-archive 20 from the list and undo; a snoozed message comes back on top, unread', async ({ page }) => {
  test.setTimeout(150_000);
  const mail = await mailServers();
  const [ada] = mail.users;
  const tag = `bulk${Date.now().toString(36)}`;
  const wake = `wake${Date.now().toString(36)}`;
  const start = Date.now() - 3_600_000;
  for (let i = 1; i <= 22; i++)
    await deliverMail(
      'ada',
      rawMessage({
        from: 'Newsletter <news@shop.example>',
        to: ada.address,
        subject: `Weekly digest ${String(i).padStart(2, '0')} ${tag}`,
        text: 'This week in the shop.',
        date: new Date(start + i * 60_000),
      }),
    );
  await deliverMail(
    'ada',
    rawMessage({
      from: 'Grace Hopper <grace@navy.example>',
      to: ada.address,
      subject: `Quarterly plan ${wake}`,
      text: 'Can we talk about the plan next week?',
      date: new Date(start),
    }),
  );

  await signUpViaApi(page, 'Ada', 'Lovelace');
  const created = await page.request.post('/api/email-integrations', {
    data: {
      provider: 'imap',
      email: ada.address,
      password: ada.password,
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
      syncFrequency: 86_400,
    },
  });
  expect(created.status()).toBe(201);
  const integration = (await created.json()) as EmailIntegration;
  await expect
    .poll(async () => (await emails(page, { q: tag })).total, { timeout: 60_000, message: 'the first sync' })
    .toBe(22);
  expect(integration.id).toBeGreaterThan(0);

  // ---- Bulk: shift-click a range, then the page, archive 20, undo ----
  await page.goto('/email');
  await page.getByLabel('Search emails').fill(tag);
  // The search applies after a pause: a page of 20 of the 22 found.
  await expect(page.getByText('1–20 of 22')).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  const checkbox = (index: number) => rows(page).nth(index).getByRole('checkbox');
  await checkbox(1).click();
  await checkbox(4).click({ modifiers: ['Shift'] });
  await expect(toolbar(page).getByText('4 selected')).toBeVisible();
  await toolbar(page).getByRole('checkbox', { name: 'Select all emails on this page' }).click();
  await expect(toolbar(page).getByText('20 selected')).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Select all 22 emails matching' })).toBeVisible();
  await screenshot(page, 'email-bulk-toolbar');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'email-bulk-toolbar-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await toolbar(page).getByRole('button', { name: 'Archive' }).click();
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '20 emails archived' });
  await expect(notice).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect
    .poll(async () => (await serverMessages('ada', 'Archive')).filter((m) => m.subject.includes(tag)).length, {
      timeout: 30_000,
      message: 'the 20 moved to Archive on the server',
    })
    .toBe(20);

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('20 emails restored')).toBeVisible();
  await expect(rows(page)).toHaveCount(20);
  await expect
    .poll(async () => (await serverMessages('ada', 'INBOX')).filter((m) => m.subject.includes(tag)).length, {
      timeout: 30_000,
      message: 'the 20 back in the INBOX on the server',
    })
    .toBe(22);

  // "Select all 22 matching" sends the search, not the ids: all 22 go, the page's and the next.
  await toolbar(page).getByRole('checkbox', { name: 'Select all emails on this page' }).click();
  await toolbar(page).getByRole('button', { name: 'Select all 22 emails matching' }).click();
  await expect(toolbar(page).getByText('22 selected')).toBeVisible();
  await toolbar(page).getByRole('button', { name: 'Mark read' }).click();
  await expect(page.getByText('22 emails marked read')).toBeVisible();
  await expect.poll(async () => (await emails(page, { q: tag })).items.filter((e) => e.isRead).length).toBe(22);

  // ---- Snooze: the menu, then a wake a few seconds ahead ----
  await page.getByLabel('Search emails').fill(wake);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  const target: Email = (await emails(page, { q: wake })).items[0];
  await rows(page).first().getByRole('checkbox').click();
  await toolbar(page).getByRole('button', { name: 'Snooze' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Tomorrow')).toBeVisible();
  await expect(menu.getByText('Pick date & time…')).toBeVisible();
  await screenshot(page, 'email-snooze-menu');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await toolbar(page).getByRole('button', { name: 'Snooze' }).click();
  await expect(page.getByRole('menu').getByText('Next week')).toBeVisible();
  await screenshot(page, 'email-snooze-menu-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Read first, so coming back unread shows.
  expect((await page.request.patch(`/api/emails/${target.id}`, { data: { isRead: true } })).status()).toBe(200);
  const until = new Date(Date.now() + 8_000).toISOString();
  expect((await page.request.post(`/api/emails/${target.id}/snooze`, { data: { until } })).status()).toBe(200);
  await page.getByLabel('Search emails').fill('');
  await page.getByRole('tab', { name: /^Snoozed/ }).click();
  const snoozedRow = list(page, 'Emails')
    .getByRole('listitem')
    .filter({ hasText: `Quarterly plan ${wake}` });
  await expect(snoozedRow).toContainText('Snoozed until');
  await page.getByRole('tab', { name: /^Inbox/ }).click();
  await expect(rows(page).filter({ hasText: `Quarterly plan ${wake}` })).toHaveCount(0);

  // The sweep wakes it: back on top of the Inbox, unread (the list refetches on Refresh or focus).
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return rows(page).first().textContent();
      },
      { timeout: 60_000, intervals: [2_000], message: 'the snoozed message back on top' },
    )
    .toContain(`Quarterly plan ${wake}`);
  await expect(
    rows(page)
      .first()
      .getByRole('button', { name: new RegExp(`^Unread\\. .*Quarterly plan ${wake}`) }),
  ).toBeVisible();
  await screenshot(page, 'email-snooze-woken');
  const bell = await page.request.get('/api/notifications');
  expect(((await bell.json()) as { items: { title: string }[] }).items.map((n) => n.title)).toContain(
    `Snoozed email is back: Quarterly plan ${wake}`,
  );
});
