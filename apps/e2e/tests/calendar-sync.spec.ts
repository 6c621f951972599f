import { expect, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

// The Radicale started by playwright.config.ts (apps/e2e/radicale-server.mjs): user e2e, calendar "Work".
const radicale = `http://127.0.0.1:${process.env.RADICALE_E2E_PORT ?? 5232}`;
const auth = { Authorization: `Basic ${Buffer.from('e2e:e2e-app-password').toString('base64')}` };
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

test('a CalDAV calendar connected and synced through the UI, against a real Radicale: both ways', async ({ page }) => {
  test.setTimeout(90_000);
  const run = Date.now();
  // Someone already has an event in their CalDAV calendar (put there by another client).
  const start = new Date(Date.now() + 2 * 86_400_000);
  const remoteTitle = `Dentist ${run}`;
  const put = await fetch(`${radicale}/e2e/work/dentist-${run}.ics`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'text/calendar; charset=utf-8' },
    body: [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//e2e//EN',
      'BEGIN:VEVENT',
      `UID:dentist-${run}@e2e`,
      `DTSTAMP:${stamp(new Date())}`,
      `DTSTART:${stamp(start)}`,
      `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
      `SUMMARY:${remoteTitle}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  });
  expect(put.status).toBe(201);

  // And one in Aide, made before connecting.
  await signUpViaApi(page, 'Cal', 'Dav');
  const localTitle = `Planning ${run}`;
  const local = await page.request.post('/api/events', {
    data: {
      title: localTitle,
      startTime: new Date(start.getTime() + 7_200_000).toISOString(),
      endTime: new Date(start.getTime() + 10_800_000).toISOString(),
    },
  });
  expect(local.status()).toBe(201);

  await page.goto('/calendar?tab=integrations');
  await expect(page.getByText('No calendar integrations')).toBeVisible();
  await page.getByRole('button', { name: 'Connect CalDAV / iCloud' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect CalDAV / iCloud' });
  await dialog.getByRole('radiogroup', { name: 'Provider' }).getByText('CalDAV', { exact: true }).click();
  await dialog.getByLabel('Server URL').fill(`${radicale}/`);
  await dialog.getByLabel('Username').fill('e2e');
  // A wrong password is refused with the server's reason, and nothing is saved.
  await dialog.getByLabel('App password').fill('wrong password');
  await dialog.getByLabel('Calendar name').fill('Work');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(/Could not sign in to the CalDAV server/).first()).toBeVisible();
  await dialog.getByLabel('App password').fill('e2e-app-password');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();

  // The first sync runs as a background job; the card follows it live.
  const card = page.getByRole('region', { name: 'Work' }).or(page.locator('[aria-label="Work"]')).first();
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('Never')).toBeHidden({ timeout: 30_000 });

  // Imported: the remote event is in Aide. Exported: Aide's event is on the CalDAV server.
  const events = (await (await page.request.get('/api/events')).json()) as { title: string; source: string }[];
  expect(events).toEqual(expect.arrayContaining([expect.objectContaining({ title: remoteTitle, source: 'caldav' })]));
  const calendar = await (await fetch(`${radicale}/e2e/work/`, { headers: auth })).text();
  expect(calendar).toContain(`SUMMARY:${localTitle}`);
  await screenshot(page, 'calendar-integrations');

  // A deletion on the server is reflected on the next sync, started from the card.
  expect((await fetch(`${radicale}/e2e/work/dentist-${run}.ics`, { method: 'DELETE', headers: auth })).status).toBe(
    200,
  );
  await card.getByRole('button', { name: 'Sync Now' }).click();
  await expect(page.getByText('Calendar sync completed')).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/events')).json()) as { title: string }[]).some(
          (e) => e.title === remoteTitle,
        ),
      { timeout: 30_000 },
    )
    .toBe(false);
});
