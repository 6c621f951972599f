import { expect, test } from '@playwright/test';
import { pdfFile } from '@aide/api/test/document-files';
import { screenshot, signUpViaApi } from './helpers';
import { connectMailbox, deliverMail } from './mail-servers';

// Mail into Documents (issue 26) end to end: an attachment rule made in the email settings files a
// PDF invoice of new mail into Documents on sync, where the document says which email it came
// from; another attachment is saved in one click from the email dialog.

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function withAttachments(
  head: { from: string; to: string; subject: string },
  files: Array<{ filename: string; contentType: string; base64: string }>,
): string {
  const boundary = `b-${Math.random().toString(36).slice(2)}`;
  const parts = [
    'Content-Type: text/plain; charset=utf-8\r\n\r\nPlease find your invoice attached.',
    ...files.map(
      (file) =>
        `Content-Type: ${file.contentType}; name="${file.filename}"\r\nContent-Disposition: attachment; filename="${file.filename}"\r\n` +
        `Content-Transfer-Encoding: base64\r\n\r\n${file.base64.replace(/.{76}/g, '$&\r\n')}`,
    ),
  ];
  return [
    `From: ${head.from}`,
    `To: ${head.to}`,
    `Subject: ${head.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@e2e.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts.map((part) => `--${boundary}\r\n${part}`),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

test('a rule made in the email settings files a PDF of new mail into Documents; one click saves another', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The run's mailboxes are shared by every test: this run's sender is told apart by this tag.
  const tag = Date.now().toString(36);
  const sender = `billing-${tag}@acme.example`;
  const subject = `Invoice ${tag}`;
  await signUpViaApi(page, 'Ada', 'Lovelace');
  const { login } = await connectMailbox(page, 'ada');

  // The rule, in the email settings: PDFs from this sender, tagged 'invoice'.
  await page.goto('/email?tab=integrations');
  await page.getByRole('button', { name: 'Attachment rules' }).click();
  const drawer = page.getByRole('dialog', { name: 'Attachment rules' });
  await expect(drawer.getByText('No attachment rules yet')).toBeVisible();
  await drawer.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('dialog', { name: 'New attachment rule' });
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(form.getByText('Rule name is required')).toBeVisible();
  await form.getByLabel('Name').fill('Acme invoices');
  await form.getByRole('textbox', { name: 'Sender' }).fill(sender);
  await form.getByLabel('Tag').fill('invoice');
  await screenshot(page, 'email-attachment-rule');
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText('Rule created')).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: 'Acme invoices' })).toContainText('Nothing filed yet');
  await drawer.getByRole('button', { name: 'Close' }).click();

  const pdf = await pdfFile(`Invoice ${tag}`, 'Amount due: EUR 120.00');
  await deliverMail(
    'ada',
    withAttachments({ from: `Acme Billing <${sender}>`, to: login.address, subject }, [
      { filename: `invoice-${tag}.pdf`, contentType: 'application/pdf', base64: pdf.toString('base64') },
      { filename: `logo-${tag}.png`, contentType: 'image/png', base64: PNG },
    ]),
  );
  const card = page.getByRole('article').filter({ hasText: login.address });
  await card.getByRole('button', { name: 'Sync Now' }).click();
  await expect(page.getByText('Email sync completed')).toBeVisible({ timeout: 30_000 });

  // In Documents, with its tag, saying which email it came from.
  await page.goto('/documents');
  const filed = page.getByRole('article').filter({ has: page.getByRole('button', { name: `invoice-${tag}.pdf` }) });
  await expect(filed).toBeVisible();
  await filed.getByRole('button', { name: `invoice-${tag}.pdf`, exact: true }).click();
  const view = page.getByRole('dialog', { name: new RegExp(`invoice-${tag}\\.pdf`) });
  await expect(view.getByText('From an email:')).toBeVisible();
  await expect(view.getByRole('link', { name: subject })).toHaveAttribute('href', /\/email\?open=\d+$/);
  await screenshot(page, 'documents-from-email');

  // The email dialog: the PNG saved in one click, then a link to it.
  await view.getByRole('link', { name: subject }).click();
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: `Save logo-${tag}.png to Documents` }).click();
  const saved = detail.getByRole('link', { name: `Saved to Documents: open logo-${tag}.png in Documents` });
  await expect(saved).toBeVisible();
  await expect(saved).toHaveAttribute('href', /\/documents\?open=\d+$/);
  await screenshot(page, 'email-attachment-saved');
  await saved.click();
  await expect(page.getByRole('dialog', { name: new RegExp(`logo-${tag}\\.png`) })).toBeVisible();
});
