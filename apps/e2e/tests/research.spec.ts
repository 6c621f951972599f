import { expect, type Page, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

// The API reads the fixture web (research-web-server.mts) through its SearxNG-format /search: a
// strong article, a decent one and a thin note about urban heat islands, a dead link, a PDF and a
// slow page whose 3 s timeout keeps a run going long enough to watch.
const TOPIC = 'urban heat islands';

const card = (page: Page, topic: string) => page.getByRole('article', { name: topic });

async function openMenu(page: Page, topic: string, item: string) {
  await card(page, topic)
    .getByRole('button', { name: `Actions for ${topic}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('start research, watch its progress, read the cited report, rerun, archive and delete', async ({ page }) => {
  await signUpViaApi(page, 'Rita', 'Search');
  await page.goto('/research');
  await expect(page.getByRole('heading', { name: 'Research Hub' })).toBeVisible();
  await expect(page.getByText('AI-powered research and analysis')).toBeVisible();
  await expect(page.getByText('No research yet')).toBeVisible();

  // The dialog checks the topic with the contract's message.
  await page.getByRole('button', { name: 'Start Research' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Start Research' });
  await dialog.getByRole('button', { name: 'Start Research' }).click();
  await expect(dialog.getByText('Research topic is required')).toBeVisible();
  await dialog.getByLabel('Research topic').fill(TOPIC);
  await dialog.getByLabel('Tags').fill(' cities , , heat ');
  await dialog.getByRole('button', { name: 'Start Research' }).click();
  await expect(dialog).toBeHidden();

  // Live progress: the card shows a progress bar and what the pipeline is doing, without a reload.
  const report = card(page, TOPIC);
  await expect(report.getByRole('progressbar')).toBeVisible();
  await expect(
    report.getByText(/Reading sources \(\d of \d\)|Searching for sources|Checking \d+ sources|Writing the report/),
  ).toBeVisible();
  await screenshot(page, 'research-in-progress');
  await expect(report.getByRole('button', { name: 'View Full Report' })).toBeVisible({ timeout: 60_000 });
  await expect(report.getByRole('progressbar')).toHaveCount(0);
  await expect(report.getByText('#cities')).toBeVisible();
  await expect(report.getByText('#heat')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Research statistics' }).or(page.getByLabel('Research statistics')),
  ).toContainText('Completed1');
  await screenshot(page, 'research-completed');

  // The report: Markdown rendered, citations that lead to the retrieved sources with their scores.
  await report.getByRole('button', { name: 'View Full Report' }).click();
  const full = page.getByRole('dialog', { name: TOPIC });
  await expect(full.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(full.getByRole('heading', { name: /What are the main causes/ })).toBeVisible();
  const sources = full
    .getByRole('region', { name: 'Sources' })
    .or(full.locator('section[aria-labelledby="aide-research-sources-title"]'));
  await expect(sources.getByRole('link', { name: /Urban heat islands explained/ })).toBeVisible();
  await expect(sources).not.toContainText('heat-island-map'); // the dead link is never cited
  await expect(sources).not.toContainText('How to bake sourdough bread');
  // A citation is a link to its source in the list below.
  await full.locator('a.aide-research-cite').last().click();
  const cited = await full.locator('a.aide-research-cite').last().getAttribute('data-source');
  await expect(full.locator(`#research-source-${cited}`)).toBeInViewport();
  await full.getByText('How this score was computed').first().click();
  await expect(full.getByText('Author named: Dr. Maria Lopez')).toBeVisible();
  await screenshot(page, 'research-report');
  await full.getByRole('button', { name: 'Close' }).last().click();
  await expect(full).toBeHidden();

  // Rerun with a new topic: back to pending, then finished again.
  await openMenu(page, TOPIC, 'Rerun');
  const rerun = page.getByRole('dialog', { name: 'Rerun Research' });
  await expect(rerun.getByLabel('Research topic')).toHaveValue(TOPIC);
  await rerun.getByLabel('Research topic').fill('heat islands in cities');
  await rerun.getByRole('button', { name: 'Rerun' }).click();
  const rerunCard = card(page, 'heat islands in cities');
  await expect(rerunCard.getByRole('progressbar')).toBeVisible();
  await expect(rerunCard.getByRole('button', { name: 'View Full Report' })).toBeVisible({ timeout: 60_000 });

  // Archive hides it until Show Archived; then delete after confirming.
  await openMenu(page, 'heat islands in cities', 'Archive');
  await expect(rerunCard).toBeHidden();
  await expect(page.getByText('No active research')).toBeVisible();
  await page.getByRole('button', { name: 'Show Archived' }).first().click();
  await expect(rerunCard).toBeVisible();
  await openMenu(page, 'heat islands in cities', 'Delete');
  const confirm = page.getByRole('dialog').filter({ hasText: 'Delete the report “heat islands in cities”?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rerunCard).toBeVisible();
  await openMenu(page, 'heat islands in cities', 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rerunCard).toBeHidden();
  await expect(page.getByText('No research yet')).toBeVisible();
});

test('the header search opens a research report found by a word of its summary', async ({ page }) => {
  await signUpViaApi(page, 'Hugo', 'Header');
  const me = await (await page.request.get('/api/auth/user')).json();
  const started = await page.request.post('/api/research/start', { data: { userId: me.id, topic: TOPIC } });
  expect(started.status()).toBe(201);
  const { id } = await started.json();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/research/${me.id}`)).json()) as { id: number; status: string }[]).find(
          (r) => r.id === id,
        )?.status,
      { timeout: 60_000 },
    )
    .toBe('completed');
  await page.goto('/');
  await page.getByPlaceholder('Search across all modules...').fill('heatwaves');
  await page.getByRole('option', { name: new RegExp(TOPIC) }).click();
  await expect(page).toHaveURL(new RegExp(`/research\\?open=${id}`));
  await expect(page.getByRole('dialog', { name: TOPIC }).getByRole('heading', { name: 'Summary' })).toBeVisible();
});
