import { expect, test, type Page } from '@playwright/test';
import type { Client } from 'pg';
import { connectToAppDatabase, seedEmails } from './email-db';
import { screenshot, signUpViaApi } from './helpers';

// Dates in plain mail (issue 26) in Chromium: a message from New York proposing "Tuesday at 3pm"
// shows a suggested meeting in the message's Suggestions panel, at the Paris user's time with the
// sender's beside it; one click on Accept puts the event in the Calendar.

let db: Client;
test.beforeAll(async () => {
  db = await connectToAppDatabase();
});
test.afterAll(async () => {
  await db?.end();
});

const SUBJECT = 'Q3 budget';
const TITLE = 'Meeting with Ann Lee: Q3 budget';

const open = async (page: Page, subject: string) => {
  await page
    .getByRole('list', { name: 'Inbox emails' })
    .getByRole('listitem')
    .filter({ hasText: subject })
    .getByRole('button', { name: new RegExp(`: ${subject}\\.? `) })
    .click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('a meeting time proposed in a message becomes a calendar event with one click', async ({ page }) => {
  const email = await signUpViaApi(page, 'Bob', 'Stone');
  expect((await page.request.patch('/api/profile', { data: { timezone: 'Europe/Paris' } })).status()).toBe(200);
  // Written now in New York (UTC−05:00), as the sync stores the Date header's offset.
  await seedEmails(db, email, [
    {
      subject: SUBJECT,
      from: 'Ann Lee <ann@acme.example>',
      body: 'Hi Bob,\n\nCould we meet Tuesday at 3pm?\n\nBest,\nAnn',
      category: 'work',
      metadata: { dateOffsetMinutes: -300 },
    },
  ]);

  await page.goto('/email');
  const dialog = await open(page, SUBJECT);
  const panel = dialog.getByRole('region', { name: 'Suggestions: what this could become' });
  const suggestion = panel.getByRole('listitem', { name: TITLE });
  await expect(suggestion).toBeVisible();
  await expect(suggestion).toContainText('Proposed time');
  // 15:00 in New York is 21:00 in Paris.
  await expect(suggestion).toContainText('21:00–22:00 your time (Europe/Paris)');
  await expect(suggestion).toContainText('15:00 for Ann (UTC−05:00)');
  await screenshot(page, 'email-mail-dates-suggestion');

  await suggestion.getByRole('button', { name: 'Add to calendar' }).click();
  await expect(suggestion).toContainText('Added to your calendar');
  await suggestion.getByRole('link', { name: 'Open' }).click();

  await expect(page).toHaveURL(/\/calendar/);
  await expect(
    page.getByRole('list', { name: 'Upcoming events' }).getByRole('button', { name: new RegExp(`${TITLE}.*21:00`) }),
  ).toBeVisible();
  await screenshot(page, 'email-mail-dates-calendar');
});
