// The New Message window's API over real PostgreSQL and a real Dovecot: drafts are filed in the
// account's Drafts folder with \Draft (one copy however often they are saved), address suggestions
// come from the user's own mail, and attachments are the user's own files.
import {
  type ComposeUpload,
  DOCUMENT_MESSAGES,
  EMAIL_ATTACHMENTS_MAX_MB,
  EMAIL_DRAFT_MESSAGES,
  type EmailContact,
  type EmailPage,
  type SavedDraft,
} from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, insertEmails, signUp } from '../../../test/factories';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { ComposeAttachmentsService } from './compose-attachments.service';

jest.setTimeout(30_000);

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
  t = await createTestApp({ env: LOOPBACK_SERVERS_ENV });
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

interface Account {
  agent: Agent;
  userId: number;
  integrationId: number;
}

async function account(user: 'ada' | 'grace'): Promise<Account> {
  const { agent, user: signedUp } = await signUp(request.agent(t.http));
  const integration = await agent
    .post('/api/email-integrations')
    .send({
      provider: 'imap',
      email: mail.address(user),
      displayName: user === 'ada' ? 'Ada Lovelace' : 'Grace Hopper',
      password: `${user}-secret`,
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
    })
    .expect(201);
  return { agent, userId: signedUp.id, integrationId: integration.body.id };
}

const draftsOf = async (user: string, subject: string) =>
  (await mail.fetchAll(user, 'Drafts')).filter((m) => m.parsed.subject === subject);

const upload = async (agent: Agent, name: string, content: string): Promise<ComposeUpload> =>
  (await agent.post('/api/emails/attachments').attach('files', Buffer.from(content), name).expect(201)).body;

describe('drafts', () => {
  it("files a draft in the account's Drafts folder with \\Draft, replaces it on update and removes it on delete", async () => {
    const ada = await account('ada');
    const subject = `Plan ${Date.now()}`;
    const saved: SavedDraft = (
      await ada.agent
        .put('/api/emails/drafts')
        .send({
          integrationId: ada.integrationId,
          to: ['grace@example.test'],
          bcc: ['hidden@example.test'],
          subject,
          html: '<p>First <b>try</b></p>',
          text: 'First try',
        })
        .expect(200)
    ).body;
    expect(saved.message).toMatchObject({
      to: ['grace@example.test'],
      bcc: ['hidden@example.test'],
      draftId: saved.id,
    });

    let copies = await draftsOf('ada', subject);
    expect(copies).toHaveLength(1);
    expect(copies[0].flags).toContain('\\Draft');
    expect(copies[0].parsed.text?.trim()).toBe('First try');
    expect(copies[0].parsed.bcc).toBeDefined();

    // In the Drafts tab, and reopened as written.
    const drafts: EmailPage = (await ada.agent.get('/api/emails').query({ tab: 'drafts' }).expect(200)).body;
    expect(drafts.items.map((e) => e.id)).toEqual([saved.id]);

    await ada.agent
      .put(`/api/emails/drafts/${saved.id}`)
      .send({
        integrationId: ada.integrationId,
        to: ['grace@example.test'],
        subject,
        html: '<p>Second</p>',
        text: 'Second',
      })
      .expect(200);
    copies = await draftsOf('ada', subject);
    expect(copies).toHaveLength(1);
    expect(copies[0].parsed.text?.trim()).toBe('Second');
    const reopened: SavedDraft = (await ada.agent.get(`/api/emails/drafts/${saved.id}`).expect(200)).body;
    expect(reopened.message).toMatchObject({ subject, text: 'Second', bcc: [] });
    const [row] = await db.query(`SELECT mailbox, uid FROM emails WHERE id = $1`, [saved.id]);
    expect(row).toEqual({ mailbox: 'Drafts', uid: String(copies[0].uid) });

    await ada.agent.delete(`/api/emails/drafts/${saved.id}`).expect(204);
    expect(await draftsOf('ada', subject)).toHaveLength(0);
    await ada.agent.get(`/api/emails/drafts/${saved.id}`).expect(404);
  });

  it("answers 404 for another user's draft and account", async () => {
    const ada = await account('ada');
    const grace = await account('grace');
    const saved: SavedDraft = (
      await ada.agent.put('/api/emails/drafts').send({ integrationId: ada.integrationId, subject: 'Mine' }).expect(200)
    ).body;
    const refused = await grace.agent
      .put(`/api/emails/drafts/${saved.id}`)
      .send({ integrationId: grace.integrationId, subject: 'Taken' })
      .expect(404);
    expect(refused.body.message).toBe(EMAIL_DRAFT_MESSAGES.draftNotFound);
    await grace.agent.get(`/api/emails/drafts/${saved.id}`).expect(404);
    await grace.agent.delete(`/api/emails/drafts/${saved.id}`).expect(404);
    await grace.agent.put('/api/emails/drafts').send({ integrationId: ada.integrationId, subject: 'x' }).expect(404);
  });

  it('refuses an invalid recipient with a readable message', async () => {
    const ada = await account('ada');
    const response = await ada.agent
      .put('/api/emails/drafts')
      .send({ integrationId: ada.integrationId, to: ['not an address'] })
      .expect(400);
    expect(response.body.message).toBe('Each recipient must be a valid email address');
  });
});

