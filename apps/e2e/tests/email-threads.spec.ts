import { expect, test } from '@playwright/test';
import { screenshot, signUpViaApi } from './helpers';
import { connectMailbox, deliverMail, mailServers } from './mail-servers';

// Conversations (issue 24): a thread of 4 delivered into the account's Dovecot INBOX is synced,
// listed as one row with its count, and opened to show its 4 messages, oldest first, the newest open.

interface ThreadMail {
  id: string;
  from: string;
  subject: string;
  text: string;
  minutesAgo: number;
  inReplyTo?: string;
  references?: string[];
}
const raw = (m: ThreadMail, to: string) =>
  [
    `From: ${m.from}`,
    `To: ${to}`,
    `Subject: ${m.subject}`,
    `Date: ${new Date(Date.now() - m.minutesAgo * 60_000).toUTCString()}`,
    `Message-ID: ${m.id}`,
    ...(m.inReplyTo ? [`In-Reply-To: ${m.inReplyTo}`] : []),
    ...(m.references ? [`References: ${m.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    m.text,
    '',
  ].join('\r\n');

test('a thread of 4 synced from the mail server is one row with its count, and opens to its 4 messages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const mail = await mailServers();
  const bob = mail.users.find((u) => u.name === 'bob')!;
  // The run's mailboxes are shared with the other email specs: this thread is told apart by its tag.
  const tag = Date.now().toString(36);
  const subject = `Offsite agenda ${tag}`;
  const ids = ['a', 'b', 'c', 'd'].map((n) => `<${n}.${tag}@threads.e2e.test>`);
  const thread: ThreadMail[] = [
    {
      id: ids[0],
      from: 'Grace Hopper <grace@navy.example>',
      subject,
      text: 'Shall we meet on Thursday to settle the agenda?',
      minutesAgo: 240,
    },
    {
      id: ids[1],
      from: 'Alan Turing <alan@bletchley.example>',
      subject: `Re: ${subject}`,
      text: 'Thursday works for me, after lunch.',
      minutesAgo: 180,
      inReplyTo: ids[0],
      references: [ids[0]],
    },
    {
      id: ids[2],
      from: 'Grace Hopper <grace@navy.example>',
      subject: `Re: Re: ${subject}`,
      text: 'Great, 2 pm in the small room then.',
      minutesAgo: 120,
      inReplyTo: ids[1],
      references: [ids[0], ids[1]],
    },
    {
      id: ids[3],
      from: 'Ada Lovelace <ada@engine.example>',
      subject: `Fwd: ${subject}`,
      text: 'Forwarding this so you have the time and the room.',
      minutesAgo: 60,
      references: ids.slice(0, 3),
    },
  ];
  for (const message of thread) await deliverMail('bob', raw(message, bob.address));

  await signUpViaApi(page, 'Bob', 'Builder');
  await connectMailbox(page, bob.name);
  await page.goto('/email');

  const list = page.getByRole('list', { name: 'Inbox emails' });
  const rows = list.getByRole('listitem').filter({ hasText: tag });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(`Fwd: ${subject}`);
  await expect(row).toContainText('Grace, Alan, Ada');
  await expect(row.getByTitle('4 messages')).toHaveText('4');
  await expect(page.getByLabel('Group by conversation')).toBeChecked();
  await screenshot(page, 'email-threads-list');

  await row.getByRole('button', { name: /Conversation of 4 messages/ }).click();
  const dialog = page.getByRole('dialog', { name: `Fwd: ${subject}` });
  const conversation = dialog.getByRole('region', { name: 'Conversation of 4 messages' });
  await expect(conversation.getByRole('button', { name: /^(Grace Hopper|Alan Turing|Ada Lovelace)/ })).toHaveCount(4);
  // The newest is open with its Reply and Forward; the older ones show a snippet only.
  await expect(conversation.getByRole('button', { name: 'Reply to Ada Lovelace' })).toBeVisible();
  await expect(conversation.getByRole('button', { name: /^Reply to/ })).toHaveCount(1);
  await expect(conversation.getByText('Shall we meet on Thursday to settle the agenda?')).toBeVisible();
  await screenshot(page, 'email-threads-view');

  // An older message opens too, with its own Reply.
  await conversation.getByRole('button', { name: /^Alan Turing/ }).click();
  await expect(conversation.getByRole('button', { name: 'Reply to Alan Turing' })).toBeVisible();
  await conversation.getByRole('button', { name: 'Reply to Alan Turing' }).click();
  await expect(page.getByRole('dialog', { name: /Reply/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'email-threads-view-390');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await screenshot(page, 'email-threads-list-390');

  // Turned off (and remembered), the list has one row per message again.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Group by conversation').click();
  await expect(rows).toHaveCount(4);
  await page.reload();
  await expect(page.getByLabel('Group by conversation')).not.toBeChecked();
  await expect(rows).toHaveCount(4);
});
