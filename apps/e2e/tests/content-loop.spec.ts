import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { connectToAppDatabase } from './email-db';
import { screenshot, signUpViaApi } from './helpers';

/**
 * Issue 27's closed loop: a blog post is promoted with one post per platform, each linking back with
 * campaign tags; a reader who follows the LinkedIn post's link (a real Chromium on a site carrying the
 * real tracking script) shows up under the campaign in the site's Analytics tab, and as a visit on
 * that LinkedIn post and on the blog post.
 */
async function startBlogSite(apiOrigin: string) {
  let siteKey = '';
  const page = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Clay & Co.</title>
<script defer src="${apiOrigin}/api/collect/script.js" data-site="${siteKey}"></script></head>
<body><h1>${title}</h1><p>Hand wash your mugs and keep them out of the freezer.</p></body></html>`;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/' || path === '/blog/caring-for-handmade-mugs/')
      return void response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(page(path === '/' ? 'Clay & Co.' : 'Caring for handmade mugs'));
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

/** Reloads until `check` passes: each try waits for the page as long as it takes, then briefly for the figure. */
async function untilShown(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 60_000 });
}

test('a promoted blog post: its LinkedIn link, followed in a browser, counts under its campaign and on both posts', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const blog = await startBlogSite(new URL(baseURL!).origin);
  const db = await connectToAppDatabase();
  try {
    const email = await signUpViaApi(page, 'Cora', 'Potter');
    const added = await page.request.post('/api/websites', { data: { name: 'Clay & Co.', url: blog.url } });
    expect(added.status()).toBe(201);
    const site = (await added.json()) as { id: number; siteKey: string };
    blog.useKey(site.siteKey);
    // A written post that lives on the site (as the blog writer leaves one sent to WordPress).
    await db.query(
      `INSERT INTO website_blog_posts ("websiteId", "userId", topic, keywords, title, content, status, "wordpressUrl")
       SELECT $1, id, 'Caring for handmade mugs', '{mugs}', 'Caring for handmade mugs',
              'Handmade mugs last for years when they are washed by hand. Sudden changes of temperature crack the glaze.',
              'draft', $2
         FROM users WHERE email = $3`,
      [site.id, `${blog.url}blog/caring-for-handmade-mugs/`, email],
    );

    // Promote: one post per platform, each with its tagged link; keep them as drafts.
    await page.goto('/website');
    const card = page.getByRole('article', { name: 'Clay & Co.' });
    await card.getByRole('tab', { name: 'Performance' }).click();
    await card.getByRole('button', { name: /Blog posts \(1\)/ }).click();
    const drawer = page.getByRole('dialog', { name: /Blog posts/ });
    await drawer.getByRole('button', { name: 'Promote' }).click();
    const promote = page.getByRole('dialog', { name: 'Promote “Caring for handmade mugs”' });
    const linkedIn = promote.locator('.ant-card').filter({ hasText: 'Post for LinkedIn' });
    await expect(linkedIn).toContainText('utm_source=linkedin');
    const link = /https?:\/\/\S*utm_source=linkedin\S*/.exec(await linkedIn.innerText())?.[0];
    expect(link).toContain('utm_campaign=caring-for-handmade-mugs');
    await screenshot(page, 'content-loop-promote');
    await promote.getByRole('button', { name: /^Keep \d+ drafts?$/ }).click();
    await expect(promote.getByText(/drafts? saved in Social Media/)).toBeVisible();
    await promote.getByRole('button', { name: 'Done' }).click();

    // A reader follows the LinkedIn post's link in a real browser; the tracker sends the page view.
    const reader = await browser.newContext({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    });
    const tab = await reader.newPage();
    const collected = tab.waitForRequest(
      (request) => request.url().endsWith('/api/collect') && request.method() === 'POST',
    );
    await tab.goto(link!);
    await collected;
    await reader.close();

    // The site's Analytics tab lists the campaign with its source.
    await untilShown(page, async () => {
      const campaigns = page
        .getByRole('article', { name: 'Clay & Co.' })
        .locator('.ant-card-small')
        .filter({
          has: page.getByText('Campaigns', { exact: true }),
        });
      await expect(campaigns).toContainText('caring-for-handmade-mugs', { timeout: 5_000 });
      await expect(campaigns).toContainText('linkedin');
    });
    await screenshot(page, 'content-loop-campaigns');

    // The LinkedIn draft shows the visit it brought; the others none.
    await page.goto('/social');
    await untilShown(page, async () => {
      await expect(page.getByRole('article', { name: /LinkedIn .*post/ }).getByText('1 visit')).toBeVisible({
        timeout: 5_000,
      });
    });
    await expect(page.getByRole('article', { name: /X \(Twitter\) .*post/ }).getByText('0 visits')).toBeVisible();
    await screenshot(page, 'content-loop-social');

    // And the blog post shows the visits its campaign brought.
    await page.goto('/website');
    await page.getByRole('article', { name: 'Clay & Co.' }).getByRole('tab', { name: 'Performance' }).click();
    await page
      .getByRole('article', { name: 'Clay & Co.' })
      .getByRole('button', { name: /Blog posts \(1\)/ })
      .click();
    await expect(page.getByRole('dialog', { name: /Blog posts/ }).getByText('1 visit')).toBeVisible();
  } finally {
    await db.end();
    await blog.close();
  }
});
