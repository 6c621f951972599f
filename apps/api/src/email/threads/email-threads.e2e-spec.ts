// Conversations (issue 24) against a real Dovecot and Postgres: a thread delivered into the INBOX is
// synced, threaded, listed as one row with threads=true and read through GET /api/emails/threads/:id.
import type { Email, EmailIntegration, EmailPage, EmailThread } from '@aide/contracts';
import request from 'supertest';
import { type Agent, signUp } from '../../../test/factories';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { connectMailbox } from '../../../test/mail-accounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { EmailSyncService } from '../sync/email-sync.service';

jest.setTimeout(60_000);

const MAIL_USERS = ['tess', 'uma'];
const passwordOf = (user: string) => `${user}-mail-secret`;

let mail: MailServers;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailServers({ users: MAIL_USERS.map((name) => ({ name, password: passwordOf(name) })) });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

const connect = (agent: Agent, user: string) => connectMailbox(agent, mail, user, passwordOf(user));

interface Raw {
  id: string;
  subject: string;
  from: string;
  date: string;
  inReplyTo?: string;
  references?: string[];
}
const raw = (m: Raw, to: string) =>
  [
    `Message-ID: ${m.id}`,
    `Date: ${m.date}`,
    `From: ${m.from}`,
    `To: ${to}`,
    `Subject: ${m.subject}`,
    ...(m.inReplyTo ? [`In-Reply-To: ${m.inReplyTo}`] : []),
    ...(m.references ? [`References: ${m.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of ${m.subject} from ${m.from}`,
    '',
  ].join('\r\n');

/** A message, a reply, a reply to the reply, and a forward that keeps the references; plus an unrelated "Plans" mail. */
function conversation(user: string): Raw[] {
  const domain = `${user}.thread.test`;
  const a = `<a@${domain}>`;
  const b = `<b@${domain}>`;
  const c = `<c@${domain}>`;
  return [
    { id: a, subject: 'Plans for Friday', from: 'Grace <grace@navy.example>', date: 'Mon, 02 Nov 2026 09:00:00 +0000' },
    {
      id: b,
      subject: 'Re: Plans for Friday',
      from: 'Alan <alan@bletchley.example>',
      date: 'Mon, 02 Nov 2026 10:00:00 +0000',
      inReplyTo: a,
      references: [a],
    },
    {
      id: c,
      subject: 'Re: Re: Plans for Friday',
      from: 'Grace <grace@navy.example>',
      date: 'Mon, 02 Nov 2026 11:00:00 +0000',
      inReplyTo: b,
      references: [a, b],
    },
    {
      id: `<d@${domain}>`,
      subject: 'Fwd: Plans for Friday',
      from: 'Ada <ada@engine.example>',
      date: 'Mon, 02 Nov 2026 12:00:00 +0000',
      references: [a, b, c],
    },
  ];
}

const listThreads = async (agent: Agent): Promise<EmailPage> =>
  (await agent.get('/api/emails').query({ threads: 'true' }).expect(200)).body;

describe('conversations synced from Dovecot', () => {
  let agent: Agent;
  let threadId: number;

  beforeAll(async () => {
    // Delivered out of order: the forward first, the original last.
    for (const m of [...conversation('tess')].reverse()) await mail.deliver('tess', raw(m, 'tess@example.test'));
    await mail.deliver(
      'tess',
      raw(
        {
          id: '<other@x.test>',
          subject: 'Lunch',
          from: 'Bob <bob@example.org>',
          date: 'Sun, 01 Nov 2026 09:00:00 +0000',
        },
        'tess@example.test',
      ),
    );
    agent = (await signUp(request.agent(t.http))).agent;
    const integration = await connect(agent, 'tess');
    expect(integration.lastSyncError).toBeNull();
  });

  it('puts the 4 messages into one thread, and lists it as one row with the size 4', async () => {
    const messages: Email[] = (await agent.get('/api/emails').expect(200)).body.items;
    expect(messages).toHaveLength(5);
    const plans = messages.filter((m) => m.subject.includes('Plans for Friday'));
    expect(new Set(plans.map((m) => m.threadId)).size).toBe(1);
    threadId = plans[0].threadId!;
    expect(messages.find((m) => m.subject === 'Lunch')!.threadId).not.toBe(threadId);

    const page = await listThreads(agent);
    expect(page.total).toBe(2);
    expect(page.items.map((row) => [row.subject, row.thread?.size])).toEqual([
      ['Fwd: Plans for Friday', 4],
      ['Lunch', 1],
    ]);
    const [row] = page.items;
    expect(row.thread).toMatchObject({
      unread: 4,
      participants: ['Grace <grace@navy.example>', 'Alan <alan@bletchley.example>', 'Ada <ada@engine.example>'],
    });
    expect(new Set(row.thread!.emailIds)).toEqual(new Set(plans.map((m) => m.id)));
    // Without threads=true the response is as before: one row per message, no summary.
    expect(messages.every((m) => m.thread === undefined)).toBe(true);
  });

  it('answers the thread with its 4 messages, oldest first', async () => {
    const thread: EmailThread = (await agent.get(`/api/emails/threads/${threadId}`).expect(200)).body;
    expect(thread.threadId).toBe(threadId);
    expect(thread.emails.map((m) => m.subject)).toEqual([
      'Plans for Friday',
      'Re: Plans for Friday',
      'Re: Re: Plans for Friday',
      'Fwd: Plans for Friday',
    ]);
  });

  it("answers 404 for another user's thread, 400 for a malformed id", async () => {
    const other = (await signUp(request.agent(t.http))).agent;
    const response = await other.get(`/api/emails/threads/${threadId}`).expect(404);
    expect(response.body).toEqual({ message: 'Conversation not found' });
    await other.get('/api/emails/threads/abc').expect(400);
  });

  it('joins a reply synced later to the thread', async () => {
    const later = {
      id: '<e@tess.thread.test>',
      subject: 'Re: Plans for Friday',
      from: 'Alan <alan@bletchley.example>',
      date: 'Tue, 03 Nov 2026 09:00:00 +0000',
      inReplyTo: '<d@tess.thread.test>',
    };
    await mail.deliver('tess', raw(later, 'tess@example.test'));
    const [integration] = (await agent.get('/api/email-integrations').expect(200)).body as EmailIntegration[];
    await t.app.get(EmailSyncService).syncNow(integration.id);
    const thread: EmailThread = (await agent.get(`/api/emails/threads/${threadId}`).expect(200)).body;
    expect(thread.emails).toHaveLength(5);
    expect((await listThreads(agent)).items[0].thread?.size).toBe(5);
  });
});
