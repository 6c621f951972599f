// Mail into Documents on real servers: mail with attachments is delivered to Dovecot, synced, and
// its attachments are filed by the person's rules on sync or saved in one click, read from the
// server copy and stored through the documents' pipeline.
import type { AttachmentRule, DocumentSummary, EmailIntegration, SavedAttachment, Suggestion } from '@aide/contracts';
import request from 'supertest';
import { pdfFile } from '../../../test/document-files';
import { type Agent, signUp } from '../../../test/factories';
import { buildMessage, type MessageSpec } from '../../../test/fixtures/mail/incoming';
import { LOOPBACK_SERVERS_ENV } from '../../../test/loopback-servers';
import { connectMailbox } from '../../../test/mail-accounts';
import { type MailServers, startMailServers } from '../../../test/mail-servers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { EmailSyncService } from '../sync/email-sync.service';

jest.setTimeout(60_000);

let t: TestApp;
let mail: MailServers;

beforeAll(async () => {
  mail = await startMailServers({ users: [{ name: 'ada', password: 'ada-secret' }] });
  t = await createTestApp({ env: LOOPBACK_SERVERS_ENV });
});
afterAll(async () => {
  await t?.close();
  await mail?.stop();
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Account {
  agent: Agent;
  integration: EmailIntegration;
}

let ada: Account;
let invoicePdf: Buffer;

const deliver = async (spec: Omit<MessageSpec, 'to'>) => {
  const { raw, messageId } = buildMessage({ ...spec, to: `Ada <${mail.address('ada')}>` });
  await mail.deliver('ada', raw);
  return messageId;
};
const sync = () => t.app.get(EmailSyncService).syncNow(ada.integration.id);
const emailBySubject = async (agent: Agent, subject: string) => {
  const page = (await agent.get('/api/emails').query({ q: subject }).expect(200)).body as {
    items: Array<{ id: number; subject: string }>;
  };
  const found = page.items.find((email) => email.subject === subject);
  if (!found) throw new Error(`No email "${subject}"`);
  return found;
};
const documentsIn = async (agent: Agent, folderId: number) =>
  (await agent.get('/api/documents').query({ folderId }).expect(200)).body as DocumentSummary[];

beforeAll(async () => {
  const { agent } = await signUp(request.agent(t.http));
  const integration = await connectMailbox(agent, mail, 'ada', 'ada-secret');
  ada = { agent, integration };
  invoicePdf = await pdfFile('Invoice INV-2041', 'Amount due: EUR 120.00');
});

describe('attachment rules', () => {
  it('file a PDF invoice into a folder on sync, linked to its email and shown as done by rule, once', async () => {
    const { agent } = ada;
    const folder = (await agent.post('/api/document-folders').send({ name: 'Invoices' }).expect(201)).body as {
      id: number;
    };
    const rule = (
      await agent
        .post('/api/emails/attachment-rules')
        .send({
          name: 'Acme invoices',
          sender: 'acme',
          senderMatch: 'contains',
          subjectContains: '',
          attachmentType: 'pdf',
          integrationId: ada.integration.id,
          folderId: folder.id,
          tag: 'invoice',
          enabled: true,
        })
        .expect(201)
    ).body as AttachmentRule;
    expect(rule).toMatchObject({ name: 'Acme invoices', subjectContains: null, filedCount: 0, enabled: true });

    await deliver({
      from: 'Acme Billing <billing@acme.example>',
      subject: 'Your invoice INV-2041',
      body: 'Please find your invoice attached.',
      attachments: [
        { filename: 'INV-2041.pdf', contentType: 'application/pdf', content: invoicePdf },
        { filename: 'logo.png', contentType: 'image/png', content: PNG },
      ],
    });
    // Another sender's PDF is not the rule's.
    await deliver({
      from: 'Globex <news@globex.example>',
      subject: 'Brochure',
      body: 'Our brochure.',
      attachments: [{ filename: 'brochure.pdf', contentType: 'application/pdf', content: invoicePdf }],
    });
    await sync();

    const email = await emailBySubject(agent, 'Your invoice INV-2041');
    const filed = await documentsIn(agent, folder.id);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      originalName: 'INV-2041.pdf',
      mimeType: 'application/pdf',
      size: invoicePdf.length,
      tags: ['invoice'],
      folderId: folder.id,
      sourceEmailId: email.id,
    });
    const suggestions = (await agent.get(`/api/emails/${email.id}/suggestions`).expect(200)).body as Suggestion[];
    expect(suggestions).toContainEqual(
      expect.objectContaining({
        kind: 'document',
        origin: 'attachment',
        status: 'accepted',
        decidedBy: 'rule',
        result: { type: 'document', id: filed[0].id },
      }),
    );
    const source = (await agent.get(`/api/documents/${filed[0].id}/source-email`).expect(200)).body;
    expect(source).toMatchObject({ id: email.id, subject: 'Your invoice INV-2041' });

    // A second sync (with news of its own) files nothing again; nor does hearing of the same mail twice.
    await deliver({ from: 'Acme Billing <billing@acme.example>', subject: 'Thanks', body: 'No attachment here.' });
    await sync();
    await sync();
    expect(await documentsIn(agent, folder.id)).toHaveLength(1);
    const all = (await agent.get('/api/documents').expect(200)).body as DocumentSummary[];
    expect(all.map((d) => d.originalName)).not.toContain('brochure.pdf');
    const rules = (await agent.get('/api/emails/attachment-rules').expect(200)).body as AttachmentRule[];
    expect(rules).toEqual([expect.objectContaining({ id: rule.id, filedCount: 1 })]);

    // One click: the PNG the rule left, then the same again answers the same document.
    const saved = (await agent.post(`/api/emails/${email.id}/attachments/1/document`).expect(200))
      .body as SavedAttachment;
    expect(saved).toMatchObject({
      created: true,
      document: { originalName: 'logo.png', mimeType: 'image/png', folderId: null, sourceEmailId: email.id },
    });
    const again = (await agent.post(`/api/emails/${email.id}/attachments/1/document`).expect(200))
      .body as SavedAttachment;
    expect(again).toMatchObject({ created: false, document: { id: saved.document.id } });
    // The PDF the rule filed, saved by hand, is the filed document.
    const pdfAgain = (await agent.post(`/api/emails/${email.id}/attachments/0/document`).expect(200))
      .body as SavedAttachment;
    expect(pdfAgain).toMatchObject({ created: false, document: { id: filed[0].id } });
    const afterClick = (await agent.get(`/api/emails/${email.id}/suggestions`).expect(200)).body as Suggestion[];
    expect(afterClick).toContainEqual(
      expect.objectContaining({
        kind: 'document',
        decidedBy: 'person',
        result: { type: 'document', id: saved.document.id },
      }),
    );

    // The download link: the bytes as sent, as an attachment with its name.
    const download = await agent
      .get(`/api/emails/${email.id}/attachments/0`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="INV-2041.pdf"; filename*=UTF-8''INV-2041.pdf`,
    );
    expect(Buffer.compare(download.body as Buffer, invoicePdf)).toBe(0);

    // Readable errors: no such attachment, a bad number, and the message gone from the server.
    expect((await agent.post(`/api/emails/${email.id}/attachments/5/document`).expect(404)).body.message).toBe(
      'Attachment not found',
    );
    expect((await agent.get(`/api/emails/${email.id}/attachments/x`).expect(400)).body.message).toBe(
      'Attachment number must be a whole number from 0',
    );
    const brochure = await emailBySubject(agent, 'Brochure');
    const imap = await mail.connect('ada');
    try {
      await imap.mailboxOpen('INBOX');
      const found = await imap.search({ subject: 'Brochure' }, { uid: true });
      await imap.messageDelete(found as number[], { uid: true });
    } finally {
      await imap.logout();
    }
    expect((await agent.post(`/api/emails/${brochure.id}/attachments/0/document`).expect(409)).body.message).toBe(
      'This attachment is no longer on the mail server',
    );

    // Another user sees none of it.
    const { agent: other } = await signUp(request.agent(t.http));
    await other.post(`/api/emails/${email.id}/attachments/1/document`).expect(404);
    await other.get(`/api/emails/${email.id}/attachments/1`).expect(404);
    await other.get(`/api/documents/${filed[0].id}/source-email`).expect(404);
    await other.patch(`/api/emails/attachment-rules/${rule.id}`).send({ enabled: false }).expect(404);
    await other.delete(`/api/emails/attachment-rules/${rule.id}`).expect(404);
    expect((await other.get('/api/emails/attachment-rules').expect(200)).body).toEqual([]);
    // Nor may a rule file into someone else's folder.
    await other
      .post('/api/emails/attachment-rules')
      .send({ ...ruleBody(), folderId: folder.id })
      .expect(404);
  });

  it('answer 400 with the contract’s words for a bad rule, and change and remove a rule', async () => {
    const { agent } = ada;
    const bad = async (body: Record<string, unknown>) =>
      (await agent.post('/api/emails/attachment-rules').send(body).expect(400)).body.message as string;
    expect(await bad({ ...ruleBody(), name: '  ' })).toBe('Rule name is required');
    expect(await bad({ ...ruleBody(), attachmentType: 'zip' })).toBe('Attachment type must be pdf, images or any');
    expect(await bad({ ...ruleBody(), senderMatch: 'starts' })).toBe('Sender match must be contains or equals');
    expect(await bad({ ...ruleBody(), folderId: -1 })).toBe('Folder id must be a positive whole number');
    expect(await bad({ ...ruleBody(), surprise: true })).toBeTruthy();

    const created = (await agent.post('/api/emails/attachment-rules').send(ruleBody()).expect(201))
      .body as AttachmentRule;
    const changed = (
      await agent
        .patch(`/api/emails/attachment-rules/${created.id}`)
        .send({ enabled: false, tag: ' receipts ' })
        .expect(200)
    ).body as AttachmentRule;
    expect(changed).toMatchObject({ enabled: false, tag: 'receipts', name: created.name });
    await agent.delete(`/api/emails/attachment-rules/${created.id}`).expect(204);
    await agent.delete(`/api/emails/attachment-rules/${created.id}`).expect(404);
  });
});

function ruleBody() {
  return {
    name: 'Receipts',
    sender: null,
    senderMatch: 'contains',
    subjectContains: 'receipt',
    attachmentType: 'images',
    integrationId: null,
    folderId: null,
    tag: null,
    enabled: true,
  };
}
