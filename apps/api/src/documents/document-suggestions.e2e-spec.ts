import { rm } from 'node:fs/promises';
import { type Document, DOCUMENT_LIMITS, DOCUMENT_MESSAGES, type DocumentSummary } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { textFile } from '../../test/document-files';
import { tempDocumentStorage } from '../../test/document-storage';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';

// Issue 30: what the AI suggests for a document is shown apart from the person's own tags and
// category, until they keep a suggestion (it moves across) or dismiss them.

let t: TestApp;
let db: DataSource;
let storage: string;

beforeAll(async () => {
  storage = await tempDocumentStorage();
  t = await createTestApp({ env: { DOCUMENT_STORAGE_DIR: storage, AUTH_REGISTER_RATE_LIMIT: '1000' } });
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t?.close();
  await rm(storage, { recursive: true, force: true });
});

const INVOICE =
  'Invoice for the boiler repair. The invoice amount is 420 EUR and the payment is due within 30 days. ' +
  'Tax is included in the invoice amount. Keep this receipt for the bank and your accounting.';

const newUser = async () => (await signUp(request.agent(t.http))).agent;

/** Uploads a text document and answers it once the extraction job (text, then the AI) is done with it. */
async function readDocument(agent: Agent, text = INVOICE): Promise<Document> {
  const upload = await agent
    .post('/api/documents')
    .attach('files', textFile(text), { filename: 'boiler-invoice.txt' })
    .expect(201);
  const { id } = upload.body.documents[0] as DocumentSummary;
  let doc: Document | undefined;
  await waitFor(
    async () => {
      doc = (await agent.get(`/api/documents/${id}`).expect(200)).body;
      return doc?.extractionStatus === 'done' && (doc.suggestedTags.length > 0 || doc.suggestedCategory !== null);
    },
    { what: `document ${id}'s suggestions` },
  );
  return doc!;
}

const keep = (agent: Agent, id: number, body: Record<string, unknown>) =>
  agent.patch(`/api/documents/${id}/keep-suggestion`).send(body);

describe('suggested tags and category', () => {
  it("are written as suggestions by the extraction job, never as the person's tags or category", async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    expect(doc.tags).toEqual([]);
    expect(doc.category).toBeNull();
    expect(doc.suggestedTags).toContain('boiler repair');
    expect(doc.suggestedCategory).toBe('Financial');
    expect(doc.summary).not.toBeNull();
    const [listed] = (await agent.get('/api/documents').expect(200)).body as DocumentSummary[];
    expect(listed).toMatchObject({ id: doc.id, tags: [], category: null, suggestedTags: doc.suggestedTags });
  });

  it('keeping a suggested tag moves it to the tags; keeping it again changes nothing', async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    const kept = (await keep(agent, doc.id, { tag: 'boiler repair' }).expect(200)).body as DocumentSummary;
    expect(kept.tags).toEqual(['boiler repair']);
    expect(kept.suggestedTags).toEqual(doc.suggestedTags.filter((tag) => tag !== 'boiler repair'));
    expect((await keep(agent, doc.id, { tag: 'boiler repair' }).expect(200)).body).toMatchObject({
      tags: ['boiler repair'],
      suggestedTags: kept.suggestedTags,
    });
  });

  it('keeping the suggested category makes it the category', async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    const kept = (await keep(agent, doc.id, { category: 'Financial' }).expect(200)).body as DocumentSummary;
    expect(kept).toMatchObject({ category: 'Financial', suggestedCategory: null });
    expect((await agent.get('/api/documents').query({ category: 'Financial' }).expect(200)).body).toHaveLength(1);
  });

  it('two suggested tags kept at once both land', async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    const [first, second] = doc.suggestedTags;
    await Promise.all([
      keep(agent, doc.id, { tag: first }).expect(200),
      keep(agent, doc.id, { tag: second }).expect(200),
    ]);
    const after = (await agent.get(`/api/documents/${doc.id}`).expect(200)).body as Document;
    expect([...after.tags].sort()).toEqual([first, second].sort());
    expect(after.suggestedTags).not.toContain(first);
    expect(after.suggestedTags).not.toContain(second);
  });

  it('dismissing lets every suggestion go and keeps the tags the person has', async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    await keep(agent, doc.id, { tag: doc.suggestedTags[0] }).expect(200);
    const dismissed = (await agent.patch(`/api/documents/${doc.id}/dismiss-suggestions`).expect(200))
      .body as DocumentSummary;
    expect(dismissed).toMatchObject({ tags: [doc.suggestedTags[0]], suggestedTags: [], suggestedCategory: null });
    expect((await keep(agent, doc.id, { tag: doc.suggestedTags[1] }).expect(400)).body).toEqual({
      message: DOCUMENT_MESSAGES.suggestionNotOffered,
    });
    expect((await keep(agent, doc.id, { category: 'Financial' }).expect(400)).body).toEqual({
      message: DOCUMENT_MESSAGES.suggestionNotOffered,
    });
  });

  it('a tag typed in Edit Document is no longer offered as a suggestion; the category suggestion goes once there is a category', async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    const edited = (
      await agent
        .patch(`/api/documents/${doc.id}`)
        .send({ tags: ['boiler repair'], category: 'Work' })
        .expect(200)
    ).body as DocumentSummary;
    expect(edited.suggestedTags).not.toContain('boiler repair');
    expect(edited.suggestedCategory).toBeNull();
    expect((await keep(agent, doc.id, { category: 'Financial' }).expect(400)).body).toEqual({
      message: DOCUMENT_MESSAGES.suggestionNotOffered,
    });
  });

  it('a 21st tag is refused with the limit', async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    const own = Array.from({ length: DOCUMENT_LIMITS.tagsMax }, (_, i) => `own-${i}`);
    await agent.patch(`/api/documents/${doc.id}`).send({ tags: own }).expect(200);
    expect((await keep(agent, doc.id, { tag: doc.suggestedTags[0] }).expect(400)).body).toEqual({
      message: DOCUMENT_MESSAGES.tooManyTags,
    });
  });

  it('a body naming nothing, or both, is a 400 with a readable message', async () => {
    const agent = await newUser();
    const doc = await readDocument(agent);
    for (const body of [{}, { tag: 'boiler repair', category: 'Financial' }]) {
      expect((await keep(agent, doc.id, body).expect(400)).body.message).toContain(
        DOCUMENT_MESSAGES.suggestionRequired,
      );
    }
  });

  it("another user can neither keep nor dismiss someone's suggestions: 404, and nothing changes", async () => {
    const owner = await newUser();
    const other = await newUser();
    const doc = await readDocument(owner);
    const before = await db.query(
      `SELECT tags, "suggestedTags", category, "suggestedCategory" FROM documents WHERE id = $1`,
      [doc.id],
    );
    expect((await keep(other, doc.id, { tag: 'boiler repair' }).expect(404)).body).toEqual({
      message: DOCUMENT_MESSAGES.documentNotFound,
    });
    expect((await keep(other, doc.id, { category: 'Financial' }).expect(404)).body).toEqual({
      message: DOCUMENT_MESSAGES.documentNotFound,
    });
    expect((await other.patch(`/api/documents/${doc.id}/dismiss-suggestions`).expect(404)).body).toEqual({
      message: DOCUMENT_MESSAGES.documentNotFound,
    });
    expect(
      await db.query(`SELECT tags, "suggestedTags", category, "suggestedCategory" FROM documents WHERE id = $1`, [
        doc.id,
      ]),
    ).toEqual(before);
  });
});