describe('GET /api/emails/contacts', () => {
  it("ranks the user's correspondents by how often, then how recently, they appear, and sees no one else's", async () => {
    const ada = await account('ada');
    const grace = await account('grace');
    await insertEmails(db, ada.userId, [
      { from: 'Bob Stone <bob@example.com>', to: mail.address('ada'), receivedAt: '2030-01-01T00:00:00Z' },
      {
        from: 'bob@example.com',
        to: mail.address('ada'),
        cc: 'Carol <carol@example.com>',
        receivedAt: '2030-01-02T00:00:00Z',
      },
      {
        from: mail.address('ada'),
        to: 'Bob Stone <bob@example.com>, "Dee, D." <dee@example.com>',
        receivedAt: '2030-01-03T00:00:00Z',
      },
      { from: 'Carol King <carol@example.com>', to: mail.address('ada'), receivedAt: '2030-01-05T00:00:00Z' },
    ]);
    await insertEmails(db, grace.userId, [{ from: 'Secret Sam <sam@example.com>', to: 'bob@example.com' }]);

    const all: EmailContact[] = (await ada.agent.get('/api/emails/contacts').expect(200)).body;
    expect(all.map((c) => [c.address, c.name, c.count])).toEqual([
      ['bob@example.com', 'Bob Stone', 3],
      ['carol@example.com', 'Carol King', 2],
      ['dee@example.com', 'Dee, D.', 1],
    ]);
    const carol: EmailContact[] = (await ada.agent.get('/api/emails/contacts').query({ q: 'king' }).expect(200)).body;
    expect(carol.map((c) => c.address)).toEqual(['carol@example.com']);
    const none: EmailContact[] = (await ada.agent.get('/api/emails/contacts').query({ q: 'sam' }).expect(200)).body;
    expect(none).toEqual([]);
  });
});

