import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

/** A one-page invoice, printed and scanned: an image with no text layer (apps/api/test/fixtures). */
const SCANNED_INVOICE = readFileSync(path.join(__dirname, '../../api/test/fixtures/scanned-invoice.pdf'));
const TASK_TITLE = 'Pay Northwind Energy Ltd invoice INV-2026-0417 (€1,234.50)';

test('a scanned invoice is read, says its text was recognised, and its bill becomes a task in one click', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, 'Scan', 'Reader');
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();

  await page
    .getByRole('button', { name: /Upload$/ })
    .first()
    .click();
  const uploadDialog = page.getByRole('dialog', { name: 'Upload Documents' });
  await uploadDialog
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'energy-invoice.pdf', mimeType: 'application/pdf', buffer: SCANNED_INVOICE }]);
  await uploadDialog.getByRole('button', { name: 'Upload', exact: true }).click();
  // All uploaded: the dialog closes by itself.
  await expect(uploadDialog).toBeHidden({ timeout: 30_000 });

  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'energy-invoice.pdf', exact: true }) });
  await expect(card.getByText('Reading text…')).toBeHidden({ timeout: 60_000 });
  await card.getByRole('button', { name: 'energy-invoice.pdf', exact: true }).click();
  const view = page.getByRole('dialog', { name: /energy-invoice\.pdf/ });
  await expect(view.getByText('Text recognised from a scan (page 1)')).toBeVisible();

  const suggestions = view.getByRole('region', { name: 'Suggestions: what this could become' });
  const bill = suggestions.getByRole('listitem', { name: TASK_TITLE });
  await expect(bill).toBeVisible();
  await expect(bill).toContainText('€1,234.50 due 15 December 2026');
  await screenshot(page, 'documents-scan-suggestion');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bill.getByRole('button', { name: 'Add task' })).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'documents-scan-suggestion-phone');
  await page.setViewportSize({ width: 1366, height: 860 });
  await bill.getByRole('button', { name: 'Add task' }).click();
  await expect(bill.getByText('Added to your tasks')).toBeVisible();
  await bill.getByRole('link', { name: 'Open' }).click();

  await expect(page).toHaveURL(/\/tasks/);
  await expect(page.getByText(TASK_TITLE).first()).toBeVisible();
  await screenshot(page, 'documents-scan-task');
});
