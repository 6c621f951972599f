import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';
import { connectMailbox, deliverMail, mailServers } from './mail-servers';

// Privacy (issue 24): a message with a remote tracking image (served by a local https server this
// test starts) makes no request when it is opened; Show images loads it. The image server's
// certificate is self-signed, so this browser context ignores certificate errors.
test.use({ ignoreHTTPSErrors: true });

/** A 1×1 transparent GIF, what a tracking pixel is. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function selfSigned() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aide-pixel-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const pem = {
    key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  };
  rmSync(dir, { recursive: true, force: true });
  return pem;
}

test('a tracking image is not requested when a message opens, and Show images loads it', async ({ page }) => {
  test.setTimeout(120_000);
  const requests: string[] = [];
  const images = createServer(selfSigned(), (req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' }).end(PIXEL);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `https://127.0.0.1:${(images.address() as AddressInfo).port}`;
    const tag = Date.now().toString(36);
    const subject = `Your weekly picks ${tag}`;
    const { address: to } = (await mailServers()).users.find((user) => user.name === 'ada')!;
    await deliverMail(
      'ada',
      [
        `From: Shop Picks <picks-${tag}@shop.example>`,
        `To: ${to}`,
        `Subject: ${subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <picks-${tag}@shop.example>`,
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        '',
        `<h1>Picks for you</h1><p>Hello Ada, here are this week's picks.</p>`,
        `<img src="${origin}/open.gif?u=${tag}" width="1" height="1" alt="">`,
        `<div style="background:url(${origin}/bg.gif?u=${tag});padding:8px">Sale</div>`,
        '',
      ].join('\r\n'),
    );

    await signUpViaApi(page, 'Ada', 'Lovelace');
    await connectMailbox(page, 'ada');
    await page.goto('/email');
    const row = page.getByRole('list', { name: 'Inbox emails' }).getByRole('listitem').filter({ hasText: subject });
    await row.getByRole('button', { name: new RegExp(`: ${subject}\\.? `) }).click();
    const detail = page.getByRole('dialog', { name: subject });
    const bar = detail.getByRole('alert').filter({ hasText: 'Remote images are hidden to protect your privacy' });
    await expect(bar).toBeVisible();
    // The message is on screen (its frame has loaded), and nothing was asked of the image server.
    await expect(detail.frameLocator('iframe').getByRole('heading', { name: 'Picks for you' })).toBeVisible();
    expect(requests).toEqual([]);
    await expect(bar.getByRole('button', { name: `Always show from picks-${tag}@shop.example` })).toBeVisible();
    await screenshot(page, 'email-privacy-bar');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(bar).toBeVisible();
    await screenshot(page, 'email-privacy-bar-390');
    expect(requests).toEqual([]);

    await bar.getByRole('button', { name: 'Show images' }).click();
    await expect.poll(() => requests.some((url) => url === `/open.gif?u=${tag}`)).toBe(true);
    await expect.poll(() => requests.some((url) => url === `/bg.gif?u=${tag}`)).toBe(true);
    await expect(bar).toHaveCount(0);
  } finally {
    await new Promise((resolve) => images.close(resolve));
  }
});
