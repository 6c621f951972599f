import { expect, test, type Locator, type Page } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import type { EmailPage } from '@aide/contracts';
import { screenshot, signUpViaApi } from './helpers';
import {
  connectMailbox,
  deliverMail,
  mailServers,
  rawMessage,
  serverMessages,
  type E2EMailServers,
} from './mail-servers';

// Bulk Delete and Move to folder (issue 24) end to end against the run's Dovecot: three messages
// deleted from the list go to the account's Trash (and come back with Undo); two moved to the
// account's own folder "Projects" show in the Folders tab and on the server, and Move to Inbox
// brings them back. The run's mailboxes are shared: this test's mail carries its own tag.

const FOLDER = 'Projects';

const list = (page: Page, name: string) => page.getByRole('list', { name });
const rowsOf = (page: Page, name: string) => list(page, name).getByRole('listitem');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Selected emails' });
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });
/** Closes a notification, as a person does before looking on (it would cover the list in a screenshot). */
async function dismiss(shown: Locator) {
  await shown.getByRole('button', { name: 'Close' }).click();
  await expect(shown).toBeHidden();
}

async function emails(page: Page, query: Record<string, string>): Promise<EmailPage> {
  const res = await page.request.get('/api/emails', { params: { pageSize: '100', ...query } });
  expect(res.status()).toBe(200);
  return (await res.json()) as EmailPage;
}

/** How many of this test's messages the server holds in `mailbox`, as another mail client sees it. */
const onServer = async (mailbox: string, tag: string) =>
  (await serverMessages('ada', mailbox)).filter((m) => m.subject.includes(tag)).length;

