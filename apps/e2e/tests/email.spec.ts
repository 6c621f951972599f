import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Client } from 'pg';
import { connectToAppDatabase, seedEmails, seedManyEmails, type SeedEmail } from './email-db';
import { screenshot, signUpViaApi } from './helpers';

// The email remote (apps/mf-email) against the real API, with emails written straight into the
// run's database: the sync engine is what fills the table in production. Sending and syncing need
// a mail server and are covered separately.

let db: Client;
test.beforeAll(async () => {
  db = await connectToAppDatabase();
});
test.afterAll(async () => {
  await db?.end();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

const NEWSLETTER_HTML = [
  '<html><head><style>h1{color:#4f46e5}</style></head><body>',
  '<h1>This week</h1><p>Five <b>stories</b> worth reading. <a href="https://example.com/read">Read more</a></p>',
  '<img src="x" onerror="alert(\'xss-img\')"><script>alert("xss-script")</script>',
  '<a href="javascript:alert(\'xss-link\')">Claim your prize</a>',
  '<img src="/api/logout" alt="logout pixel"><div style="background:url(/api/auth/user)">styled</div>',
  '</body></html>',
].join('');

/** The mailbox every test starts from (newest first). */
const MAILBOX: SeedEmail[] = [
  {
    subject: 'Production outage: need your sign-off',
    from: '"Grace Hopper" <grace@acme.example>',
    body: 'The payment service is down. Please approve the rollback.',
    priority: 'urgent',
    category: 'work',
    receivedAt: minutesAgo(5),
  },
  {
    subject: 'Your weekly digest',
    from: 'Weekly Digest <news@digest.example>',
    body: 'Five stories worth reading.',
    htmlBody: NEWSLETTER_HTML,
    category: 'newsletter',
    receivedAt: minutesAgo(60),
    attachments: [{ filename: 'digest.pdf', contentType: 'application/pdf', size: 2048 }],
  },
  {
    subject: 'Contract renewal for Q3',
    from: '"Charles Babbage" <charles@engines.example>',
    body: 'Please review the contract before Friday.',
    priority: 'important',
    category: 'work',
    isRead: true,
    receivedAt: minutesAgo(120),
  },
  {
    subject: 'Dinner on Saturday?',
    from: 'mary@family.example',
    body: 'Mum is cooking.',
    category: 'personal',
    receivedAt: minutesAgo(180),
  },
  {
    subject: 'Flight to Lisbon confirmed',
    from: 'TAP <noreply@flytap.example>',
    body: 'Booking ABC123.',
    priority: 'important',
    category: 'travel',
    isRead: true,
    receivedAt: minutesAgo(240),
  },
  {
    subject: 'Invoice 4821',
    from: 'billing@shop.example',
    body: 'Total $129.00.',
    category: 'finance',
    isRead: true,
    receivedAt: minutesAgo(300),
  },
  {
    subject: 'Old project notes',
    from: 'archive@engines.example',
    body: 'Notes from 2024.',
    isArchived: true,
    isRead: true,
    receivedAt: minutesAgo(400),
  },
  {
    subject: 'Re: Lunch',
    from: 'me@aide.example',
    to: 'grace@acme.example',
    body: 'Sure, 12:30.',
    metadata: { status: 'draft' },
    isRead: true,
    receivedAt: minutesAgo(500),
  },
  {
    subject: 'Re: Budget',
    from: 'me@aide.example',
    to: 'charles@engines.example',
    body: 'Numbers attached.',
    metadata: { status: 'sent' },
    isRead: true,
    receivedAt: minutesAgo(600),
  },
];

/** A new user with the mailbox above, on /email. */
async function openMailbox(page: Page, extra: SeedEmail[] = []) {
  const email = await signUpViaApi(page, 'Ada', 'Lovelace');
  await seedEmails(db, email, [...extra, ...MAILBOX]);
  await page.goto('/email');
  await expect(page.getByRole('heading', { name: 'Email Management' })).toBeVisible();
  return email;
}

const list = (page: Page, tab = 'Inbox') => page.getByRole('list', { name: `${tab} emails` });
const rows = (page: Page, tab = 'Inbox') => list(page, tab).getByRole('listitem');
const row = (page: Page, subject: string, tab = 'Inbox') => rows(page, tab).filter({ hasText: subject });
/** A row's own button, named 'Unread. Sender: Subject. Tags. When' (the menu's is 'Actions for …'). */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const openButton = (scope: Locator, subject: string) =>
  scope.getByRole('button', { name: new RegExp(`: ${escape(subject)}\\.? `) });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const tile = (page: Page, title: string) => page.locator('.ant-card').filter({ hasText: title }).first();

/** Picks an option of the open antd Select dropdown, and waits for it to close. */
async function pick(page: Page, title: string) {
  await page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function rowMenu(page: Page, subject: string, item: string, tabName = 'Inbox') {
  await row(page, subject, tabName)
    .getByRole('button', { name: `Actions for ${subject}` })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** Any alert() a message manages to run fails the test. */
function failOnScriptDialogs(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

test('the email screen shows tiles, tab counts, unread rows in bold, and filters by search, priority and category', async ({
  page,
}) => {
  await openMailbox(page);

  // Tiles: urgent, important and work count the Inbox; Total Emails counts everything.
  await expect(tile(page, 'Urgent Priority')).toContainText('1');
  await expect(tile(page, 'Important Priority')).toContainText('2');
  await expect(tile(page, 'Work Emails')).toContainText('2');
  await expect(tile(page, 'Total Emails')).toContainText('9');

  // The spec's eight tabs, and issue 24's Snoozed, Trash, Folders, Scheduled and Newsletters before
  // Integrations; counts on the Inbox and the priority tabs only.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText([
    /^Inbox6$/,
    /^Urgent1$/,
    /^Important2$/,
    /^Regular3$/,
    'Sent',
    'Drafts',
    'Archived',
    'Snoozed',
    'Trash',
    'Folders',
    'Scheduled',
    'Newsletters',
    'Integrations',
  ]);
  await expect(tab(page, 'Inbox')).toHaveAttribute('aria-selected', 'true');

  // Newest first; unread rows are bold, read ones are not.
  await expect(rows(page)).toHaveCount(6);
  await expect(rows(page).first()).toContainText('Production outage: need your sign-off');
  await expect(row(page, 'Production outage').getByText('Grace Hopper', { exact: true })).toHaveCSS(
    'font-weight',
    '600',
  );
  await expect(row(page, 'Contract renewal').getByText('Charles Babbage', { exact: true })).toHaveCSS(
    'font-weight',
    '400',
  );
  await expect(row(page, 'Production outage').getByText('Urgent', { exact: true }).first()).toBeVisible();
  await expect(row(page, 'Production outage').getByText('Work', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'email-inbox');

  // Search (sent to the server: subject, sender and body words by prefix).
  await page.getByLabel('Search emails').fill('lisb');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Flight to Lisbon confirmed');
  await page.getByLabel('Search emails').fill('');
  await expect(rows(page)).toHaveCount(6);

  // Priority filter.
  await page.getByLabel('Filter by priority').click();
  await pick(page, 'Important');
  await expect(rows(page)).toHaveCount(2);
  // And category on top: nothing left, so the empty state says so and offers a way out.
  await page.getByLabel('Filter by category').click();
  await pick(page, 'Finance');
  await expect(page.getByText('No emails found')).toBeVisible();
  await expect(
    page.getByText('Try adjusting your filters, or sync your email accounts to fetch new messages.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page)).toHaveCount(6);

  // The other tabs: sent, drafts, archived; the tab is kept in the address.
  await tab(page, 'Sent').click();
  await expect(page).toHaveURL(/\/email\?tab=sent$/);
  await expect(rows(page, 'Sent')).toHaveCount(1);
  await expect(rows(page, 'Sent')).toContainText('Re: Budget');
  await tab(page, 'Drafts').click();
  await expect(rows(page, 'Drafts')).toHaveCount(1);
  await expect(rows(page, 'Drafts')).toContainText('Draft');
  await tab(page, 'Archived').click();
  await expect(rows(page, 'Archived')).toHaveCount(1);
  await expect(rows(page, 'Archived')).toContainText('Old project notes');
  await tab(page, 'Urgent').click();
  await expect(rows(page, 'Urgent')).toHaveCount(1);
  // On a priority tab the priority filter shows the tab's priority and is locked.
  await expect(page.getByLabel('Filter by priority')).toBeDisabled();
  await page.reload();
  await expect(tab(page, 'Urgent')).toHaveAttribute('aria-selected', 'true');
});

test('a long inbox is paged by the server', async ({ page }) => {
  const email = await signUpViaApi(page, 'Paige', 'Turner');
  await seedManyEmails(db, email, 45);
  await page.goto('/email');
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText('1–20 of 45')).toBeVisible();
  await expect(rows(page).first()).toContainText('Bulk message 1');

  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/emails?') && requests.push(r.url()));
  await page.locator('.ant-pagination').getByTitle('3', { exact: true }).click();
  await expect(page.getByText('41–45 of 45')).toBeVisible();
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).last()).toContainText('Bulk message 45');
  expect(requests.some((url) => /[?&]page=3(&|$)/.test(url) && /[?&]pageSize=20(&|$)/.test(url))).toBe(true);
});

test('the detail dialog shows sanitised HTML in a sandboxed frame, and toggles read, archive, priority and category', async ({
  page,
}) => {
  const alerts = failOnScriptDialogs(page);
  const logout: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/api/logout' && logout.push(r.url()));
  await openMailbox(page);

  // Opening an unread email reads it.
  await expect(row(page, 'Your weekly digest').getByText('Weekly Digest', { exact: true })).toHaveCSS(
    'font-weight',
    '600',
  );
  await openButton(row(page, 'Your weekly digest'), 'Your weekly digest').click();
  const dialog = page.getByRole('dialog', { name: 'Your weekly digest' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('news@digest.example')).toBeVisible();
  await expect(dialog.getByText('digest.pdf · 2.0 KB')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await expect(row(page, 'Your weekly digest').getByText('Weekly Digest', { exact: true })).toHaveCSS(
    'font-weight',
    '400',
  );

  // The HTML part: sanitised (no script, handler, javascript: or same-origin URL), in a frame
  // sandboxed without allow-scripts, at most 500 px high.
  const frameElement = dialog.locator('iframe');
  const sandbox = (await frameElement.getAttribute('sandbox'))!.split(/\s+/);
  expect(sandbox).not.toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-top-navigation');
  const srcdoc = (await frameElement.getAttribute('srcdoc'))!;
  expect(srcdoc).not.toMatch(/<script|onerror|javascript:|\/api\//i);
  const frame = page.frameLocator('iframe[title="Message: Your weekly digest"]');
  await expect(frame.getByRole('heading', { name: 'This week' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Read more' })).toHaveAttribute('target', '_blank');
  await expect(frame.locator('script')).toHaveCount(0);
  await expect(frame.getByText('Claim your prize')).not.toHaveAttribute('href', /./);
  expect((await frameElement.boundingBox())!.height).toBeLessThanOrEqual(500);
  await screenshot(page, 'email-detail-html');

  // The plain-text part is one click away.
  await dialog.getByText('Plain text').click();
  await expect(dialog.getByLabel('Message text')).toContainText('Five stories worth reading.');

  // Read / unread from the dialog.
  await dialog.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(dialog.getByRole('button', { name: 'Mark as read' })).toBeVisible();
  await expect(row(page, 'Your weekly digest').getByText('Weekly Digest', { exact: true })).toHaveCSS(
    'font-weight',
    '600',
  );
  await dialog.getByRole('button', { name: 'Mark as read' }).click();
  await expect(dialog.getByRole('button', { name: 'Mark as unread' })).toBeVisible();

  // Edit Priority & Category from the dialog.
  await dialog.getByRole('button', { name: 'Edit Priority & Category' }).click();
  const triage = page.getByRole('dialog', { name: 'Edit Priority & Category' });
  await triage.getByText('Urgent', { exact: true }).click();
  await triage.getByLabel('Category').click();
  await pick(page, 'Work');
  await triage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(triage).toBeHidden();
  await expect(row(page, 'Your weekly digest').getByText('Urgent', { exact: true }).first()).toBeVisible();
  await expect(tab(page, 'Urgent')).toHaveText('Urgent2');
  await expect(tile(page, 'Work Emails')).toContainText('3');

  // Archive from the dialog: it leaves the Inbox for the Archived tab.
  await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  await expect(row(page, 'Your weekly digest')).toHaveCount(0);
  await expect(tab(page, 'Inbox')).toHaveText('Inbox5');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await tab(page, 'Archived').click();
  await expect(row(page, 'Your weekly digest', 'Archived')).toBeVisible();

  expect(alerts).toEqual([]);
  expect(logout).toEqual([]);
});

test('the row menu archives and unarchives, and edits priority and category (None clears the category)', async ({
  page,
}) => {
  await openMailbox(page);

  await rowMenu(page, 'Dinner on Saturday?', 'Archive');
  await expect(row(page, 'Dinner on Saturday?')).toHaveCount(0);
  await expect(tab(page, 'Inbox')).toHaveText('Inbox5');
  await tab(page, 'Archived').click();
  await expect(row(page, 'Dinner on Saturday?', 'Archived')).toBeVisible();
  await rowMenu(page, 'Dinner on Saturday?', 'Unarchive', 'Archived');
  await expect(row(page, 'Dinner on Saturday?', 'Archived')).toHaveCount(0);
  await tab(page, 'Inbox').click();
  await expect(row(page, 'Dinner on Saturday?')).toBeVisible();

  await rowMenu(page, 'Invoice 4821', 'Edit Priority & Category');
  const triage = page.getByRole('dialog', { name: 'Edit Priority & Category' });
  await expect(triage.getByRole('radio', { name: 'Regular' })).toBeChecked();
  await triage.getByText('Important', { exact: true }).click();
  await triage.getByLabel('Category').click();
  await pick(page, 'None');
  await triage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(triage).toBeHidden();
  const invoice = row(page, 'Invoice 4821');
  await expect(invoice.getByText('Important', { exact: true }).first()).toBeVisible();
  await expect(invoice.getByText('Finance', { exact: true })).toHaveCount(0);
  await expect(tile(page, 'Important Priority')).toContainText('3');
});

test('the row is keyboard accessible: Tab to it, Enter opens it, Escape closes it', async ({ page }) => {
  await openMailbox(page);
  const open = openButton(row(page, 'Contract renewal for Q3'), 'Contract renewal for Q3');
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Contract renewal for Q3' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message text')).toContainText('Please review the contract before Friday.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Zen Mode shows the 5 newest non-archived emails, with Exit Zen Mode and View All Emails', async ({ page }) => {
  await openMailbox(page);
  await page.getByLabel('Zen Mode').click();
  await expect(page).toHaveURL(/[?&]zen=1/);
  const zen = rows(page, 'Zen Mode');
  await expect(zen).toHaveCount(5);
  await expect(zen.first()).toContainText('Production outage');
  await expect(zen.last()).toContainText('Flight to Lisbon confirmed');
  await expect(list(page, 'Zen Mode')).not.toContainText('Old project notes');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await screenshot(page, 'email-zen');

  // A Zen row opens the same detail dialog.
  await openButton(zen.first(), 'Production outage: need your sign-off').click();
  const dialog = page.getByRole('dialog', { name: 'Production outage: need your sign-off' });
  await expect(dialog).toBeVisible();
  // Escape closes what is on top: a tooltip the pointer opened first (the received time's full date
  // here, which the click can leave under the pointer), then the dialog.
  // From outside the dialog, so the pointer enters the time whatever the click left under it.
  await page.mouse.move(0, 0);
  await dialog.locator('time').hover();
  const fullDate = page.getByRole('tooltip');
  await expect(fullDate).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(fullDate).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.mouse.move(0, 0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Exit Zen Mode' }).click();
  await expect(tab(page, 'Inbox')).toBeVisible();
  await expect(page).not.toHaveURL(/zen=1/);

  await tab(page, 'Archived').click();
  await page.getByLabel('Zen Mode').click();
  await page.getByRole('button', { name: 'View All Emails' }).click();
  await expect(tab(page, 'Inbox')).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page)).toHaveCount(6);
});

test('the reply and forward dialogs show what the server will quote and check their fields with the contract messages', async ({
  page,
}) => {
  await openMailbox(page);
  await openButton(row(page, 'Dinner on Saturday?'), 'Dinner on Saturday?').click();
  const dialog = page.getByRole('dialog', { name: 'Dinner on Saturday?' });

  await dialog.getByRole('button', { name: 'Reply' }).click();
  const reply = page.getByRole('dialog', { name: 'Reply' });
  await expect(reply.getByText('mary@family.example', { exact: true })).toBeVisible();
  await expect(reply.getByText('Re: Dinner on Saturday?')).toBeVisible();
  const message = reply.getByLabel('Message');
  await expect(message).toBeFocused();
  await expect(message).toHaveValue('');
  // The server quotes the original under the reply; the dialog shows it, read-only.
  await expect(reply.getByLabel('Quoted below your reply')).toContainText(
    /On .+, mary@family\.example wrote:\s*> Mum is cooking\./,
  );
  await reply.getByRole('button', { name: 'Send Reply' }).click();
  await expect(reply.getByText('Reply content is required')).toBeVisible();
  await reply.getByRole('button', { name: 'Cancel' }).click();

  await dialog.getByRole('button', { name: 'Forward' }).click();
  const forward = page.getByRole('dialog', { name: 'Forward' });
  await expect(forward.getByText('Fwd: Dinner on Saturday?')).toBeVisible();
  await expect(forward.getByLabel('Note', { exact: true })).toHaveValue('');
  await expect(forward.getByLabel('Forwarded below your note')).toContainText(
    /---------- Forwarded message ---------\s*From: mary@family\.example/,
  );
  await forward.getByRole('button', { name: 'Forward' }).click();
  await expect(forward.getByText('Recipient email is required')).toBeVisible();
  await forward.getByLabel('To', { exact: true }).fill('not an address');
  await forward.getByRole('button', { name: 'Forward' }).click();
  await expect(forward.getByText('Please enter a valid email address')).toBeVisible();
});

/** The email panel, wherever it is shown. */
async function checkIntegrationsPanel(page: Page, panel: Locator) {
  await expect(panel.getByRole('heading', { name: 'Email Integrations' })).toBeVisible();
  await expect(panel.getByText('No Email Integrations')).toBeVisible();
}

test('the Email Integrations panel adds, configures and deletes an account, and shows a failed sync readably', async ({
  page,
}) => {
  await signUpViaApi(page, 'Imap', 'User');
  await page.goto('/email?tab=integrations');
  const panel = page.getByRole('tabpanel', { name: 'Integrations' });
  await checkIntegrationsPanel(page, panel);

  // The Add dialog: the contract's messages, the imap-only server fields.
  await panel.getByRole('button', { name: 'Add Integration' }).click();
  const add = page.getByRole('dialog', { name: 'Add Email Integration' });
  await add.getByText('IMAP', { exact: true }).click();
  await expect(add.getByLabel('IMAP host')).toBeVisible();
  await expect(add.getByLabel('Sync frequency (seconds)')).toHaveValue('300');
  await expect(add.getByLabel('Auto-categorise')).toBeChecked();
  await expect(add.getByLabel('Auto-respond')).not.toBeChecked();
  await add.getByLabel('Email address').fill('not-an-address');
  await add.getByRole('button', { name: 'Add Integration' }).click();
  await expect(add.getByText('Please enter a valid email address')).toBeVisible();
  await expect(add.getByText('Password is required')).toBeVisible();
  // Outlook hides the server fields (a preset).
  await add.getByText('Outlook', { exact: true }).click();
  await expect(add.getByLabel('IMAP host')).toHaveCount(0);
  await add.getByText('IMAP', { exact: true }).click();

  await add.getByLabel('Email address').fill('ada@mail.example');
  await add.getByLabel('Display name').fill('Personal mail');
  await add.getByLabel('Password', { exact: true }).fill('app password');
  await add.getByLabel('IMAP host').fill('127.0.0.1');
  await add.getByLabel('IMAP port').fill('1993');
  await add.getByLabel('Sync frequency (seconds)').fill('600');
  await add.getByRole('button', { name: 'Add Integration' }).click();
  await expect(page.getByText('Email integration created successfully')).toBeVisible();
  await expect(add).toBeHidden();

  const card = panel.getByRole('article', { name: 'ada@mail.example' });
  await expect(card).toContainText('Personal mail');
  await expect(card).toContainText('IMAP / SMTP');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card).toContainText('10 minutes');
  await expect(card.locator('[data-sync-state]')).toHaveAttribute('data-sync-state', 'on');
  await expect(card.locator('[data-sync-state]')).toHaveCSS('color', 'rgb(47, 125, 10)'); // the theme's success colour, 4.5:1 on white

  // The same address again: the server's 409 message.
  await panel.getByRole('button', { name: 'Add Integration' }).click();
  await add.getByText('IMAP', { exact: true }).click();
  await add.getByLabel('Email address').fill('ada@mail.example');
  await add.getByLabel('Password', { exact: true }).fill('x');
  await add.getByRole('button', { name: 'Add Integration' }).click();
  await expect(page.getByText('Failed to create email integration')).toBeVisible();
  await expect(page.getByText('This email account is already connected')).toBeVisible();
  await add.getByRole('button', { name: 'Cancel' }).click();

  // The sync switch: sync off turns the icon yellow.
  await card.getByRole('switch', { name: 'Sync enabled for ada@mail.example' }).click();
  await expect(page.getByText('Integration settings updated')).toBeVisible();
  await expect(card.locator('[data-sync-state]')).toHaveAttribute('data-sync-state', 'paused');
  await expect(card.locator('[data-sync-state]')).toHaveCSS('color', 'rgb(161, 92, 0)'); // the theme's warning colour

  // The settings dialog.
  await card.getByRole('button', { name: 'Settings for ada@mail.example' }).click();
  const settings = page.getByRole('dialog', { name: 'Integration Settings' });
  await expect(settings.getByLabel('Sync frequency (seconds)')).toHaveValue('600');
  await settings.getByLabel('Sync frequency (seconds)').fill('120');
  await settings.getByLabel('Auto-respond').click();
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await expect(card).toContainText('2 minutes');
  await expect(card).toContainText('Auto-respond on');

  // A sync that failed (as the sync engine records it) shows why; an inactive account is red.
  await db.query(
    `UPDATE email_integrations SET "lastSyncError" = $1, "isActive" = false, "lastSyncAt" = now() WHERE email = 'ada@mail.example'`,
    ['IMAP login failed: authentication failed. Check the password.'],
  );
  await page.reload();
  await expect(card.getByText('Last sync failed')).toBeVisible();
  await expect(card.getByText('IMAP login failed: authentication failed. Check the password.')).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(card.locator('[data-sync-state]')).toHaveCSS('color', 'rgb(200, 35, 44)'); // the theme's error colour
  await screenshot(page, 'email-integrations');

  // The calendar's Integrations tab shows the same panel, loaded from the email remote.
  await page.goto('/calendar?tab=integrations');
  await expect(page.getByRole('heading', { name: 'Calendar Integrations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Email Integrations' })).toBeVisible();
  const calendarCard = page.getByRole('article', { name: 'ada@mail.example' });
  await expect(calendarCard.getByText('IMAP login failed: authentication failed. Check the password.')).toBeVisible();
  await screenshot(page, 'calendar-email-integrations');

  // Delete asks first; cancelling keeps it.
  await calendarCard.getByRole('button', { name: 'Actions for ada@mail.example' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete ada@mail.example?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(calendarCard).toBeVisible();
  // On a loaded machine a click can land while the reopened menu is still animating in and be
  // lost: open the menu and choose Delete again until the confirm dialog is up.
  await expect(async () => {
    const deleteItem = page.getByRole('menuitem', { name: 'Delete' });
    if (!(await deleteItem.isVisible()))
      await calendarCard.getByRole('button', { name: 'Actions for ada@mail.example' }).click();
    await deleteItem.click({ timeout: 2_000 });
    await expect(confirm).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Integration deleted successfully')).toBeVisible();
  await expect(page.getByText('No Email Integrations')).toBeVisible();
});

test('/email-test previews a fake email in the detail dialog, sanitised, with the classifier verdict', async ({
  page,
}) => {
  const alerts = failOnScriptDialogs(page);
  // The classifier (POST /api/emails/classify) is the API's; until it is deployed here the page
  // is shown a fixed verdict, so this test covers the page either way.
  await page.route('**/api/emails/classify', async (route) => {
    const real = await route.fetch();
    if (real.status() !== 404) return route.fulfill({ response: real });
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ priority: 'urgent', category: 'work' }),
    });
  });
  await signUpViaApi(page, 'Test', 'Page');
  await page.goto('/email-test');
  await expect(page.getByRole('heading', { name: 'Email Test Page' })).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill('"Grace Hopper" <grace@acme.example>');
  await page.getByLabel('Subject', { exact: true }).fill('URGENT: production outage');
  await page
    .getByLabel('Text', { exact: true })
    .fill('The payment service is down. Please approve the rollback today.');
  await page
    .getByLabel('HTML (optional)')
    .fill(
      '<p>Service <b>down</b></p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">fix</a>',
    );
  await page.getByRole('button', { name: 'Preview & Classify' }).click();

  const dialog = page.getByRole('dialog', { name: 'URGENT: production outage' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Test email: a preview only, nothing is sent or stored.')).toBeVisible();
  const verdict = dialog.getByLabel('Classifier verdict');
  await expect(verdict).toContainText(/Priority\s*(Urgent|Important|Regular)\s*Category\s*\w+/);
  const frame = page.frameLocator('iframe[title="Message: URGENT: production outage"]');
  await expect(frame.getByText('Service down')).toBeVisible();
  await expect(frame.locator('script, [onerror]')).toHaveCount(0);
  expect(await dialog.locator('iframe').getAttribute('sandbox')).not.toContain('allow-scripts');
  // A test email offers nothing to act on.
  await expect(dialog.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await screenshot(page, 'email-test-dialog');
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await expect(page.getByLabel('Classifier verdict').first()).toBeVisible();
  expect(alerts).toEqual([]);
});
