// The email module's parts together, as one user meets them: an account on a real Dovecot is
// connected, synced and triaged; a meeting request from a colleague is answered automatically
// once; a reply goes out over SMTP, reaches the colleague's IMAP inbox and shows once in Sent
// after the next sync; archiving reaches the server; a correction teaches the classifier.
import type { Email, EmailIntegration, EmailPage, EmailStats, EmailTab } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../test/factories';
import { type MailServers, startMailServers } from '../../test/mail-servers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { LOOPBACK_SERVERS_ENV } from '../../test/loopback-servers';
import { EmailSyncService } from './sync/email-sync.service';

jest.setTimeout(90_000);

let mail: MailServers;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'ada', password: 'ada-secret' },
      { name: 'grace', password: 'grace-secret' },
      { name: 'billing', password: 'billing-secret' },
    ],
  });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

const list = async (agent: Agent, tab: EmailTab = 'inbox', q?: string): Promise<Email[]> =>
  (
    (
      await agent
        .get('/api/emails')
        .query({ tab, pageSize: 100, ...(q && { q }) })
        .expect(200)
    ).body as EmailPage
  ).items;
const account = async (agent: Agent): Promise<EmailIntegration> =>
  ((await agent.get('/api/email-integrations').expect(200)).body as EmailIntegration[])[0];

/** A message from Grace, sent over the test SMTP server into Ada's inbox as any mail would arrive. */
async function graceWrites(subject: string, text: string): Promise<void> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: mail.smtp.host,
    port: mail.smtp.port,
    secure: false,
    auth: { user: 'grace', pass: 'grace-secret' },
  });
  await transport.sendMail({ from: `Grace Hopper <${mail.address('grace')}>`, to: mail.address('ada'), subject, text });
  transport.close();
}

