// Suggestions (issue 26) through the API a client uses: accept and dismiss, the person's edits,
// the links back from what was made, and ownership. The rows are what a detector would have stored
// (the detectors have their own suites, against real mail servers); here they are written directly.
import type { CalendarEvent, Suggestion, Task } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { textFile } from '../../test/document-files';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SUGGESTIONS_VERSION } from './suggestions.service';

let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await createTestApp();
  db = t.app.get(DataSource);
});
afterAll(() => t.close());

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
};

/** A message in the user's Inbox, as the sync stores one. */
async function insertEmail(userId: number, subject = 'Planning meeting'): Promise<number> {
  const [row] = await db.query<{ id: number }[]>(
    `INSERT INTO emails ("userId", subject, "from", "to", body, "receivedAt")
     VALUES ($1, $2, 'Ann Lee <ann@example.test>', 'me@example.test', 'Could we meet on Tuesday at 3pm?', now())
     RETURNING id`,
    [userId, subject],
  );
  return row.id;
}

/** A suggestion as a detector stores it. */
async function insertSuggestion(
  userId: number,
  source: { emailId: number } | { documentId: number },
  fields: { kind: string; origin: string; key: string; title: string; draft: unknown },
): Promise<number> {
  const [row] = await db.query<{ id: number }[]>(
    `INSERT INTO suggestions ("userId", "emailId", "documentId", kind, origin, key, title, detail, draft)
     VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8) RETURNING id`,
    [
      userId,
      'emailId' in source ? source.emailId : null,
      'documentId' in source ? source.documentId : null,
      fields.kind,
      fields.origin,
      fields.key,
      fields.title,
      JSON.stringify(fields.draft),
    ],
  );
  return row.id;
}

const meeting = {
  kind: 'event',
  origin: 'meeting-time',
  key: 'meeting:2030-03-05T15:00',
  title: 'Meeting with Ann Lee: Planning meeting',
  draft: {
    title: 'Meeting with Ann Lee: Planning meeting',
    startTime: '2030-03-05T15:00:00.000Z',
    endTime: '2030-03-05T16:00:00.000Z',
    location: null,
    description: null,
  },
};
const report = {
  kind: 'task',
  origin: 'deadline',
  key: 'deadline:send the report',
  title: 'Send the report',
  draft: { title: 'Send the report', dueDate: '2030-03-08', description: null, amount: null },
};

const suggestionsOf = async (agent: Agent, emailId: number): Promise<Suggestion[]> =>
  (await agent.get(`/api/emails/${emailId}/suggestions`).expect(200)).body;

describe('GET /api/emails/:id/suggestions', () => {
  it('lists what the message could become, and marks it read by the current detectors', async () => {
    const { agent, id } = await newUser();
    const emailId = await insertEmail(id);
    const suggestionId = await insertSuggestion(id, { emailId }, meeting);

    expect(await suggestionsOf(agent, emailId)).toEqual([
      {
        id: suggestionId,
        kind: 'event',
        origin: 'meeting-time',
        status: 'pending',
        emailId,
        documentId: null,
        title: meeting.title,
        detail: null,
        draft: meeting.draft,
        result: null,
        decidedBy: null,
        createdAt: expect.any(String),
      },
    ]);
    const [row] = await db.query<{ suggestionsVersion: number }[]>(
      `SELECT "suggestionsVersion" FROM emails WHERE id = $1`,
      [emailId],
    );
    expect(row.suggestionsVersion).toBe(SUGGESTIONS_VERSION);
  });

  it("answers 404 for another user's message and 400 for a bad id", async () => {
    const owner = await newUser();
    const other = await newUser();
    const emailId = await insertEmail(owner.id);
    expect((await other.agent.get(`/api/emails/${emailId}/suggestions`).expect(404)).body).toEqual({
      message: 'Email not found',
    });
    await owner.agent.get('/api/emails/abc/suggestions').expect(400);
  });
});

