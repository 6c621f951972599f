import { EMAIL_MESSAGES, type EmailIntegration } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, buildEmailIntegration, insertEmails, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CredentialsCipher } from '../common/crypto/credentials-cipher';

let t: TestApp;
let db: DataSource;
let ada: Agent;
let adaId: number;
let bob: Agent;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
  ({
    agent: ada,
    user: { id: adaId },
  } = await signUp(request.agent(t.http)));
  ({ agent: bob } = await signUp(request.agent(t.http)));
  // These two connect many accounts; the plans' account quota is tested in security/plan-quotas.
  await db.query(`UPDATE users SET plan = 'premium'`);
});
afterAll(() => t.close());

const connect = async (agent: Agent, body: object = buildEmailIntegration()): Promise<EmailIntegration> =>
  (await agent.post('/api/email-integrations').send(body).expect(201)).body;

const storedCredentials = async (id: number): Promise<string> =>
  (await db.query(`SELECT credentials FROM email_integrations WHERE id = $1`, [id]))[0].credentials;

describe('email integrations CRUD', () => {
  it('connects an account with the spec defaults, lists, updates and deletes it', async () => {
    const created = await connect(ada, {
      provider: 'outlook',
      email: ' Ada@Example.com ',
      displayName: 'Ada',
      password: 'app password',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      provider: 'outlook',
      email: 'ada@example.com',
      displayName: 'Ada',
      isActive: true,
      syncEnabled: true,
      // Its first sync is queued at once.
      syncing: true,
      syncFrequency: 300,
      autoRespond: false,
      autoCategories: true,
      lastSyncAt: null,
      lastSyncError: null,
      imapHost: null,
      imapPort: null,
      smtpHost: null,
      smtpPort: null,
      createdAt: expect.stringMatching(/Z$/),
      signature: null,
    });
    // The first sync may have ended by now (it cannot reach outlook.office365.com from here).
    const { syncing: _syncing, lastSyncError: _lastSyncError, ...stable } = created;
    expect((await ada.get('/api/email-integrations').expect(200)).body).toContainEqual(expect.objectContaining(stable));

    const off = await ada.patch(`/api/email-integrations/${created.id}`).send({ syncEnabled: false }).expect(200);
    expect(off.body).toEqual({ ...created, syncEnabled: false });
    const settings = await ada
      .patch(`/api/email-integrations/${created.id}`)
      .send({ syncFrequency: 600, autoRespond: true, autoCategories: false })
      .expect(200);
    expect(settings.body).toMatchObject({
      syncEnabled: false,
      syncFrequency: 600,
      autoRespond: true,
      autoCategories: false,
    });

    await ada.delete(`/api/email-integrations/${created.id}`).expect(204, '');
    expect(
      (await ada.get('/api/email-integrations').expect(200)).body.map((i: EmailIntegration) => i.id),
    ).not.toContain(created.id);
    expect((await ada.delete(`/api/email-integrations/${created.id}`).expect(404)).body).toEqual({
      message: EMAIL_MESSAGES.integrationNotFound,
    });
  });

  it("keeps an imap account's servers, and stores none for a preset even when given", async () => {
    const imap = await connect(
      ada,
      buildEmailIntegration({
        provider: 'imap',
        imapHost: 'mail.example.org',
        imapPort: 993,
        smtpHost: 'smtp.example.org',
        smtpPort: 587,
      }),
    );
    expect(imap).toMatchObject({
      provider: 'imap',
      imapHost: 'mail.example.org',
      imapPort: 993,
      smtpHost: 'smtp.example.org',
      smtpPort: 587,
    });
    const preset = await connect(
      ada,
      buildEmailIntegration({ provider: 'yahoo', imapHost: 'evil.example', imapPort: 25 }),
    );
    expect(preset).toMatchObject({ provider: 'yahoo', imapHost: null, imapPort: null });
  });

  it('answers 400 with the spec messages', async () => {
    const bad = await ada
      .post('/api/email-integrations')
      .send({ provider: 'aol', email: 'not-an-address', password: '', syncFrequency: 59 })
      .expect(400);
    expect(bad.body.errors).toEqual([
      { path: 'provider', message: 'Provider must be one of gmail, outlook, yahoo, imap' },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'password', message: 'Password is required' },
      { path: 'syncFrequency', message: 'Sync frequency must be at least 60 seconds' },
    ]);
    const { id } = await connect(ada);
    const patch = await ada.patch(`/api/email-integrations/${id}`).send({ syncFrequency: 30 }).expect(400);
    expect(patch.body).toEqual({
      message: 'Sync frequency must be at least 60 seconds',
      errors: [{ path: 'syncFrequency', message: 'Sync frequency must be at least 60 seconds' }],
    });
    await ada.patch(`/api/email-integrations/${id}`).send({ password: 'new' }).expect(400);
    await ada
      .patch('/api/email-integrations/abc')
      .send({ syncEnabled: true })
      .expect(400, { message: 'Email integration id must be a positive whole number' });
  });

  it('answers 409 for an address the user already connected, whatever its case; another user may connect it', async () => {
    const body = buildEmailIntegration();
    await connect(ada, body);
    const again = await ada
      .post('/api/email-integrations')
      .send({ ...body, email: body.email.toUpperCase(), provider: 'imap' })
      .expect(409);
    expect(again.body).toEqual({ message: 'This email account is already connected' });
    await connect(bob, body);
  });
});