describe('attachments', () => {
  it("stores an upload and resolves it with a document; another user's upload or document answers 404", async () => {
    const ada = await account('ada');
    const grace = await account('grace');
    const notes = await upload(ada.agent, 'notes.txt', 'Meeting notes');
    expect(notes).toMatchObject({
      filename: 'notes.txt',
      size: 13,
      contentType: expect.stringContaining('text/plain'),
    });
    const document = (
      await ada.agent.post('/api/documents').attach('files', Buffer.from('Quarterly plan'), 'plan.txt').expect(201)
    ).body.documents[0];

    const files = await t.app.get(ComposeAttachmentsService).resolve(ada.userId, [
      { kind: 'upload', uploadId: notes.uploadId },
      { kind: 'document', documentId: document.id },
    ]);
    expect(files.map((f) => [f.filename, (f.content as Buffer).toString()])).toEqual([
      ['notes.txt', 'Meeting notes'],
      ['plan.txt', 'Quarterly plan'],
    ]);

    // A draft keeps them, in its server copy too.
    const subject = `Attached ${Date.now()}`;
    const withFiles: SavedDraft = (
      await ada.agent
        .put('/api/emails/drafts')
        .send({
          integrationId: ada.integrationId,
          subject,
          attachments: [
            { kind: 'upload', uploadId: notes.uploadId },
            { kind: 'document', documentId: document.id },
          ],
        })
        .expect(200)
    ).body;
    const [copy] = await draftsOf('ada', subject);
    expect(copy.parsed.attachments.map((a) => a.filename)).toEqual(['notes.txt', 'plan.txt']);
    // Reopened, it names its files.
    const reopened: SavedDraft = (await ada.agent.get(`/api/emails/drafts/${withFiles.id}`).expect(200)).body;
    expect(reopened.files).toEqual([
      { filename: 'notes.txt', size: 13 },
      { filename: 'plan.txt', size: 14 },
    ]);

    const upload404 = await grace.agent
      .put('/api/emails/drafts')
      .send({ integrationId: grace.integrationId, attachments: [{ kind: 'upload', uploadId: notes.uploadId }] })
      .expect(404);
    expect(upload404.body.message).toBe(EMAIL_DRAFT_MESSAGES.uploadNotFound);
    const document404 = await grace.agent
      .put('/api/emails/drafts')
      .send({ integrationId: grace.integrationId, attachments: [{ kind: 'document', documentId: document.id }] })
      .expect(404);
    expect(document404.body.message).toBe(EMAIL_DRAFT_MESSAGES.documentNotFound);
    await expect(
      t.app.get(ComposeAttachmentsService).resolve(grace.userId, [{ kind: 'upload', uploadId: notes.uploadId }]),
    ).rejects.toMatchObject({ status: 404 });
  });

  it(`refuses attachments over ${EMAIL_ATTACHMENTS_MAX_MB} MB in total with a readable 400`, async () => {
    const ada = await account('ada');
    const first = await upload(ada.agent, 'a.txt', 'a');
    const second = await upload(ada.agent, 'b.txt', 'b');
    // Their recorded sizes stand for two large files (uploading 26 MB would only slow the test).
    await db.query(`UPDATE email_compose_uploads SET size = $2 WHERE id = ANY($1)`, [
      [first.uploadId, second.uploadId],
      13 * 1024 * 1024,
    ]);
    const response = await ada.agent
      .put('/api/emails/drafts')
      .send({
        integrationId: ada.integrationId,
        attachments: [
          { kind: 'upload', uploadId: first.uploadId },
          { kind: 'upload', uploadId: second.uploadId },
        ],
      })
      .expect(400);
    expect(response.body.message).toBe(EMAIL_DRAFT_MESSAGES.attachmentsTooLarge(EMAIL_ATTACHMENTS_MAX_MB));
  });

  it('refuses a request without a file', async () => {
    const ada = await account('ada');
    const response = await ada.agent.post('/api/emails/attachments').field('note', 'x').expect(400);
    expect(response.body.message).toBe(DOCUMENT_MESSAGES.fileRequired);
  });
});

describe('signature', () => {
  it('is kept per account, trimmed, and cleared by an empty one', async () => {
    const ada = await account('ada');
    const set = await ada.agent
      .patch(`/api/email-integrations/${ada.integrationId}`)
      .send({ signature: 'Ada Lovelace\r\nAnalytical Engines Ltd  \n' })
      .expect(200);
    expect(set.body.signature).toBe('Ada Lovelace\nAnalytical Engines Ltd');
    const cleared = await ada.agent
      .patch(`/api/email-integrations/${ada.integrationId}`)
      .send({ signature: '  ' })
      .expect(200);
    expect(cleared.body.signature).toBeNull();
    const tooLong = await ada.agent
      .patch(`/api/email-integrations/${ada.integrationId}`)
      .send({ signature: 'x'.repeat(2001) })
      .expect(400);
    expect(tooLong.body.message).toBe('Signature must be at most 2000 characters');
  });
});
