import { expect, type Locator, type Page, test } from '@playwright/test';
import { docxFile, executableFile, pdfFile } from '@aide/api/test/document-files';
import { screenshot, signUpViaApi } from './helpers';

// The documents remote (apps/mf-documents) against the real API: files go up through the Upload
// dialog (per-file progress, the server's refusal shown on its row), the extraction job reads them
// in the background, and the screen then finds a word inside the PDF, previews it, moves a file
// into a folder and archives one.

/** Chooses `item` from the menu `button` opens; a click lost to the menu's entrance animation is retried. */
async function choose(page: Page, button: Locator, item: string) {
  await expect(async () => {
    const entry = page.getByRole('menuitem', { name: item, exact: true });
    if (!(await entry.isVisible())) await button.click();
    await entry.click({ timeout: 2_000 });
    await expect(entry).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

const card = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('button', { name, exact: true }) });

test('upload with progress, read in the background, search inside a PDF, preview, move into a folder, archive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, 'Doc', 'Keeper');
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByText('No documents yet')).toBeVisible();

  // New Folder: the contract's message for a blank name, then created at Root.
  await page.getByRole('button', { name: 'New Folder' }).first().click(); // the header's (the empty state offers one too)
  const folderDialog = page.getByRole('dialog', { name: 'New Folder' });
  await folderDialog.getByRole('button', { name: 'Create Folder' }).click();
  await expect(folderDialog.getByText('Folder name is required')).toBeVisible();
  await folderDialog.getByLabel('Name').fill('Taxes 2025');
  await folderDialog.getByText('Green', { exact: true }).click();
  await folderDialog.getByRole('button', { name: 'Create Folder' }).click();
  await expect(page.getByText('Folder created')).toBeVisible();
  await expect(page.getByTestId(/^folder-/)).toHaveAttribute('data-color', 'green');

  // Upload three files; the network is slowed so the PDF's progress can be seen moving.
  const pdf = await pdfFile(
    'Annual budget review. Revenue grew by twelve percent and the invoice backlog fell. The tax return is due in March.',
    ...Array.from(
      { length: 30 },
      (_, i) =>
        `Section ${i + 1} of the appendix lists the spending of each team against its budget, with notes from the finance office on invoices paid late.`,
    ),
    'Closing note: the heliotrope project spent less than planned on travel and equipment.',
  );
  const docx = await docxFile(
    'Tenancy agreement between the landlord and the tenant.',
    'The tenant pays the rent on the first day of each month.',
  );
  await page
    .getByRole('button', { name: /Upload$/ })
    .first()
    .click(); // the header's
  const uploadDialog = page.getByRole('dialog', { name: 'Upload Documents' });
  await uploadDialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(uploadDialog.getByText('Select at least one file to upload')).toBeVisible();
  await uploadDialog.locator('input[type="file"]').setInputFiles([
    { name: 'budget-review.pdf', mimeType: 'application/pdf', buffer: pdf },
    {
      name: 'lease.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx,
    },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: executableFile() },
  ]);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: Math.ceil(pdf.length / 4),
  });
  await uploadDialog.getByRole('button', { name: 'Upload 3 files' }).click();
  const pdfProgress = uploadDialog.getByRole('progressbar', { name: 'Uploading budget-review.pdf' });
  await expect(pdfProgress).toBeVisible();
  await expect
    .poll(async () => Number(await pdfProgress.getAttribute('aria-valuenow')), {
      message: 'the PDF upload reports progress part of the way',
    })
    .toBeGreaterThan(0);
  await screenshot(page, 'documents-upload-progress');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const rows = uploadDialog.getByRole('list', { name: 'Files to upload' });
  await expect(rows.getByRole('listitem', { name: 'budget-review.pdf' })).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await expect(rows.getByRole('listitem', { name: 'lease.docx' })).toHaveAttribute('data-status', 'done');
  // The program named .pdf is refused by the server, on its own row, with the server's words.
  const refused = rows.getByRole('listitem', { name: 'invoice.pdf' });
  await expect(refused).toHaveAttribute('data-status', 'error');
  await expect(refused).toContainText('Programs and executable files cannot be uploaded');
  await expect(page.getByText('Upload failed')).toBeVisible();
  await screenshot(page, 'documents-upload-done');
  await uploadDialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(uploadDialog).toBeHidden();

  // Both cards; the text is read in the background and the cards follow without a reload.
  const pdfCard = card(page, 'budget-review.pdf');
  const docxCard = card(page, 'lease.docx');
  await expect(pdfCard).toBeVisible();
  await expect(docxCard).toBeVisible();
  await expect(pdfCard.getByText('Reading text…')).toBeHidden({ timeout: 30_000 });
  await expect(docxCard.getByText('Reading text…')).toBeHidden({ timeout: 30_000 });
  // The summary the AI service wrote from the text, and the tags it suggests, shown apart from the
  // person's own (issue 30): none is a tag until it is kept, with one click.
  await expect(pdfCard).toContainText('finance office');
  const suggested = pdfCard.getByRole('group', { name: 'Suggested tags' });
  await expect(suggested).toContainText('Suggested:');
  await expect(pdfCard.getByRole('list', { name: 'Tags' })).toHaveCount(0);
  await screenshot(page, 'documents-root');
  const suggestion = suggested.getByRole('button', { name: /^Keep the tag / }).first();
  const tag = (await suggestion.textContent())!.trim();
  await suggestion.click();
  await expect(page.getByText(`Tag “${tag}” kept`)).toBeVisible();
  await expect(pdfCard.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([tag]);
  await expect(suggested.getByRole('button', { name: `Keep the tag ${tag}`, exact: true })).toHaveCount(0);
  // The lease's suggestions are dismissed: its card shows none, and no tags.
  const leaseSuggested = docxCard.getByRole('group', { name: 'Suggested tags' });
  await leaseSuggested.getByRole('button', { name: 'Dismiss suggestions' }).click();
  await expect(page.getByText('Suggestions dismissed')).toBeVisible();
  await expect(leaseSuggested).toBeHidden();
  await expect(docxCard.getByRole('list', { name: 'Tags' })).toHaveCount(0);
  await screenshot(page, 'documents-suggested-tags');

  // Search finds a word that is only inside the PDF's pages.
  await page.getByRole('textbox', { name: 'Search documents' }).fill('heliotrope');
  await expect(page.getByText('Results from all folders')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(pdfCard).toContainText(/heliotrope/i);
  await screenshot(page, 'documents-search');
  await page.getByRole('textbox', { name: 'Search documents' }).fill('');
  await expect(page.getByText('Results from all folders')).toBeHidden();

  // Preview: the PDF inline from the preview call; the Word file as its extracted text.
  await pdfCard.getByRole('button', { name: 'budget-review.pdf', exact: true }).click();
  const view = page.getByRole('dialog', { name: /budget-review\.pdf/ });
  const frame = view.locator('iframe[title="Preview of budget-review.pdf"]');
  await expect(frame).toBeVisible();
  const previewUrl = await frame.getAttribute('src');
  expect(previewUrl).toMatch(/\/api\/documents\/\d+\/preview/);
  const preview = await page.request.get(previewUrl!);
  expect(preview.headers()['content-type']).toBe('application/pdf');
  expect((await preview.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The frame really loaded it (a refused frame would show Chromium's error page instead).
  await expect
    .poll(() => page.frames().map((f) => f.url()))
    .toContainEqual(expect.stringMatching(/\/api\/documents\/\d+\/preview$/));
  // The dialog lists the rest of the suggestions beside the kept tag.
  await expect(view.getByRole('group', { name: 'Suggested tags' })).toBeVisible();
  await expect(view.getByRole('button', { name: `Keep the tag ${tag}`, exact: true })).toHaveCount(0);
  await screenshot(page, 'documents-preview-pdf');
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await docxCard.getByRole('button', { name: 'lease.docx', exact: true }).click();
  const docxView = page.getByRole('dialog', { name: /lease\.docx/ });
  await expect(docxView.getByLabel('Text of lease.docx')).toContainText(
    'The tenant pays the rent on the first day of each month.',
  );
  await page.keyboard.press('Escape');
  await expect(docxView).toBeHidden();

  // Move the lease into the folder; it leaves Root and is found inside, under the breadcrumb.
  await choose(page, docxCard.getByRole('button', { name: 'Actions for lease.docx' }), 'Move');
  const move = page.getByRole('dialog', { name: 'Move Document' });
  await move.getByLabel('Move to').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'Taxes 2025' }).click();
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('Document moved')).toBeVisible();
  await expect(docxCard).toBeHidden();
  await page.getByRole('button', { name: /^Open folder Taxes 2025/ }).click();
  await expect(page).toHaveURL(/[?&]folder=\d+/);
  const path = page.getByRole('navigation', { name: 'Folder path' });
  await expect(path).toContainText('Root');
  await expect(path).toContainText('Taxes 2025');
  await expect(docxCard).toBeVisible();
  await expect(pdfCard).toBeHidden();
  await screenshot(page, 'documents-folder');
  await path.getByText('Root').click();
  await expect(pdfCard).toBeVisible();
  await expect(page.getByRole('button', { name: /^Open folder Taxes 2025, 1 document/ })).toBeVisible();

  // Archive hides the PDF; Show Archived brings it back marked, and Unarchive restores it.
  await choose(page, pdfCard.getByRole('button', { name: 'Actions for budget-review.pdf' }), 'Archive');
  await expect(page.getByText('Document archived')).toBeVisible();
  await expect(pdfCard).toBeHidden();
  await page.getByRole('button', { name: 'Show Archived' }).click();
  await expect(pdfCard.getByText('Archived', { exact: true })).toBeVisible();
  await choose(page, pdfCard.getByRole('button', { name: 'Actions for budget-review.pdf' }), 'Unarchive');
  await expect(page.getByText('Document unarchived')).toBeVisible();
  await expect(pdfCard.getByText('Archived', { exact: true })).toBeHidden();
});

test('the header search opens a document found by a word in its text', async ({ page }) => {
  await signUpViaApi(page, 'Search', 'Er');
  const upload = await page.request.post('/api/documents', {
    multipart: {
      files: {
        name: 'minutes.pdf',
        mimeType: 'application/pdf',
        buffer: await pdfFile('Board minutes: the marmalade committee approved the plan.'),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const id = (await upload.json()).documents[0].id as number;
  await expect
    .poll(async () => (await (await page.request.get(`/api/documents/${id}`)).json()).extractionStatus, {
      timeout: 30_000,
    })
    .toBe('done');

  await page.goto('/');
  await page.getByPlaceholder('Search across all modules...').fill('marmalade');
  await page.getByRole('option', { name: /minutes\.pdf/ }).click();
  await expect(page).toHaveURL(new RegExp(`/documents\\?open=${id}`));
  await expect(
    page.getByRole('dialog', { name: /minutes\.pdf/ }).locator('iframe[title="Preview of minutes.pdf"]'),
  ).toBeVisible();
});