/** The account's own folder, made on the server as another mail client would (already there on a rerun). */
async function createFolder(mail: E2EMailServers, name: string) {
  const ada = mail.users[0];
  const client = new ImapFlow({
    host: mail.imap.host,
    port: mail.imap.port,
    secure: false,
    auth: { user: ada.name, pass: ada.password },
    logger: false,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const exists = (await client.list()).some((box) => box.path === name);
    if (!exists) await client.mailboxCreate(name);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

test('delete three to the Trash and undo; move two to a folder, see it in the Folders tab, and back to the Inbox', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const mail = await mailServers();
  const [ada] = mail.users;
  const tag = `fold${Date.now().toString(36)}`;
  await createFolder(mail, FOLDER);
  const start = Date.now() - 3_600_000;
  const subjects = [
    `Old receipt 1 ${tag}`,
    `Old receipt 2 ${tag}`,
    `Old receipt 3 ${tag}`,
    `Project brief A ${tag}`,
    `Project brief B ${tag}`,
  ];
  for (const [i, subject] of subjects.entries())
    await deliverMail(
      'ada',
      rawMessage({
        from: 'Grace Hopper <grace@navy.example>',
        to: ada.address,
        subject,
        text: 'Notes for the file.',
        date: new Date(start + i * 60_000),
      }),
    );

  await signUpViaApi(page, 'Ada', 'Lovelace');
  await connectMailbox(page, 'ada');
  await expect
    .poll(async () => (await emails(page, { q: tag })).total, { timeout: 60_000, message: 'the first sync' })
    .toBe(5);

  // ---- Delete three: they leave the Inbox for the Trash, here and on the server; Undo ----
  /** The Inbox searched for this test's mail (the tab bar starts unscrolled, whatever the last width was). */
  const openInbox = async () => {
    await page.goto('/email');
    // The search applies after a pause; a selection made before it would belong to the unfiltered list.
    const searched = page.waitForResponse((res) => res.url().includes(`q=${tag}`) && res.ok());
    await page.getByLabel('Search emails').fill(tag);
    await searched;
  };
  await openInbox();
  const inbox = () => rowsOf(page, 'Inbox emails');
  await expect(page.getByText('1–5 of 5')).toBeVisible();
  const receipts = inbox().filter({ hasText: 'Old receipt' });
  await expect(receipts).toHaveCount(3);
  for (let i = 0; i < 3; i++) await receipts.nth(i).getByRole('checkbox').click();
  await expect(toolbar(page).getByText('3 selected')).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await screenshot(page, 'email-folders-toolbar');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(toolbar(page).getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  await screenshot(page, 'email-folders-toolbar-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await toolbar(page).getByRole('button', { name: 'Delete', exact: true }).click();
  const deleted = notice(page, '3 emails moved to the Trash');
  await expect(deleted).toBeVisible();
  await expect(inbox()).toHaveCount(2);
  await expect(inbox().filter({ hasText: 'Old receipt' })).toHaveCount(0);
  // The notice (and its Undo) waits while the pointer rests on it.
  await deleted.hover();
  await expect.poll(() => onServer('Trash', tag), { timeout: 30_000, message: "the 3 in the server's Trash" }).toBe(3);
  expect(await onServer('INBOX', tag)).toBe(2);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('3 emails restored')).toBeVisible();
  await expect(inbox()).toHaveCount(5);
  await expect.poll(() => onServer('INBOX', tag), { timeout: 30_000, message: 'back in the INBOX' }).toBe(5);

  // ---- The Trash tab: delete again, and there they are, with Move to Inbox instead of Delete ----
  for (let i = 0; i < 3; i++) await receipts.nth(i).getByRole('checkbox').click();
  await toolbar(page).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(notice(page, '3 emails moved to the Trash')).toBeVisible();
  await expect(inbox()).toHaveCount(2);
  await dismiss(notice(page, '3 emails moved to the Trash'));
  await page.getByRole('tab', { name: 'Trash', exact: true }).click();
  const trash = () => rowsOf(page, 'Emails in the Trash');
  await expect(trash()).toHaveCount(3);
  await trash().first().getByRole('checkbox').click();
  await expect(toolbar(page).getByRole('button', { name: 'Move to Inbox' })).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await screenshot(page, 'email-folders-trash');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'email-folders-trash-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await toolbar(page).getByRole('button', { name: 'Move to Inbox' }).click();
  await expect(notice(page, '1 email moved to the Inbox')).toBeVisible();
  await expect(trash()).toHaveCount(2);
  await expect.poll(() => onServer('Trash', tag), { timeout: 30_000 }).toBe(2);

  // ---- Move two to Projects: the Folders tab lists it with 2, the server's Projects holds them ----
  await openInbox();
  const briefs = inbox().filter({ hasText: 'Project brief' });
  await expect(briefs).toHaveCount(2);
  await briefs.nth(0).getByRole('checkbox').click();
  await briefs.nth(1).getByRole('checkbox').click();
  await toolbar(page).getByRole('button', { name: 'Move to', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: FOLDER, exact: true })).toBeVisible();
  await screenshot(page, 'email-folders-move-menu');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await toolbar(page).getByRole('button', { name: 'Move to', exact: true }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: FOLDER, exact: true })).toBeVisible();
  await screenshot(page, 'email-folders-move-menu-390');
  await page.getByRole('menu').getByRole('menuitem', { name: FOLDER, exact: true }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(notice(page, `2 emails moved to ${FOLDER}`)).toBeVisible();
  await expect(inbox().filter({ hasText: 'Project brief' })).toHaveCount(0);
  await dismiss(notice(page, `2 emails moved to ${FOLDER}`));
  await expect
    .poll(() => onServer(FOLDER, tag), { timeout: 30_000, message: `the 2 in the server's ${FOLDER}` })
    .toBe(2);

  await page.getByRole('tab', { name: 'Folders', exact: true }).click();
  await expect(page).toHaveURL(/tab=folders/);
  // The folder with how many it holds (this test's two, unread).
  await expect(page.getByTitle(new RegExp(`^${FOLDER}, 2 emails, 2 unread$`))).toBeVisible();
  const inFolder = () => rowsOf(page, `Emails in ${FOLDER}`);
  await expect(inFolder()).toHaveCount(2);
  await screenshot(page, 'email-folders-tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(inFolder()).toHaveCount(2);
  await screenshot(page, 'email-folders-tab-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // ---- Move to Inbox from the folder: back ----
  await toolbar(page).getByRole('checkbox', { name: 'Select all emails on this page' }).click();
  await toolbar(page).getByRole('button', { name: 'Move to', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Inbox', exact: true }).click();
  await expect(notice(page, '2 emails moved to the Inbox')).toBeVisible();
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await expect.poll(() => onServer(FOLDER, tag), { timeout: 30_000, message: `out of ${FOLDER}` }).toBe(0);
  // The two, and the receipt moved out of the Trash earlier.
  await expect.poll(() => onServer('INBOX', tag), { timeout: 30_000, message: 'back in the INBOX' }).toBe(3);
  await openInbox();
  await expect(inbox().filter({ hasText: 'Project brief' })).toHaveCount(2);

  // ---- One message from its dialog: Delete beside Archive, the dialog closes, Undo offered ----
  const receipt = inbox().filter({ hasText: 'Old receipt' });
  await expect(receipt).toHaveCount(1);
  await receipt.getByRole('button', { name: /: Old receipt \d/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Old receipt/ });
  await expect(dialog.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
  await screenshot(page, 'email-folders-detail-delete');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page, '1 email moved to the Trash')).toBeVisible();
  await expect(inbox().filter({ hasText: 'Old receipt' })).toHaveCount(0);
  await expect.poll(() => onServer('Trash', tag), { timeout: 30_000, message: "in the server's Trash" }).toBe(3);
});