it('connects, syncs, triages, auto-responds once, replies, archives and learns', async () => {
  const { agent } = await signUp(request.agent(t.http));
  await mail.appendMessage(
    'ada',
    'From: Billing <billing@example.test>\r\nTo: ada@example.test\r\nSubject: URGENT: invoice overdue, final notice\r\nMessage-ID: <inv-1@example.test>\r\nDate: Fri, 20 Nov 2026 08:00:00 +0000\r\n\r\nPay today please.\r\n',
  );
  await mail.appendMessage(
    'ada',
    'From: Shop <deals@shop.example>\r\nTo: ada@example.test\r\nSubject: 30% off everything this weekend\r\nList-Unsubscribe: <mailto:u@shop.example>\r\nMessage-ID: <deal-1@shop.example>\r\nDate: Fri, 20 Nov 2026 09:00:00 +0000\r\n\r\nBig sale.\r\n',
  );

  // Connect (what the Add Integration dialog posts); the first sync runs as a job.
  const created = (
    await agent
      .post('/api/email-integrations')
      .send({
        provider: 'imap',
        email: mail.address('ada'),
        displayName: 'Ada Lovelace',
        password: 'ada-secret',
        imapHost: mail.imap.host,
        imapPort: mail.imap.port,
        smtpHost: mail.smtp.host,
        smtpPort: mail.smtp.port,
        autoRespond: true,
        syncFrequency: 86_400,
      })
      .expect(201)
  ).body as EmailIntegration;
  expect(created.syncing).toBe(true);
  await waitFor(async () => (await account(agent)).lastSyncAt !== null, { timeoutMs: 30_000, what: 'the first sync' });
  expect(await account(agent)).toMatchObject({ isActive: true, syncing: false, lastSyncError: null });

  // Triaged by the rules: the overdue invoice is urgent finance, the sale regular promotion.
  const inbox = await list(agent);
  expect(inbox.find((e) => e.subject.startsWith('URGENT'))).toMatchObject({
    priority: 'urgent',
    category: 'finance',
    isRead: false,
  });
  expect(inbox.find((e) => e.subject.startsWith('30%'))).toMatchObject({ priority: 'regular', category: 'promotion' });
  // Mail that was there before the account was connected is not auto-answered.
  expect(inbox.every((e) => !e.isAutoResponded)).toBe(true);

  // A meeting request arrives; Sync Now (202) brings it in and the auto-responder answers it once.
  await graceWrites('Can we schedule a call next week?', 'Hi Ada, could we meet on Tuesday to go over the roadmap?');
  expect((await agent.post(`/api/email-integrations/${created.id}/sync`).expect(202)).body).toMatchObject({
    id: created.id,
    syncing: true,
  });
  const request1 = await waitFor(
    async () => (await list(agent)).find((e) => e.subject === 'Can we schedule a call next week?' && e.isAutoResponded),
    { timeoutMs: 30_000, what: 'the auto-response' },
  );
  expect(request1.metadata.autoResponse).toBe('meeting');
  await t.app.get(EmailSyncService).syncNow(created.id);
  const autoReplies = (await mail.fetchAll('grace')).filter(
    (m) => m.parsed.subject === 'Re: Can we schedule a call next week?',
  );
  expect(autoReplies).toHaveLength(1);
  expect(autoReplies[0].parsed.headers.get('auto-submitted')).toBe('auto-replied');
  expect((await agent.get('/api/dashboard').expect(200)).body.modules.email.insights.autoResponses).toEqual({
    meetings: 1,
    inquiries: 0,
  });

  // A reply by hand: delivered, threaded, quoted; in Sent once, also after a sync files it.
  const urgent = inbox.find((e) => e.subject.startsWith('URGENT'))!;
  const sent = (
    await agent.post('/api/emails/reply').send({ emailId: urgent.id, content: 'Paid just now.' }).expect(200)
  ).body;
  expect(sent).toMatchObject({
    emailSent: true,
    email: { subject: 'Re: URGENT: invoice overdue, final notice', metadata: { status: 'sent' } },
  });
  const [delivered] = (await mail.fetchAll('billing')).filter(
    (m) => m.parsed.subject === 'Re: URGENT: invoice overdue, final notice',
  );
  expect(delivered.parsed.inReplyTo).toBe('<inv-1@example.test>');
  expect(delivered.parsed.text).toMatch(
    /^Paid just now\.\s+On .+, Billing <billing@example\.test> wrote:\s+> Pay today please\./s,
  );
  await t.app.get(EmailSyncService).syncNow(created.id);
  expect(
    (await list(agent, 'sent')).filter((e) => e.subject === 'Re: URGENT: invoice overdue, final notice'),
  ).toHaveLength(1);
  expect((await list(agent, 'sent')).filter((e) => e.subject === 'Re: Can we schedule a call next week?')).toHaveLength(
    1,
  );

  // Archive: gone from the Inbox, in Archived, and moved on the server (the push job, then a sync keeps it).
  await agent.patch(`/api/emails/${urgent.id}`).send({ isArchived: true }).expect(200);
  await waitFor(async () => (await mail.fetchAll('ada', 'Archive')).some((m) => m.parsed.subject === urgent.subject), {
    timeoutMs: 20_000,
    what: 'the move to Archive',
  });
  await t.app.get(EmailSyncService).syncNow(created.id);
  expect((await list(agent)).map((e) => e.subject)).not.toContain(urgent.subject);
  expect((await list(agent, 'archived')).filter((e) => e.subject === urgent.subject)).toHaveLength(1);

  // A correction teaches: the shop's mail is work to Ada (she resells), and its next mail follows.
  const deal = inbox.find((e) => e.subject.startsWith('30%'))!;
  await agent.patch(`/api/emails/${deal.id}`).send({ priority: 'important', category: 'work' }).expect(200);
  await mail.appendMessage(
    'ada',
    'From: Shop <deals@shop.example>\r\nTo: ada@example.test\r\nSubject: 20% off everything next weekend\r\nList-Unsubscribe: <mailto:u@shop.example>\r\nMessage-ID: <deal-2@shop.example>\r\nDate: Sat, 21 Nov 2026 09:00:00 +0000\r\n\r\nBig sale again.\r\n',
  );
  await t.app.get(EmailSyncService).syncNow(created.id);
  // (The rules alone say regular promotion, as they did for the first.)
  expect((await list(agent)).find((e) => e.subject === '20% off everything next weekend')).toMatchObject({
    priority: 'important',
    category: 'work',
  });

  const stats = (await agent.get('/api/emails/stats').expect(200)).body as EmailStats;
  // The meeting request and both shop mails.
  expect(stats).toMatchObject({ inbox: 3, urgent: 0, work: 3 });
});
