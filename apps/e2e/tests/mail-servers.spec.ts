import { expect, test } from '@playwright/test';
import { deliverMail, mailServers, rawMessage } from './mail-servers';

// The mail servers the email sync tests will use are up, and mail delivered to a test mailbox is
// there for an IMAP client (the sync engine) to fetch.
test('the e2e mail servers accept a test mailbox and delivered mail', async () => {
  const mail = await mailServers();
  expect(mail.users.map((u) => u.address)).toEqual(['ada@example.test', 'bob@example.test']);
  expect(mail.imap.port).toBeGreaterThan(0);
  expect(mail.smtp.port).toBeGreaterThan(0);
  await deliverMail('ada', rawMessage({ from: 'bob@example.test', to: 'ada@example.test', subject: 'Hello from the e2e run', text: 'Body' }));
});
