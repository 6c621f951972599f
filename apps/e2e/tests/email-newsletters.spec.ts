import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';
import { connectMailbox, deliverMail, mailServers } from './mail-servers';

// Newsletters (issue 24) end to end: a newsletter carrying RFC 8058 one-click headers is delivered
// into Dovecot, synced, and shown grouped by sender in the Newsletters tab; Unsubscribe makes the
// API POST `List-Unsubscribe=One-Click` to the sender's endpoint (a server this test starts).

interface Hit {
  method: string;
  url: string;
  body: string;
  headers: IncomingHttpHeaders;
}

test('a one-click newsletter is grouped by sender, and Unsubscribe reaches the sender’s endpoint', async ({ page }) => {
  test.setTimeout(120_000);
  const hits: Hit[] = [];
  const endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  try {
    const port = (endpoint.address() as AddressInfo).port;
    // The run's mailboxes are shared by every test: this run's sender is told apart by this tag.
    const tag = Date.now().toString(36);
    const name = `Weekly Digest ${tag}`;
    const address = `digest-${tag}@news.example`;
    const { address: to } = (await mailServers()).users.find((user) => user.name === 'ada')!;
    for (const issue of [1, 2])
      await deliverMail(
        'ada',
        [
          `From: ${name} <${address}>`,
          `To: ${to}`,
          `Subject: Digest #${issue} ${tag}`,
          `Date: ${new Date(Date.now() - (2 - issue) * 3_600_000).toUTCString()}`,
          `Message-ID: <digest-${issue}-${tag}@news.example>`,
          `List-Id: Weekly digest <digest.news.example>`,
          `List-Unsubscribe: <http://127.0.0.1:${port}/unsubscribe/${tag}>`,
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
          'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=utf-8',
          '',
          `This week's news, issue ${issue}.`,
          '',
        ].join('\r\n'),
      );

    await signUpViaApi(page, 'Ada', 'Lovelace');
    await connectMailbox(page, 'ada');
    await page.goto('/email?tab=newsletters');
    const list = page.getByRole('list', { name: 'Newsletters by sender' });
    const sender = list.getByRole('listitem', { name, exact: true });
    await expect(sender).toBeVisible();
    await expect(sender).toContainText(address);
    await expect(sender).toContainText('2 messages');
    await expect(sender).toContainText('2 unread');
    await screenshot(page, 'email-newsletters');

    await sender.getByRole('button', { name: `Unsubscribe from ${name}` }).click();
    await expect(page.getByText(`Unsubscribed from ${name}`)).toBeVisible();
    await expect.poll(() => hits.length).toBe(1);
    expect(hits[0]).toMatchObject({ method: 'POST', url: `/unsubscribe/${tag}`, body: 'List-Unsubscribe=One-Click' });
    expect(hits[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(hits[0].headers.cookie).toBeUndefined();
    await expect(sender.getByText('Unsubscribed', { exact: true })).toBeVisible();

    // Keep archiving: a rule, listed under Sender rules; Archive all empties the sender's inbox mail.
    await sender.getByRole('switch', { name: `Keep archiving mail from ${name}` }).click();
    await expect(page.getByText(`New mail from ${name} will be archived on arrival`)).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Sender rules' }).getByRole('listitem').filter({ hasText: address }),
    ).toContainText('Archive new mail');
    await sender.getByRole('button', { name: `Archive all mail from ${name}` }).click();
    await expect(page.getByText('2 messages archived')).toBeVisible();
    await expect(sender.getByRole('button', { name: `Archive all mail from ${name}` })).toBeDisabled();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(sender).toBeVisible();
    await screenshot(page, 'email-newsletters-390');
  } finally {
    await new Promise((resolve) => endpoint.close(resolve));
  }
});
