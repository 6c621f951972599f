import { expect, test, type Page } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';
import { mailServers, serverMessages } from './mail-servers';

// The New Message window (issue 24) against the real API and mail servers: a message written with
// an uploaded file and a document from Documents is saved as a draft in the account's Drafts
// folder as it is written, then sent, and arrives in the other mailbox with both files.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const draftRow = (page: Page, subject: string) =>
  page.getByRole('list', { name: 'Drafts emails' }).getByRole('listitem').filter({ hasText: subject });
const composeWindow = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Subject' }) });

test('a message with an uploaded file and a document is drafted on the server, sent, and arrives with both', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const mail = await mailServers();
  const [ada, bob] = mail.users;
  const tag = Date.now().toString(36);
  const subject = `Engine plans ${tag}`;
  const uploadName = `notes-${tag}.txt`;
  const documentName = `plan-${tag}.txt`;

  await signUpViaApi(page, 'Ada', 'Lovelace');
  const account = await page.request.post('/api/email-integrations', {
    data: {
      provider: 'imap',
      email: ada.address,
      displayName: 'Ada at work',
      password: ada.password,
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
    },
  });
  expect(account.status()).toBe(201);
  const integrationId = (await account.json()).id as number;
  expect(
    (
      await page.request.patch(`/api/email-integrations/${integrationId}`, {
        data: { signature: 'Ada Lovelace\nAnalytical Engines Ltd' },
      })
    ).status(),
  ).toBe(200);
  const documentUpload = await page.request.post('/api/documents', {
    multipart: { files: { name: documentName, mimeType: 'text/plain', buffer: Buffer.from('The plan, in full.') } },
  });
  expect(documentUpload.status()).toBe(201);

  await page.goto('/email');
  await page.getByRole('button', { name: 'New Message' }).click();
  const compose = composeWindow(page);
  await expect(compose).toBeVisible();
  // The account's signature is below the body from the start.
  await expect(compose.getByText('Analytical Engines Ltd')).toBeVisible();

  const to = compose.getByRole('combobox', { name: 'To' });
  await to.fill(bob.address);
  await to.press('Enter');
  await compose.getByRole('textbox', { name: 'Subject' }).fill(subject);
  const body = compose.getByRole('textbox', { name: 'Message' });
  await body.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Dear Bob, the plans are attached.');

  await compose.locator('input[type="file"]').setInputFiles({
    name: uploadName,
    mimeType: 'text/plain',
    buffer: Buffer.from('Notes from the workshop.'),
  });
  const attachments = compose.getByRole('list', { name: 'Attachments' });
  await expect(attachments.getByRole('listitem').filter({ hasText: uploadName })).toContainText('KB');

  await compose.getByRole('button', { name: 'From Documents' }).click();
  const picker = page.getByRole('dialog', { name: 'Attach from Documents' });
  await picker.getByRole('row').filter({ hasText: documentName }).click();
  await picker.getByRole('button', { name: 'Attach' }).click();
  await expect(attachments.getByRole('listitem').filter({ hasText: documentName })).toBeVisible();

  // Saved as you type: one copy in the Drafts folder, flagged \Draft, with both files.
  await expect(compose.getByText('Draft saved')).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      async () => {
        const drafts = (await serverMessages('ada', 'Drafts')).filter((m) => m.subject === subject);
        return drafts.map((m) => ({ flags: m.flags.includes('\\Draft'), files: m.attachments.map((a) => a.filename) }));
      },
      { timeout: 20_000 },
    )
    .toEqual([{ flags: true, files: [uploadName, documentName] }]);
  await screenshot(page, 'email-compose-desktop');

  // Closed, it waits in the Drafts tab; opening it there reopens the window as it was.
  await compose.getByRole('button', { name: 'Close' }).click();
  await expect(compose).toBeHidden();
  await page.getByRole('tab', { name: /^Drafts/ }).click();
  await draftRow(page, subject)
    .getByRole('button', { name: new RegExp(`: ${escape(subject)}\\.? `) })
    .click();
  await expect(compose.getByRole('textbox', { name: 'Subject' })).toHaveValue(subject);
  await expect(compose.getByText(bob.address)).toBeVisible();
  await expect(attachments.getByRole('listitem')).toHaveText([
    new RegExp(escape(uploadName)),
    new RegExp(escape(documentName)),
  ]);
  await expect(compose.getByText('Dear Bob, the plans are attached.')).toBeVisible();

  // Send: the outbox sends it after the undo window; it arrives in Bob's mailbox with both files.
  const sendCall = page.waitForResponse(
    (response) => response.url().endsWith('/api/emails/send') && response.request().method() === 'POST',
  );
  await compose.getByRole('button', { name: 'Send', exact: true }).click();
  const response = await sendCall;
  const payload = response.request().postDataJSON();
  expect(payload).toMatchObject({
    integrationId,
    to: [bob.address],
    subject,
    sendAt: null,
    attachments: [{ kind: 'upload' }, { kind: 'document' }],
    draftId: expect.any(Number),
  });
  expect(payload.html).toContain('Dear Bob, the plans are attached.');
  expect(payload.text).toContain('Analytical Engines Ltd');
  expect(response.status()).toBe(202);
  await expect(compose).toBeHidden();
  await expect
    .poll(
      async () =>
        (await serverMessages('bob')).find((m) => m.subject === subject)?.attachments.map((a) => a.filename) ?? [],
      { timeout: 60_000 },
    )
    .toEqual([uploadName, documentName]);
});

test('the New Message window fills a phone screen', async ({ page }) => {
  const mail = await mailServers();
  const [ada] = mail.users;
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page, 'Ada', 'Lovelace');
  const account = await page.request.post('/api/email-integrations', {
    data: {
      provider: 'imap',
      email: ada.address,
      password: ada.password,
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
    },
  });
  expect(account.status()).toBe(201);
  await page.goto('/email');
  await page.getByRole('button', { name: 'New Message' }).click();
  const compose = composeWindow(page);
  await expect(compose.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await compose.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(compose.getByText('Add at least one recipient')).toBeVisible();
  const box = await compose.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(389);
  await screenshot(page, 'email-compose-phone');
});
