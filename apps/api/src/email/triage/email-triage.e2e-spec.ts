// Triage that learns: the user's corrections in PATCH /api/emails/:id ('Edit Priority & Category')
// teach their own model, which POST /api/emails/classify (and the sync engine, through
// EmailTriageService.classify) then follows for similar mail.
import type { Email, EmailTriage } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { type Agent, insertEmails, signUp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { EmailTriageService } from './email-triage.service';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
});
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
};

const classify = async (agent: Agent, message: { subject: string; from: string; body: string }): Promise<EmailTriage> =>
  (await agent.post('/api/emails/classify').send(message).expect(200)).body;

// The rules see nothing special in these: regular priority, category other.
const BUILD_MAIL = {
  from: 'Build Bot <builds@ci.example>',
  subject: 'Nightly build summary for compiler',
  body: 'The nightly build of the compiler finished.',
};
const NEXT_BUILD_MAIL = {
  from: 'Build Bot <builds@ci.example>',
  subject: 'Nightly build summary for linker',
  body: 'The nightly build of the linker finished.',
};
const UNRELATED = {
  from: 'Ann <ann@family.example>',
  subject: 'Photos from the trip',
  body: 'Here are the pictures we took at the lake.',
};

describe('POST /api/emails/classify', () => {
  it('answers what the rules say for a user who taught nothing, and stores nothing', async () => {
    const { agent, id } = await newUser();
    expect(
      await classify(agent, {
        subject: 'URGENT: production is down',
        from: 'ops@example.com',
        body: 'Please look now',
      }),
    ).toEqual({
      priority: 'urgent',
      // An outage is work (issue 24: it was filed Other).
      category: 'work',
      basis: { priority: 'rules', category: 'rules' },
    });
    expect(await classify(agent, BUILD_MAIL)).toEqual({
      priority: 'regular',
      category: 'other',
      basis: { priority: 'rules', category: 'rules' },
    });
    expect((await agent.post('/api/emails/classify').send({}).expect(200)).body).toMatchObject({
      priority: 'regular',
      category: 'other',
    });
    expect((await db.query(`SELECT count(*)::int AS n FROM emails WHERE "userId" = $1`, [id]))[0].n).toBe(0);
  });

  it('answers 400 with a readable message for a bad payload', async () => {
    const { agent } = await newUser();
    expect((await agent.post('/api/emails/classify').send({ subject: 42 }).expect(400)).body.message).toBe(
      'Subject must be text',
    );
    expect(
      (
        await agent
          .post('/api/emails/classify')
          .send({ subject: 'x'.repeat(999) })
          .expect(400)
      ).body.message,
    ).toBe('Subject must be at most 998 characters');
    await agent.post('/api/emails/classify').send({ subject: 'x', userId: 1 }).expect(400);
    await agent.post('/api/emails/classify').send([]).expect(400);
  });
});