describe('credentials', () => {
  it('are never in a response and are encrypted at rest', async () => {
    const password = 'sup3r-secret-app-password';
    const created = await ada
      .post('/api/email-integrations')
      .send(buildEmailIntegration({ password, username: 'ada-login' }))
      .expect(201);
    const responses = [
      created.text,
      (await ada.get('/api/email-integrations').expect(200)).text,
      (await ada.patch(`/api/email-integrations/${created.body.id}`).send({ autoRespond: true }).expect(200)).text,
    ];
    for (const text of responses) {
      expect(text).not.toContain(password);
      expect(text).not.toMatch(/credentials|password|ada-login|syncState/);
    }
    const stored = await storedCredentials(created.body.id);
    expect(stored).not.toContain(password);
    expect(stored).toMatch(/^v1:/);
    expect(t.app.get(CredentialsCipher).decrypt(stored)).toEqual({ password });
  });
});

describe('ownership and access', () => {
  it("answers 404 to another user's integration and leaves it alone", async () => {
    const mine = await connect(ada);
    await bob
      .patch(`/api/email-integrations/${mine.id}`)
      .send({ syncEnabled: false })
      .expect(404, { message: EMAIL_MESSAGES.integrationNotFound });
    await bob.delete(`/api/email-integrations/${mine.id}`).expect(404, { message: EMAIL_MESSAGES.integrationNotFound });
    expect(
      (await bob.get('/api/email-integrations').expect(200)).body.map((i: EmailIntegration) => i.id),
    ).not.toContain(mine.id);
    expect((await ada.get('/api/email-integrations').expect(200)).body).toContainEqual(
      expect.objectContaining({ id: mine.id, email: mine.email, syncEnabled: mine.syncEnabled }),
    );
  });

  it("answers 401 signed out and 403 while the email module is above the user's plan", async () => {
    await request(t.http).get('/api/email-integrations').expect(401);
    await db.query(`UPDATE feature_toggles SET "planRequired" = 'enterprise' WHERE name = 'module.email'`);
    try {
      await ada.get('/api/email-integrations').expect(403);
      await ada.post('/api/email-integrations').send(buildEmailIntegration()).expect(403);
    } finally {
      await db.query(`UPDATE feature_toggles SET "planRequired" = 'free' WHERE name = 'module.email'`);
    }
    await ada.get('/api/email-integrations').expect(200);
  });

  it('deleting an account deletes the mail synced from it, and only that', async () => {
    const account = await connect(ada);
    const other = await connect(ada);
    const [gone] = await insertEmails(db, adaId, [
      { integrationId: account.id, mailbox: 'INBOX', uidValidity: 7, uid: 1 },
    ]);
    const [kept] = await insertEmails(db, adaId, [
      { integrationId: other.id, mailbox: 'INBOX', uidValidity: 7, uid: 1 },
    ]);
    await ada.delete(`/api/email-integrations/${account.id}`).expect(204);
    const left = (await db.query(`SELECT id FROM emails WHERE id = ANY($1)`, [[gone, kept]])).map(
      (r: { id: number }) => r.id,
    );
    expect(left).toEqual([kept]);
  });
});
