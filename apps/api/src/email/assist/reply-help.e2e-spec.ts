// Reply help and the triage misses of issue 24 on real servers: the reply-draft route (user-scoped),
// a phishing mail synced from Dovecot with a failed DKIM result, and the auto-reply's signature.
import type { Email, EmailPage, ReplyHelp } from '@aide/contracts';
import { EventEmitter2 } from '@nestjs/event-emitter';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, insertEmails, signUp } from '../../../test/factories';
import { storeInboxMessage } from '../../../test/fixtures/mail/incoming';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { connectMailbox } from '../../../test/mail-accounts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';
import { EmailEntity } from '../email.entity';
import { EmailIntegrationEntity } from '../email-integration.entity';
import { EMAIL_ARRIVED, EmailArrivedEvent } from '../events/email-arrived.event';
import { EmailSyncService } from '../sync/email-sync.service';

jest.setTimeout(60_000);

let t: TestApp;
let db: DataSource;
let mail: MailServers;

beforeAll(async () => {
  mail = await startMailServers({
    users: [
      { name: 'ada', password: 'ada-secret' },
      { name: 'grace', password: 'grace-secret' },
    ],
  });
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, ...LOOPBACK_SERVERS_ENV } });
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

const connectAda = (agent: Agent, overrides: Record<string, unknown> = {}) =>
  connectMailbox(agent, mail, 'ada', 'ada-secret', { displayName: 'Work mailbox', ...overrides });

describe('POST /api/emails/:id/reply-draft', () => {
  it("answers suggestions and a draft for the user's own message, 404 for another user's, 401 signed out", async () => {
    const { agent, user } = await signUp(request.agent(t.http), { firstName: 'Ada', lastName: 'King' });
    const [id] = await insertEmails(db, user.id, [
      {
        from: 'Ann Lee <ann@acme.example>',
        subject: 'Quick sync',
        body: 'Hi,\n\nCould we meet on Thursday at 3pm to go through the roadmap?\n\nAnn',
      },
    ]);
    const help: ReplyHelp = (await agent.post(`/api/emails/${id}/reply-draft`).expect(200)).body;
    expect(help.suggestions).toEqual([
      'Thursday at 3pm works for me.',
      'Could we find another time than Thursday at 3pm?',
      "Let me check my calendar and I'll get back to you.",
    ]);
    expect(help.draft).toBe(
      "Hi Ann,\n\nThank you for suggesting Thursday at 3pm. I'll check my calendar and confirm. Please let me know if there is anything else.\n\nBest regards,\nAda King",
    );
    expect(help.method).toBe('offline:template:email.reply-draft');

    // In the profile's language.
    await agent.patch('/api/profile').send({ language: 'de' }).expect(200);
    const german: ReplyHelp = (await agent.post(`/api/emails/${id}/reply-draft`).expect(200)).body;
    expect(german.suggestions[0]).toBe('Thursday at 3pm passt mir.');
    expect(german.draft).toMatch(/^Hallo Ann,\n\ndanke für den Vorschlag \(Thursday at 3pm\)\./);

    const other = await signUp(request.agent(t.http));
    expect((await other.agent.post(`/api/emails/${id}/reply-draft`).expect(404)).body.message).toBe('Email not found');
    await agent.post('/api/emails/abc/reply-draft').expect(400);
    await request(t.http).post(`/api/emails/${id}/reply-draft`).expect(401);
  });
});

describe('phishing, synced from Dovecot', () => {
  it('flags a mail whose Authentication-Results say dkim=fail, and a look-alike bank; a colleague is not flagged', async () => {
    const { agent } = await signUp(request.agent(t.http));
    const raw = (subject: string, from: string, extra: string, body: string) =>
      Buffer.from(
        `Message-ID: <${subject.replace(/\W+/g, '-')}-${Date.now()}@example.test>\r\nDate: Mon, 02 Nov 2026 09:00:00 +0000\r\n` +
          `From: ${from}\r\nTo: ${mail.address('ada')}\r\nSubject: ${subject}\r\n${extra}MIME-Version: 1.0\r\n` +
          `Content-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`,
      );
    await mail.appendMessage(
      'ada',
      raw(
        'Your statement is ready',
        'Ann <ann@colleague.example>',
        'Authentication-Results: mx.example.test; dkim=fail header.d=colleague.example; spf=pass\r\n',
        'See the attached statement.',
      ),
    );
    await mail.appendMessage(
      'ada',
      raw(
        'Account on hold',
        '"MyBank Security" <alerts@secure-mybank-login.com>',
        '',
        'Verify your account within 24 hours or it will be closed.',
      ),
    );
    await mail.appendMessage('ada', raw('Lunch on Friday', 'Ann <ann@colleague.example>', '', 'Shall we?'));
    const integration = await connectAda(agent);
    await t.app.get(EmailSyncService).syncNow(integration.id);

    const page: EmailPage = (await agent.get('/api/emails').query({ tab: 'inbox', pageSize: 100 }).expect(200)).body;
    const bySubject = (subject: string) => page.items.find((e: Email) => e.subject === subject)!;
    expect(bySubject('Your statement is ready')).toMatchObject({
      priority: 'important',
      category: 'spam',
      metadata: { phishing: { reasons: ['DKIM check failed'] } },
    });
    expect(bySubject('Account on hold').metadata.phishing?.reasons).toEqual([
      'The sender calls itself "MyBank Security" but writes from secure-mybank-login.com',
      "The sender's domain secure-mybank-login.com adds words to the name mybank but is not mybank.com",
    ]);
    expect(bySubject('Account on hold').priority).not.toBe('regular');
    expect(bySubject('Lunch on Friday').metadata.phishing).toBeUndefined();
  });
});

describe('auto-reply signature', () => {
  it("signs with the person's profile name, not the account's display name", async () => {
    const { agent, user } = await signUp(request.agent(t.http), { firstName: 'Ada', lastName: 'King' });
    const integration = await connectAda(agent, { autoRespond: true });
    const stored = await storeInboxMessage(
      db,
      mail,
      { userId: user.id, integrationId: integration.id, mailUser: 'ada' },
      {
        from: `Grace Hopper <${mail.address('grace')}>`,
        to: `Ada <${mail.address('ada')}>`,
        subject: 'Can we schedule a call next week?',
        body: 'Hi Ada,\n\nAre you free on Tuesday for a call?\n\nGrace',
      },
    );
    const row = await db.getRepository(EmailEntity).findOneByOrFail({ id: stored.id });
    const account = await db.getRepository(EmailIntegrationEntity).findOneByOrFail({ id: integration.id });
    await t.app.get(EventEmitter2).emitAsync(EMAIL_ARRIVED, new EmailArrivedEvent(account, [row]));

    const reply = await waitFor(
      async () => (await mail.fetchAll('grace')).find((m) => m.parsed.inReplyTo === row.messageId),
      { timeoutMs: 20_000, what: 'the automatic reply' },
    );
    expect(reply.parsed.text).toContain('Best regards,\nAda King\n');
    expect(reply.parsed.text).not.toContain('Work mailbox');
  });
});
