import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';

/**
 * A small single-page site on 127.0.0.1 that the test starts and stops: its home page includes the
 * real tracking script (with the site key the Website Manager shows), and a link that navigates with
 * history.pushState, as single-page apps do. The API audits, checks and backs it up from here too.
 */
async function startShopSite(apiOrigin: string) {
  let siteKey = '';
  const page = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Clay & Co. ceramics</title>
<meta name="description" content="Handmade ceramic mugs, bowls and plates from a small studio, glazed by hand and fired in small batches.">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script defer src="${apiOrigin}/api/collect/script.js" data-site="${siteKey}"></script></head>
<body><h1>${title}</h1><img src="/mug.png" alt="A blue mug">
<nav><a href="/about">About</a> <a id="pricing" href="/pricing">Pricing</a></nav>
<script>document.getElementById('pricing').addEventListener('click', (e) => { e.preventDefault(); history.pushState({}, '', '/pricing'); document.querySelector('h1').textContent = 'Pricing'; });</script>
</body></html>`;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/robots.txt')
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\n`);
    if (path === '/mug.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(0));
    if (path === '/' || path === '/about' || path === '/pricing')
      return void response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(path === '/' ? 'Clay & Co.' : path.slice(1)));
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    useKey: (key: string) => void (siteKey = key),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const site = (page: Page, name: string) => page.getByRole('article', { name });
const toast = (page: Page, text: string) =>
  page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text });

async function addKeywords(dialog: Locator, keywords: string[]) {
  const input = dialog.getByPlaceholder('Type a keyword and press Enter');
  for (const keyword of keywords) {
    await input.fill(keyword);
    await input.press('Enter');
  }
}

test('add a site, count visits from its tracking script, audit its SEO, back it up and have a blog post written', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const shop = await startShopSite(new URL(baseURL!).origin);
  try {
    await signUpViaApi(page, 'Wes', 'Webmaster');
    await page.goto('/website');
    await expect(page.getByRole('heading', { name: 'Website Manager' })).toBeVisible();
    await expect(page.getByText('No websites added yet. Add your first website to get started!')).toBeVisible();

    // Add New Website: the spec's messages, then the shop.
    await page.getByRole('button', { name: 'Add Website' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add New Website' });
    await add.getByRole('button', { name: 'Add Website' }).click();
    await expect(add.getByText('Website name is required')).toBeVisible();
    await expect(add.getByText('Valid URL is required')).toBeVisible();
    await add.getByLabel('Name').fill('Clay & Co.');
    await add.getByLabel('URL').fill(shop.url);
    await add.getByRole('button', { name: 'Add Website' }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Website added successfully')).toBeVisible();
    const card = site(page, 'Clay & Co.');
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    // The Analytics tab shows the snippet to copy; the shop pastes it (with its site key).
    const snippet = await card.locator('code, pre').filter({ hasText: 'data-site=' }).first().innerText();
    const key = /data-site="([^"]+)"/.exec(snippet)?.[1];
    expect(key).toBeTruthy();
    shop.useKey(key!);
    await screenshot(page, 'website-added');

    // A visitor (a real browser, with Do Not Track off) reads two pages: the home page, then Pricing by pushState.
    const visitor = await browser.newContext({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    });
    const tab = await visitor.newPage();
    const collected = tab.waitForRequest(
      (request) => request.url().endsWith('/api/collect') && request.method() === 'POST',
    );
    await tab.goto(shop.url);
    await collected;
    const second = tab.waitForRequest(
      (request) => request.url().endsWith('/api/collect') && request.method() === 'POST',
    );
    await tab.getByRole('link', { name: 'Pricing' }).click();
    await second;
    await visitor.close();

    // The figures are the visitor's: 1 visitor, 2 page views (the collector stores them within moments).
    const stats = page.getByRole('region', { name: 'Website statistics' }).or(page.getByLabel('Website statistics'));
    // Each try waits for the reloaded page as long as it takes (a loaded machine can take seconds),
    // then briefly for the figures.
    await expect(async () => {
      await page.reload();
      await expect(stats).toBeVisible();
      await expect(stats).toContainText('Monthly Visitors1', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(stats).toContainText('Page Views2');
    await expect(site(page, 'Clay & Co.').getByRole('tabpanel')).toContainText(/Visitors Today\s*1/);
    await screenshot(page, 'website-analytics');

    // SEO: the first audit ran when the site was added; its score and checks are shown.
    await card.getByRole('tab', { name: 'SEO' }).click();
    await expect(card.getByText(/Last audit/)).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('region', { name: 'Checks', exact: true })).toContainText('HTTPS');
    await card.getByRole('button', { name: 'Run SEO audit' }).click();
    await expect(card.getByText(/Last audit/)).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'website-seo');

    // Backup from the Actions tab: the toast, then the Performance tab's date and download link.
    await card.getByRole('tab', { name: 'Actions' }).click();
    await card.getByRole('button', { name: 'Backup' }).click();
    await expect(toast(page, 'Website backup initiated successfully')).toBeVisible();
    await card.getByRole('tab', { name: 'Performance' }).click();
    await expect(card.getByRole('link', { name: 'Download backup' })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Never')).toHaveCount(0);
    // Issue 30: the backups' rule where a person backs up.
    await expect(card.getByText(/^Backups don’t count toward the Free plan’s limit of 5 documents\./)).toBeVisible();
    // Checked for uptime as soon as it was added: up, and online.
    await expect(card.getByTestId('uptime')).toContainText('100');
    await expect(card.getByText('Online', { exact: true })).toBeVisible();
    await screenshot(page, 'website-performance');

    // Create AI Blog Post: submit waits for a website; keywords are unique tags added with Enter.
    await page.getByRole('button', { name: 'Create Blog Post' }).first().click();
    const blog = page.getByRole('dialog', { name: 'Create AI Blog Post' });
    await expect(blog.getByRole('button', { name: 'Create Blog Post' })).toBeDisabled();
    await blog.getByLabel('Website').click();
    await page.getByRole('option', { name: /^Clay & Co\./ }).click();
    await blog.getByLabel('Topic').fill('Caring for handmade mugs');
    await addKeywords(blog, ['glaze', ' Glaze ', 'dishwasher']);
    await expect(blog.getByText('glaze', { exact: true })).toHaveCount(1);
    await expect(blog).toBeVisible();
    await blog.getByRole('button', { name: 'Create Blog Post' }).click();
    await expect(blog).toBeHidden();
    await expect(toast(page, 'Blog post created successfully')).toBeVisible();
    await card.getByRole('button', { name: /Blog posts \(1\)/ }).click();
    const drawer = page.getByRole('dialog', { name: /Blog posts/ });
    await expect(drawer.getByText('Caring for handmade mugs').first()).toBeVisible({ timeout: 30_000 });
    await expect(drawer.getByText(/draft/i).first()).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'website-blog');
  } finally {
    await shop.close();
  }
});