describe('POST /api/suggestions/:id/accept', () => {
  it('creates the event, links it to the message both ways, and refuses a second accept', async () => {
    const { agent, id } = await newUser();
    const emailId = await insertEmail(id);
    const suggestionId = await insertSuggestion(id, { emailId }, meeting);

    const accepted: Suggestion = (await agent.post(`/api/suggestions/${suggestionId}/accept`).send({}).expect(200))
      .body;
    expect(accepted).toMatchObject({ status: 'accepted', decidedBy: 'person', result: { type: 'event' } });

    const events: CalendarEvent[] = (
      await agent.get('/api/events').query({ from: '2030-03-01T00:00:00Z', to: '2030-03-31T00:00:00Z' }).expect(200)
    ).body;
    expect(events).toEqual([
      expect.objectContaining({
        id: accepted.result!.id,
        title: 'Meeting with Ann Lee: Planning meeting',
        startTime: '2030-03-05T15:00:00.000Z',
        endTime: '2030-03-05T16:00:00.000Z',
        type: 'meeting',
        sourceEmailId: emailId,
      }),
    ]);
    // The message shows what it became.
    expect(await suggestionsOf(agent, emailId)).toEqual([expect.objectContaining({ status: 'accepted' })]);

    expect((await agent.post(`/api/suggestions/${suggestionId}/accept`).send({}).expect(409)).body).toEqual({
      message: 'This suggestion has already been accepted or dismissed',
    });
  });

  it("takes the person's edits, puts the due day at 17:00 in their timezone, and checks the edits", async () => {
    const { agent, id } = await newUser();
    await agent.patch('/api/profile').send({ timezone: 'Europe/Paris' }).expect(200);
    const emailId = await insertEmail(id, 'Quarterly report');
    const suggestionId = await insertSuggestion(id, { emailId }, report);

    const refused = await agent
      .post(`/api/suggestions/${suggestionId}/accept`)
      .send({ draft: { ...report.draft, title: '  ' } })
      .expect(400);
    expect(refused.body.message).toBe('Title is required');
    expect((await suggestionsOf(agent, emailId))[0].status).toBe('pending');

    const accepted: Suggestion = (
      await agent
        .post(`/api/suggestions/${suggestionId}/accept`)
        .send({ draft: { ...report.draft, title: 'Send the Q1 report to Ann' } })
        .expect(200)
    ).body;
    const tasks: Task[] = (await agent.get('/api/tasks').expect(200)).body;
    expect(tasks).toEqual([
      expect.objectContaining({
        id: accepted.result!.id,
        title: 'Send the Q1 report to Ann',
        // 17:00 in Paris in early March (CET, UTC+1).
        dueDate: '2030-03-08T16:00:00.000Z',
        priority: 'high',
        sourceEmailId: emailId,
        sourceDocumentId: null,
      }),
    ]);
  });

  it('makes a task from a document that names the document, with the amount due in its description', async () => {
    const { agent, id } = await newUser();
    const [document] = (
      await agent
        .post('/api/documents')
        .attach('files', textFile('Invoice 42'), { filename: 'invoice.txt' })
        .expect(201)
    ).body.documents;
    const suggestionId = await insertSuggestion(
      id,
      { documentId: document.id },
      {
        kind: 'task',
        origin: 'bill',
        key: 'bill:42',
        title: 'Pay invoice 42',
        draft: {
          title: 'Pay invoice 42',
          dueDate: '2030-04-01',
          description: null,
          amount: { value: 120.5, currency: 'EUR' },
        },
      },
    );
    const listed: Suggestion[] = (await agent.get(`/api/documents/${document.id}/suggestions`).expect(200)).body;
    expect(listed.map((s) => s.id)).toEqual([suggestionId]);

    const accepted: Suggestion = (await agent.post(`/api/suggestions/${suggestionId}/accept`).send({}).expect(200))
      .body;
    const [task]: Task[] = (await agent.get('/api/tasks').expect(200)).body;
    expect(task).toMatchObject({
      id: accepted.result!.id,
      title: 'Pay invoice 42',
      description: 'Amount due: €120.50.',
      sourceDocumentId: document.id,
      sourceEmailId: null,
    });
  });
});

describe('POST /api/suggestions/:id/dismiss', () => {
  it('dismisses once; a dismissed suggestion cannot be accepted', async () => {
    const { agent, id } = await newUser();
    const emailId = await insertEmail(id);
    const suggestionId = await insertSuggestion(id, { emailId }, meeting);

    const dismissed: Suggestion = (await agent.post(`/api/suggestions/${suggestionId}/dismiss`).expect(200)).body;
    expect(dismissed).toMatchObject({ status: 'dismissed', decidedBy: 'person', result: null });
    await agent.post(`/api/suggestions/${suggestionId}/dismiss`).expect(409);
    await agent.post(`/api/suggestions/${suggestionId}/accept`).send({}).expect(409);
    expect((await agent.get('/api/events').expect(200)).body).toEqual([]);
  });
});

describe('ownership', () => {
  it("answers 404 to another user's suggestion and leaves it pending", async () => {
    const owner = await newUser();
    const other = await newUser();
    const emailId = await insertEmail(owner.id);
    const suggestionId = await insertSuggestion(owner.id, { emailId }, meeting);

    for (const action of ['accept', 'dismiss']) {
      expect((await other.agent.post(`/api/suggestions/${suggestionId}/${action}`).send({}).expect(404)).body).toEqual({
        message: 'Suggestion not found',
      });
    }
    expect((await suggestionsOf(owner.agent, emailId))[0].status).toBe('pending');
    expect((await other.agent.get('/api/events').expect(200)).body).toEqual([]);
  });
});