describe('learning from corrections', () => {
  it('moves similar new mail after one correction, for that user only, and leaves unrelated mail to the rules', async () => {
    const ada = await newUser();
    const bob = await newUser();
    const [corrected] = await insertEmails(db, ada.id, [{ ...BUILD_MAIL, isRead: true }]);

    const patched = await ada.agent
      .patch(`/api/emails/${corrected}`)
      .send({ priority: 'urgent', category: 'work' })
      .expect(200);
    expect(patched.body as Email).toMatchObject({ priority: 'urgent', category: 'work' });

    expect(await classify(ada.agent, NEXT_BUILD_MAIL)).toEqual({
      priority: 'urgent',
      category: 'work',
      basis: { priority: 'learned', category: 'learned' },
    });
    expect(await classify(ada.agent, UNRELATED)).toEqual({
      priority: 'regular',
      category: 'other',
      basis: { priority: 'rules', category: 'rules' },
    });
    // Bob's model is his own.
    expect(await classify(bob.agent, NEXT_BUILD_MAIL)).toEqual({
      priority: 'regular',
      category: 'other',
      basis: { priority: 'rules', category: 'rules' },
    });
    // The service the sync engine calls says the same.
    const [forSync] = await t.app.get(EmailTriageService).classify(ada.id, [NEXT_BUILD_MAIL]);
    expect(forSync).toMatchObject({ priority: 'urgent', category: 'work' });
  });

  it('takes the first lesson back when the same email is corrected again', async () => {
    const { agent, id } = await newUser();
    const [email] = await insertEmails(db, id, [{ ...BUILD_MAIL, isRead: true }]);
    await agent.patch(`/api/emails/${email}`).send({ priority: 'urgent', category: 'work' }).expect(200);
    await agent.patch(`/api/emails/${email}`).send({ priority: 'important' }).expect(200);

    expect(await classify(agent, NEXT_BUILD_MAIL)).toMatchObject({ priority: 'important', category: 'work' });
    const labels = await db.query(
      `SELECT facet, label, documents FROM email_triage_labels WHERE "userId" = $1 ORDER BY facet, label`,
      [id],
    );
    expect(labels).toEqual([
      { facet: 'category', label: 'work', documents: 1 },
      { facet: 'priority', label: 'important', documents: 1 },
    ]);
    expect(
      (
        await db.query(`SELECT count(*)::int AS n FROM email_triage_tokens WHERE "userId" = $1 AND label = 'urgent'`, [
          id,
        ])
      )[0].n,
    ).toBe(0);

    // Category none: the category lesson is taken back, the priority one stays.
    await agent.patch(`/api/emails/${email}`).send({ category: null }).expect(200);
    expect(await classify(agent, NEXT_BUILD_MAIL)).toMatchObject({ priority: 'important', category: 'other' });
  });

  it('re-triages unread Inbox mail the user has not labelled, never read, archived or labelled mail', async () => {
    const { agent, id } = await newUser();
    const [corrected, unread, read, labelled, archived] = await insertEmails(db, id, [
      { ...BUILD_MAIL, isRead: true },
      { ...NEXT_BUILD_MAIL },
      { ...NEXT_BUILD_MAIL, isRead: true },
      { ...NEXT_BUILD_MAIL },
      { ...NEXT_BUILD_MAIL, isArchived: true },
    ]);
    // Labelled by the user earlier (the model has moved on since): theirs, not triage's.
    await db.query(
      `INSERT INTO email_triage_corrections ("emailId", "userId", priority, category, tokens) VALUES ($1, $2, 'regular', NULL, '{}')`,
      [labelled, id],
    );
    await agent.patch(`/api/emails/${corrected}`).send({ priority: 'urgent', category: 'work' }).expect(200);

    const rows = await db.query(`SELECT id, priority, category FROM emails WHERE "userId" = $1 ORDER BY id`, [id]);
    const byId = new Map(rows.map((row: { id: number }) => [row.id, row]));
    expect(byId.get(unread)).toMatchObject({ priority: 'urgent', category: 'work' });
    for (const untouched of [read, labelled, archived])
      expect(byId.get(untouched)).toMatchObject({ priority: 'regular', category: null });
  });

  it('re-triages only the priority of mail from an account with automatic categories off', async () => {
    const { agent, id } = await newUser();
    const account = (
      await agent
        .post('/api/email-integrations')
        .send({ provider: 'outlook', email: `acct-${id}@example.com`, password: 'x', autoCategories: false })
        .expect(201)
    ).body;
    const [corrected, unread] = await insertEmails(db, id, [
      { ...BUILD_MAIL, isRead: true },
      { ...NEXT_BUILD_MAIL, integrationId: account.id },
    ]);
    await agent.patch(`/api/emails/${corrected}`).send({ priority: 'urgent', category: 'work' }).expect(200);
    expect((await db.query(`SELECT priority, category FROM emails WHERE id = $1`, [unread]))[0]).toEqual({
      priority: 'urgent',
      category: null,
    });
  });

  it('does not learn from sent mail or drafts', async () => {
    const { agent, id } = await newUser();
    const [sent] = await insertEmails(db, id, [{ ...BUILD_MAIL, metadata: { status: 'sent' } }]);
    await agent.patch(`/api/emails/${sent}`).send({ priority: 'urgent' }).expect(200);
    expect(await classify(agent, NEXT_BUILD_MAIL)).toMatchObject({ priority: 'regular', basis: { priority: 'rules' } });
  });

  it('saves the correction even when learning fails', async () => {
    const { agent, id } = await newUser();
    const [email] = await insertEmails(db, id, [BUILD_MAIL]);
    jest.spyOn(t.app.get(EmailTriageService), 'learn').mockRejectedValue(new Error('model unavailable'));
    const { body } = await agent
      .patch(`/api/emails/${email}`)
      .send({ priority: 'urgent', category: 'work' })
      .expect(200);
    expect(body).toMatchObject({ priority: 'urgent', category: 'work' });
  });

  it('leaves the model alone for read and archive changes', async () => {
    const { agent, id } = await newUser();
    const [email] = await insertEmails(db, id, [BUILD_MAIL]);
    await agent.patch(`/api/emails/${email}`).send({ isRead: true }).expect(200);
    await agent.patch(`/api/emails/${email}`).send({ isArchived: true }).expect(200);
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM email_triage_corrections WHERE "userId" = $1`, [id]))[0].n,
    ).toBe(0);
  });
});
