import { expect, test, type Page } from '@playwright/test';
import { EMAIL_MESSAGES } from '@aide/contracts';
import { screenshot, signUpViaApi } from './helpers';
import { deliverMail, mailServers, rawMessage, serverMessages, setFailDelivery } from './mail-servers';

// The email module end to end against real mail servers (Dovecot IMAP and an SMTP server that
// delivers into it, started for the run by playwright.config.ts): an IMAP account added through
// the UI, synced by the API's background job, triaged, replied to over SMTP, archived on the
// server, and read in Zen Mode.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const list = (page: Page, tab = 'Inbox') => page.getByRole('list', { name: `${tab} emails` });
const row = (page: Page, subject: string, tab = 'Inbox') =>
  list(page, tab).getByRole('listitem').filter({ hasText: subject });
const openButton = (page: Page, subject: string, tab = 'Inbox') =>
  row(page, subject, tab).getByRole('button', { name: new RegExp(`: ${escape(subject)}\\.? `) });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

test('an IMAP account added through the UI syncs, triages, replies, archives and is read in Zen Mode', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const mail = await mailServers();
  const [ada, bob] = mail.users;
  // The run's mailboxes are shared by every run of this test: its mail is told apart by this tag.
  const tag = Date.now().toString(36);
  const urgent = `Production is down, action required ${tag}`;
  const sale = `30% off everything this weekend ${tag}`;
  await deliverMail(
    'ada',
    rawMessage({
      from: `Bob Builder <${bob.address}>`,
      to: ada.address,
      subject: urgent,
      text: 'The API is down and our biggest client is affected. Please restart it immediately.',
    }),
  );
  await deliverMail(
    'ada',
    rawMessage({
      from: 'Deals <deals@shop.example>',
      to: ada.address,
      subject: sale,
      text: 'Big sale, limited-time offer.',
    }),
  );

  await signUpViaApi(page, 'Ada', 'Lovelace');
  await page.goto('/email?tab=integrations');
  const panel = page.getByRole('tabpanel', { name: 'Integrations' });
  await panel.getByRole('button', { name: 'Add Integration' }).click();
  const add = page.getByRole('dialog', { name: 'Add Email Integration' });
  await add.getByText('IMAP', { exact: true }).click();
  await add.getByLabel('Email address').fill(ada.address);
  await add.getByLabel('Display name').fill('Ada at work');
  await add.getByLabel('Password', { exact: true }).fill(ada.password);
  await add.getByLabel('IMAP host').fill(mail.imap.host);
  await add.getByLabel('IMAP port').fill(String(mail.imap.port));
  await add.getByLabel('SMTP host').fill(mail.smtp.host);
  await add.getByLabel('SMTP port').fill(String(mail.smtp.port));
  await add.getByRole('button', { name: 'Add Integration' }).click();
  await expect(page.getByText('Email integration created successfully')).toBeVisible();

  // The first sync runs as a background job; the card says when it ended, and that it went well.
  const card = panel.getByRole('article', { name: ada.address });
  await expect(card.getByRole('button', { name: 'Sync Now' })).toBeEnabled({ timeout: 30_000 });
  await expect(card.getByText('Last sync failed')).toHaveCount(0);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await screenshot(page, 'email-sync-account');

  // Triaged: the outage is urgent work, the sale a regular promotion. (The Inbox by its address: with
  // the Trash and Folders tabs, the tab bar scrolled to Integrations has the Inbox out of sight.)
  await page.goto('/email');
  await expect(row(page, urgent)).toContainText('Urgent');
  await expect(row(page, urgent)).toContainText('Work');
  await expect(row(page, sale)).toContainText('Promotion');
  await tab(page, 'Urgent').click();
  await expect(row(page, urgent, 'Urgent')).toBeVisible();
  await tab(page, 'Inbox').click();

  // Opening it marks it read, on the server too (the push job).
  await openButton(page, urgent).click();
  const detail = page.getByRole('dialog', { name: urgent });
  await expect(detail.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await expect
    .poll(async () => (await serverMessages('ada')).find((m) => m.subject === urgent)?.flags, { timeout: 20_000 })
    .toContain('\\Seen');

  // Reply: delivered over SMTP to Bob's IMAP inbox, threaded and quoted, and listed under Sent.
  await detail.getByRole('button', { name: 'Reply' }).click();
  const reply = page.getByRole('dialog', { name: 'Reply' });
  await reply.getByLabel('Message').fill('Restarting it now.');
  await reply.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByText('Reply sent', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await serverMessages('bob')).find((m) => m.subject === `Re: ${urgent}`)?.text ?? '', {
      timeout: 20_000,
    })
    .toMatch(/^Restarting it now\.\s+On .+ wrote:\s+> The API is down and our biggest client is affected\./s);
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await tab(page, 'Sent').click();
  await expect(row(page, `Re: ${urgent}`, 'Sent')).toHaveCount(1);

  // A reply the SMTP server refuses is kept as a draft, with the spec's destructive toast.
  await tab(page, 'Inbox').click();
  await setFailDelivery(true, sale);
  try {
    await openButton(page, sale).click();
    await page.getByRole('dialog', { name: sale }).getByRole('button', { name: 'Reply' }).click();
    await page.getByRole('dialog', { name: 'Reply' }).getByLabel('Message').fill('Not interested, thanks.');
    await page.getByRole('dialog', { name: 'Reply' }).getByRole('button', { name: 'Send Reply' }).click();
    await expect(page.getByText(EMAIL_MESSAGES.deliveryFailedDraft)).toBeVisible();
  } finally {
    await setFailDelivery(false, sale);
  }
  await page.getByRole('dialog', { name: sale }).getByRole('button', { name: 'Close' }).first().click();
  await tab(page, 'Drafts').click();
  await expect(row(page, `Re: ${sale}`, 'Drafts')).toBeVisible();
  await screenshot(page, 'email-sync-drafts');

  // Archive from the row menu: out of the Inbox, into Archived, and moved to Archive on the server.
  await tab(page, 'Inbox').click();
  await row(page, urgent)
    .getByRole('button', { name: `Actions for ${urgent}` })
    .click();
  await page.getByRole('menuitem', { name: 'Archive', exact: true }).click();
  await expect(row(page, urgent)).toHaveCount(0);
  await tab(page, 'Archived').click();
  await expect(row(page, urgent, 'Archived')).toBeVisible();
  await expect
    .poll(async () => (await serverMessages('ada', 'Archive')).some((m) => m.subject === urgent), { timeout: 20_000 })
    .toBe(true);

  // New mail arrives; Sync Now brings it in and says so.
  const later = `Lunch on Friday? ${tag}`;
  await deliverMail(
    'ada',
    rawMessage({
      from: `Bob Builder <${bob.address}>`,
      to: ada.address,
      subject: later,
      text: 'Shall we try the new place?',
    }),
  );
  await tab(page, 'Integrations').click();
  await card.getByRole('button', { name: 'Sync Now' }).click();
  await expect(page.getByText('Email sync completed')).toBeVisible({ timeout: 30_000 });

  // Zen Mode: the newest non-archived mail, the archived outage not among it.
  await page.goto('/email');
  await page.getByLabel('Zen Mode').click();
  const zen = list(page, 'Zen Mode');
  await expect(zen.getByRole('listitem').first()).toContainText(later);
  await expect(zen).not.toContainText(urgent);
  expect(await zen.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  await screenshot(page, 'email-sync-zen');
  await page.getByRole('button', { name: 'Exit Zen Mode' }).click();
  await expect(tab(page, 'Inbox')).toBeVisible();
});
