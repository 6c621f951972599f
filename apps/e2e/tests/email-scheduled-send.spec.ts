import { expect, test, type Page } from '@playwright/test';
import type { ComposedMessage, OutgoingEmail } from '@aide/contracts';
import { screenshot, signUpViaApi } from './helpers';
import { mailServers, serverMessages } from './mail-servers';

// Scheduled send and undo send (issue 24) against the run's real mail servers (Dovecot IMAP and an
// SMTP server delivering into it): a message handed to the outbox waits for its time, is listed in
// the Scheduled tab, and reaches the recipient's mailbox exactly once; Undo takes it back and
// nothing goes out. The compose window is another part of the issue: messages are handed to the
// outbox here as it does, with POST /api/emails/send from the page's own session.

const scheduledTab = (page: Page) => page.getByRole('tab', { name: /^Scheduled/ });
const scheduledList = (page: Page) => page.getByRole('list', { name: 'Scheduled messages' });
const scheduledItem = (page: Page, subject: string) => scheduledList(page).getByRole('listitem', { name: subject });
const arrivals = async (user: string, subject: string) =>
  (await serverMessages(user)).filter((message) => message.subject === subject).length;

/** A signed-up user with ada's mailbox connected; answers the account's id and the addresses. */
async function adaConnected(page: Page) {
  const mail = await mailServers();
  const [ada, bob] = mail.users;
  await signUpViaApi(page, 'Ada', 'Lovelace');
  const created = await page.request.post('/api/email-integrations', {
    data: {
      provider: 'imap',
      email: ada.address,
      displayName: 'Ada Lovelace',
      password: ada.password,
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
    },
  });
  expect(created.status()).toBe(201);
  return { integrationId: ((await created.json()) as { id: number }).id, ada, bob };
}

/** Hands a message to the outbox as the compose window's Send does. */
async function send(page: Page, message: Partial<ComposedMessage> & { sendAt?: string | null }) {
  const response = await page.request.post('/api/emails/send', { data: message });
  expect(response.status()).toBe(202);
  return (await response.json()) as OutgoingEmail;
}

test('a message scheduled a minute ahead waits in the Scheduled tab, then arrives exactly once', async ({ page }) => {
  test.setTimeout(180_000);
  const { integrationId, bob } = await adaConnected(page);
  // The run's mailboxes are shared by every test: this test's mail is told apart by this tag.
  const subject = `Board meeting minutes ${Date.now().toString(36)}`;
  const queued = await send(page, {
    integrationId,
    to: [bob.address],
    subject,
    html: '<p>Hi Bob,</p><p>The minutes are <b>attached below</b>.</p>',
    text: 'Hi Bob,\n\nThe minutes are attached below.',
    sendAt: new Date(Date.now() + 60_000).toISOString(),
  });
  expect(queued).toMatchObject({ scheduled: true, status: 'waiting' });

  await page.goto('/email?tab=scheduled');
  await expect(scheduledTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(scheduledTab(page)).toContainText('1');
  const item = scheduledItem(page, subject);
  await expect(item).toBeVisible();
  await expect(item.getByText(`To: ${bob.address}`)).toBeVisible();
  await expect(item.getByText(/^Sends /)).toBeVisible();
  await expect(item.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Cancel sending' })).toBeVisible();
  await screenshot(page, 'email-scheduled-tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'email-scheduled-tab-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Not before its time.
  expect(await arrivals('bob', subject)).toBe(0);
  await expect.poll(() => arrivals('bob', subject), { timeout: 120_000, intervals: [2_000] }).toBe(1);
  // Gone from the outbox (sent), and still one copy once every job and sweep has looked at it.
  await expect
    .poll(async () => ((await (await page.request.get('/api/emails/outbox')).json()) as OutgoingEmail[]).length, {
      timeout: 30_000,
    })
    .toBe(0);
  await page.reload();
  await expect(page.getByText('No scheduled messages')).toBeVisible();
  expect(await arrivals('bob', subject)).toBe(1);
  expect((await serverMessages('ada', 'Sent')).filter((message) => message.subject === subject)).toHaveLength(1);
});

test('Undo after Send brings the message back, and nothing goes out', async ({ page }) => {
  test.setTimeout(120_000);
  const { integrationId, bob } = await adaConnected(page);
  const tag = Date.now().toString(36);

  // Send, then Undo within the window (as the Undo button does): the message comes back as written.
  const written = {
    integrationId,
    to: [bob.address],
    subject: `Draft budget ${tag}`,
    html: '<p>Numbers to follow.</p>',
    text: 'Numbers to follow.',
  };
  const sent = await send(page, written);
  expect(sent).toMatchObject({ scheduled: false, status: 'waiting' });
  const undone = await page.request.delete(`/api/emails/outbox/${sent.id}`);
  expect(undone.status()).toBe(200);
  expect(((await undone.json()) as { message: ComposedMessage }).message).toMatchObject(written);

  // Send now from the Scheduled tab: "Sending…" with Undo; Undo puts it back at its time.
  const later = `Quarterly report ${tag}`;
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  await send(page, { integrationId, to: [bob.address], subject: later, text: 'Q3 figures', sendAt: inAnHour });
  await page.goto('/email?tab=scheduled');
  const item = scheduledItem(page, later);
  await item.getByRole('button', { name: 'Send now' }).click();
  const sending = page.locator('.ant-notification-notice').filter({ hasText: 'Sending…' });
  await expect(sending).toBeVisible();
  await expect(sending).toContainText(later);
  await screenshot(page, 'email-undo-notification');
  await sending.getByRole('button', { name: 'Undo' }).click();
  const undoneNotice = page.locator('.ant-notification-notice').filter({ hasText: 'Sending undone' });
  await expect(undoneNotice).toBeVisible();
  await expect(undoneNotice).toContainText(`“${later}” is scheduled again for`);
  await screenshot(page, 'email-undo-done');
  await expect(item.getByText(/^Sends /)).toBeVisible();
  const listed = (await (await page.request.get('/api/emails/outbox')).json()) as OutgoingEmail[];
  expect(listed.find((message) => message.subject === later)).toMatchObject({ status: 'waiting', sendAt: inAnHour });

  // Nothing went out: a message sent after both arrives, and alone.
  const marker = `Arrives after the undone ones ${tag}`;
  await send(page, { integrationId, to: [bob.address], subject: marker, text: 'marker' });
  await expect.poll(() => arrivals('bob', marker), { timeout: 60_000, intervals: [1_000] }).toBe(1);
  expect(await arrivals('bob', written.subject)).toBe(0);
  expect(await arrivals('bob', later)).toBe(0);
});
