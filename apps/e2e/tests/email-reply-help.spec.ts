import { expect, test, type Page } from '@playwright/test';
import type { Client } from 'pg';
import { connectToAppDatabase, seedEmails } from './email-db';
import { screenshot, signUpViaApi } from './helpers';

// Reply help and the triage fixes of issue 24 in Chromium: suggested replies fill the Reply dialog,
// "Draft a reply" fills its editor, a suspected phishing mail shows its warning with links off, and
// Edit Priority & Category confirms with a toast. (The API spec covers phishing flagged in sync.)

let db: Client;
test.beforeAll(async () => {
  db = await connectToAppDatabase();
});
test.afterAll(async () => {
  await db?.end();
});

const MEETING = 'Quick sync on the Q3 roadmap';
const PHISHING = 'Your account is on hold';

async function openMailbox(page: Page) {
  const email = await signUpViaApi(page, 'Ada', 'Lovelace');
  await seedEmails(db, email, [
    {
      subject: MEETING,
      from: 'Ann Lee <ann@acme.example>',
      body: 'Hi,\n\nCould we meet on Thursday at 3pm to go through the roadmap?\n\nAnn',
      category: 'work',
      priority: 'important',
    },
    {
      subject: PHISHING,
      from: '"MyBank Security" <alerts@secure-mybank-login.com>',
      body: 'Verify your account within 24 hours.',
      htmlBody:
        '<p>Verify your account within 24 hours.</p><p><a href="https://evil.example/login">https://www.mybank.com/login</a></p>',
      priority: 'important',
      category: 'spam',
      metadata: {
        phishing: {
          reasons: [
            'The sender calls itself "MyBank Security" but writes from secure-mybank-login.com',
            'A link shows www.mybank.com but leads to evil.example',
          ],
        },
      },
    },
  ]);
  await page.goto('/email');
  await expect(page.getByRole('heading', { name: 'Email Management' })).toBeVisible();
}

const row = (page: Page, subject: string) =>
  page.getByRole('list', { name: 'Inbox emails' }).getByRole('listitem').filter({ hasText: subject });
const open = async (page: Page, subject: string) => {
  await row(page, subject)
    .getByRole('button', { name: new RegExp(`: ${subject}\\.? `) })
    .click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('a suggested reply and a drafted reply fill the Reply dialog, to edit before sending', async ({ page }) => {
  await openMailbox(page);
  const detail = await open(page, MEETING);
  const chips = detail.getByRole('group', { name: 'Quick replies' });
  await expect(chips.getByRole('button')).toHaveCount(3);
  await expect(chips.getByRole('button', { name: 'Thursday at 3pm works for me.' })).toBeVisible();
  await screenshot(page, 'email-reply-help-chips');

  await chips.getByRole('button', { name: 'Thursday at 3pm works for me.' }).click();
  const reply = page.getByRole('dialog', { name: 'Reply' });
  await expect(reply.getByLabel('Message')).toHaveValue('Thursday at 3pm works for me.');

  await reply.getByRole('button', { name: 'Draft a reply' }).click();
  await expect(reply.getByLabel('Message')).toHaveValue(/^Hi Ann,\n\nThank you for suggesting Thursday at 3pm\./);
  await expect(reply.getByLabel('Message')).toHaveValue(/Best regards,\nAda Lovelace$/);
  await screenshot(page, 'email-reply-help-draft');
});

test('a suspected phishing mail shows a red warning, a tag in its row, and its links are off until trusted', async ({
  page,
}) => {
  await openMailbox(page);
  await expect(row(page, PHISHING).getByText('Phishing?').first()).toBeVisible();
  const detail = await open(page, PHISHING);
  const warning = detail.getByRole('alert').filter({ hasText: 'This message may be phishing' });
  await expect(warning).toContainText('"MyBank Security" but writes from secure-mybank-login.com');
  await expect(detail.getByTestId('phishing-guarded-body')).toHaveCSS('pointer-events', 'none');
  // No quick "thanks" to a phisher.
  await expect(detail.getByRole('group', { name: 'Quick replies' })).toHaveCount(0);
  await screenshot(page, 'email-reply-help-phishing');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'email-reply-help-phishing-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await detail.getByRole('button', { name: 'I trust it, turn on links' }).click();
  await expect(detail.getByTestId('phishing-guarded-body')).toHaveCSS('pointer-events', 'auto');
});

test('Edit Priority & Category confirms with a success toast', async ({ page }) => {
  await openMailbox(page);
  const detail = await open(page, MEETING);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'email-reply-help-chips-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await detail.getByRole('button', { name: 'Edit Priority & Category' }).click();
  const triage = page.getByRole('dialog', { name: 'Edit Priority & Category' });
  await triage.getByText('Urgent', { exact: true }).click();
  await triage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Priority and category updated')).toBeVisible();
});
