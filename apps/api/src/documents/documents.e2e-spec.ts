import { rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  type Document,
  DOCUMENT_MESSAGES,
  type DocumentSummary,
  EXTRACTED_TEXT_MARKER,
  type SearchResponse,
} from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { docxFile, pdfFile, textFile } from '../../test/document-files';
import { filesUnder, tempDocumentStorage } from '../../test/document-storage';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';
import { StreamService } from '../stream/stream.service';

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

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  // Premium: these tests keep more than the Free plan's 5 documents.
  await db.query(`UPDATE users SET plan = 'premium' WHERE id = $1`, [user.id]);
  return { agent, id: user.id };
};

async function uploadOne(agent: Agent, name: string, bytes: Buffer, folderId?: number): Promise<DocumentSummary> {
  let call = agent.post('/api/documents');
  if (folderId !== undefined) call = call.field('folderId', String(folderId));
  const response = await call.attach('files', bytes, { filename: name }).expect(201);
  return response.body.documents[0];
}

const list = async (agent: Agent, query: Record<string, string> = {}): Promise<DocumentSummary[]> =>
  (await agent.get('/api/documents').query(query).expect(200)).body;
const names = (documents: DocumentSummary[]) => documents.map((d) => d.originalName);
const storageKeyOf = async (id: number): Promise<string> =>
  (await db.query(`SELECT "storageKey" FROM documents WHERE id = $1`, [id]))[0].storageKey;
/** The extraction job's result, written directly (extraction is not part of these tests). */
/**
 * Gives a document the text of the test, once the upload's own extraction has finished: written
 * before it, the extraction's result would replace it (a race a loaded machine loses).
 */
async function setContent(id: number, text: string): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await db.query<{ extractionStatus: string }[]>(
        `SELECT "extractionStatus" FROM documents WHERE id = $1`,
        [id],
      );
      return row?.extractionStatus !== 'pending';
    },
    { what: `the extraction of document ${id}` },
  );
  await db.query(`UPDATE documents SET content = $2, "extractionStatus" = 'done' WHERE id = $1`, [
    id,
    `${EXTRACTED_TEXT_MARKER}\n${text}`,
  ]);
}

describe('GET /api/documents', () => {
  it('lists every folder by default, newest first, or one folder, or Root only, without archived ones unless asked', async () => {
    const { agent } = await newUser();
    const folder = (await agent.post('/api/document-folders').send({ name: 'Work' }).expect(201)).body;
    await uploadOne(agent, 'root-old.txt', textFile('a'));
    await uploadOne(agent, 'in-folder.txt', textFile('b'), folder.id);
    const archived = await uploadOne(agent, 'archived.txt', textFile('c'));
    await uploadOne(agent, 'root-new.txt', textFile('d'));
    await agent.patch(`/api/documents/${archived.id}/archive`).expect(200);

    expect(names(await list(agent))).toEqual(['root-new.txt', 'in-folder.txt', 'root-old.txt']);
    expect(names(await list(agent, { archived: 'true' }))).toEqual([
      'root-new.txt',
      'archived.txt',
      'in-folder.txt',
      'root-old.txt',
    ]);
    expect(names(await list(agent, { folderId: String(folder.id) }))).toEqual(['in-folder.txt']);
    expect(names(await list(agent, { folderId: 'root' }))).toEqual(['root-new.txt', 'root-old.txt']);
    const [summary] = await list(agent);
    expect(summary).not.toHaveProperty('content');
    expect(summary.match).toBeNull();
  });

  it('filters by category and answers 400 for an unknown one or a bad folder id', async () => {
    const { agent } = await newUser();
    const legal = await uploadOne(agent, 'contract.txt', textFile('a'));
    await uploadOne(agent, 'other.txt', textFile('b'));
    await agent.patch(`/api/documents/${legal.id}`).send({ category: 'Legal' }).expect(200);
    expect(names(await list(agent, { category: 'Legal' }))).toEqual(['contract.txt']);
    const bad = await agent.get('/api/documents').query({ category: 'Secret' }).expect(400);
    expect(bad.body.message).toBe(
      'Category must be one of Work, Personal, Legal, Financial, Medical, Education, Reference',
    );
    expect((await agent.get('/api/documents').query({ folderId: 'x' }).expect(400)).body.message).toBe(
      'Folder id must be a positive whole number',
    );
  });

  it('searches name, tags, summary and extracted text by word prefix, in every folder, with the passage that matched', async () => {
    const { agent } = await newUser();
    const folder = (await agent.post('/api/document-folders').send({ name: 'Deep' }).expect(201)).body;
    const report = await uploadOne(agent, 'report.pdf', await pdfFile('x'), folder.id);
    await setContent(
      report.id,
      'The quarterly revenue grew by twelve percent while costs stayed flat across the region.',
    );
    const tagged = await uploadOne(agent, 'misc.txt', textFile('x'));
    await agent
      .patch(`/api/documents/${tagged.id}`)
      .send({ tags: ['revenue-plan'], summary: 'Budget summary for next year' })
      .expect(200);
    await uploadOne(agent, 'revenue 2030.txt', textFile('x'));
    await uploadOne(agent, 'unrelated.txt', textFile('x'));

    const found = await list(agent, { q: 'reven' });
    expect(names(found).sort()).toEqual(['misc.txt', 'report.pdf', 'revenue 2030.txt']);
    const inText = found.find((d) => d.id === report.id);
    expect(inText?.match).toContain('revenue grew by twelve percent');
    expect(inText?.match).not.toContain(EXTRACTED_TEXT_MARKER);
    expect(found.find((d) => d.originalName === 'revenue 2030.txt')?.match).toBeNull();

    const bySummary = await list(agent, { q: 'budg' });
    expect(bySummary.map((d) => [d.originalName, d.match])).toEqual([['misc.txt', 'Budget summary for next year']]);
    // Every word must match; odd characters are just text.
    expect(names(await list(agent, { q: 'quarterly twelve' }))).toEqual(['report.pdf']);
    expect(await list(agent, { q: 'quarterly nothing' })).toEqual([]);
    expect(await list(agent, { q: `"'():*&|!\\` })).toEqual([]);
    // Within one folder when asked.
    expect(names(await list(agent, { q: 'reven', folderId: 'root' })).sort()).toEqual(['misc.txt', 'revenue 2030.txt']);
  });

  it("never lists another user's documents", async () => {
    const a = await newUser();
    const b = await newUser();
    await uploadOne(a.agent, 'secret plans.txt', textFile('x'));
    expect(await list(b.agent)).toEqual([]);
    expect(await list(b.agent, { q: 'secret' })).toEqual([]);
  });
});

describe('GET /api/documents/:id', () => {
  it('answers the document with its extracted text', async () => {
    const { agent } = await newUser();
    const doc = await uploadOne(agent, 'notes.docx', await docxFile('Hello'));
    expect((await agent.get(`/api/documents/${doc.id}`).expect(200)).body).toEqual({
      ...doc,
      content: null,
    } satisfies Document);
    await setContent(doc.id, 'Hello');
    expect((await agent.get(`/api/documents/${doc.id}`).expect(200)).body.content).toBe(
      `${EXTRACTED_TEXT_MARKER}\nHello`,
    );
    expect((await agent.get('/api/documents/abc').expect(400)).body).toEqual({
      message: 'Document id must be a positive whole number',
    });
    expect((await agent.get('/api/documents/2147483647').expect(404)).body).toEqual({
      message: DOCUMENT_MESSAGES.documentNotFound,
    });
  });
});

describe('PATCH /api/documents/:id', () => {
  it('edits the name, category, tags and summary, and clears them with null', async () => {
    const { agent } = await newUser();
    const doc = await uploadOne(agent, 'scan.pdf', await pdfFile('x'));
    const edited = await agent
      .patch(`/api/documents/${doc.id}`)
      .send({
        originalName: ' Lease 2030.pdf ',
        category: 'Legal',
        tags: ['home', ' lease ', 'home'],
        summary: 'The flat lease',
      })
      .expect(200);
    expect(edited.body).toMatchObject({
      id: doc.id,
      originalName: 'Lease 2030.pdf',
      category: 'Legal',
      tags: ['home', 'lease'],
      summary: 'The flat lease',
    });
    expect((await agent.get(`/api/documents/${doc.id}`).expect(200)).body).toMatchObject(edited.body);

    const cleared = await agent
      .patch(`/api/documents/${doc.id}`)
      .send({ category: null, tags: null, summary: '' })
      .expect(200);
    expect(cleared.body).toMatchObject({ originalName: 'Lease 2030.pdf', category: null, tags: [], summary: null });
    await agent.patch(`/api/documents/${doc.id}`).send({}).expect(200);
  });

  it.each([
    [{ originalName: '   ' }, DOCUMENT_MESSAGES.documentNameRequired],
    [
      { originalName: '../escape.pdf' },
      'Document name must not contain / or \\, control characters, or start with a dot',
    ],
    [{ category: 'Secret' }, 'Category must be one of Work, Personal, Legal, Financial, Medical, Education, Reference'],
    [{ tags: 'a,b' }, 'Tags must be a list of text'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags'],
    [{ summary: 'x'.repeat(5001) }, 'Summary must be at most 5000 characters'],
    [{ folderId: 3 }, 'Unrecognized key: "folderId"'],
  ])('answers 400 with a readable message for %j', async (body, message) => {
    const { agent } = await newUser();
    const doc = await uploadOne(agent, 'a.txt', textFile('a'));
    const response = await agent.patch(`/api/documents/${doc.id}`).send(body).expect(400);
    expect(response.body.message).toBe(message);
  });
});

describe('archive, unarchive and move', () => {
  it('archives and unarchives', async () => {
    const { agent } = await newUser();
    const doc = await uploadOne(agent, 'a.txt', textFile('a'));
    expect((await agent.patch(`/api/documents/${doc.id}/archive`).expect(200)).body).toMatchObject({
      id: doc.id,
      isArchived: true,
    });
    expect(await list(agent)).toEqual([]);
    expect((await agent.patch(`/api/documents/${doc.id}/unarchive`).expect(200)).body).toMatchObject({
      id: doc.id,
      isArchived: false,
    });
    expect(names(await list(agent))).toEqual(['a.txt']);
  });

  it("moves into the user's folder and back to Root, and answers 404 for someone else's folder", async () => {
    const { agent } = await newUser();
    const other = await newUser();
    const folder = (await agent.post('/api/document-folders').send({ name: 'Taxes' }).expect(201)).body;
    const theirs = (await other.agent.post('/api/document-folders').send({ name: 'Theirs' }).expect(201)).body;
    const doc = await uploadOne(agent, 'a.txt', textFile('a'));

    expect(
      (await agent.patch(`/api/documents/${doc.id}/move`).send({ folderId: folder.id }).expect(200)).body.folderId,
    ).toBe(folder.id);
    expect((await agent.get('/api/document-folders').expect(200)).body[0]).toMatchObject({
      id: folder.id,
      documentCount: 1,
    });
    expect(
      (await agent.patch(`/api/documents/${doc.id}/move`).send({ folderId: null }).expect(200)).body.folderId,
    ).toBeNull();
    const refused = await agent.patch(`/api/documents/${doc.id}/move`).send({ folderId: theirs.id }).expect(404);
    expect(refused.body).toEqual({ message: DOCUMENT_MESSAGES.folderNotFound });
    expect((await agent.get(`/api/documents/${doc.id}`).expect(200)).body.folderId).toBeNull();
    expect((await agent.patch(`/api/documents/${doc.id}/move`).send({}).expect(400)).body.message).toBe(
      'Folder id must be a positive whole number',
    );
  });
});

describe('DELETE /api/documents/:id', () => {
  it('deletes the row and its stored file', async () => {
    const { agent, id } = await newUser();
    const doc = await uploadOne(agent, 'a.txt', textFile('a'));
    const key = await storageKeyOf(doc.id);
    expect(await filesUnder(storage)).toContain(key);
    await agent.delete(`/api/documents/${doc.id}`).expect(204);
    expect(await filesUnder(storage)).not.toContain(key);
    expect(await db.query(`SELECT id FROM documents WHERE "userId" = $1`, [id])).toEqual([]);
    await agent.delete(`/api/documents/${doc.id}`).expect(404);
  });
});

describe('download and preview', () => {
  it('downloads the exact bytes, with its type, length and name, as an attachment', async () => {
    const { agent } = await newUser();
    const pdf = await pdfFile('Download me');
    const doc = await uploadOne(agent, 'Résumé 100% (final).pdf', pdf);
    const response = await agent
      .get(`/api/documents/${doc.id}/download`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(Buffer.compare(response.body as Buffer, pdf)).toBe(0);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `attachment; filename="Resume 100_ (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20100%25%20%28final%29.pdf`,
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['cache-control']).toContain('no-transform');
  });

  it('sends text with its charset, uncompressed, with its length', async () => {
    const { agent } = await newUser();
    const text = textFile('Plain words, '.repeat(200));
    const doc = await uploadOne(agent, 'words.txt', text);
    const response = await agent.get(`/api/documents/${doc.id}/download`).set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(text.length));
    expect(response.text).toBe(text.toString('utf8'));
  });

  it('previews PDFs inline, and answers 415 for other types', async () => {
    const { agent } = await newUser();
    const pdf = await pdfFile('Preview me');
    const doc = await uploadOne(agent, 'slides.pdf', pdf);
    const preview = await agent.get(`/api/documents/${doc.id}/preview`).buffer(true).expect(200);
    expect(preview.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `inline; filename="slides.pdf"; filename*=UTF-8''slides.pdf`,
      'x-content-type-options': 'nosniff',
    });
    const word = await uploadOne(agent, 'notes.docx', await docxFile('Hello'));
    expect((await agent.get(`/api/documents/${word.id}/preview`).expect(415)).body).toEqual({
      message: DOCUMENT_MESSAGES.previewPdfOnly,
    });
  });

  it('answers 404 with a readable message when the stored file is missing', async () => {
    const { agent } = await newUser();
    const doc = await uploadOne(agent, 'gone.pdf', await pdfFile('x'));
    await unlink(path.join(storage, await storageKeyOf(doc.id)));
    expect((await agent.get(`/api/documents/${doc.id}/download`).expect(404)).body).toEqual({
      message: DOCUMENT_MESSAGES.fileMissing,
    });
    expect((await agent.get(`/api/documents/${doc.id}/preview`).expect(404)).body).toEqual({
      message: DOCUMENT_MESSAGES.fileMissing,
    });
    // Deleting it still works.
    await agent.delete(`/api/documents/${doc.id}`).expect(204);
  });
});

describe("another user's documents", () => {
  it('answer 404 on every route, exactly as a missing one, and stay as they were', async () => {
    const a = await newUser();
    const b = await newUser();
    const doc = await uploadOne(a.agent, 'private.pdf', await pdfFile('Private'));
    const missing = { message: DOCUMENT_MESSAGES.documentNotFound };
    await b.agent.get(`/api/documents/${doc.id}`).expect(404, missing);
    await b.agent.patch(`/api/documents/${doc.id}`).send({ summary: 'mine now' }).expect(404, missing);
    await b.agent.patch(`/api/documents/${doc.id}/archive`).expect(404, missing);
    await b.agent.patch(`/api/documents/${doc.id}/unarchive`).expect(404, missing);
    await b.agent.patch(`/api/documents/${doc.id}/move`).send({ folderId: null }).expect(404, missing);
    await b.agent.get(`/api/documents/${doc.id}/download`).expect(404, missing);
    await b.agent.get(`/api/documents/${doc.id}/preview`).expect(404, missing);
    await b.agent.delete(`/api/documents/${doc.id}`).expect(404, missing);
    const kept = (await a.agent.get(`/api/documents/${doc.id}`).expect(200)).body;
    expect(kept).toMatchObject({ originalName: 'private.pdf', isArchived: false });
    // B's summary never landed; the extraction worker may meanwhile have written its own from the text.
    expect([null, 'Private']).toContain(kept.summary);
    expect(await filesUnder(storage)).toContain(await storageKeyOf(doc.id));
  });

  it('answers 401 signed out', async () => {
    await request(t.http).get('/api/documents').expect(401);
    await request(t.http).get('/api/documents/1/download').expect(401);
  });
});

describe('live updates', () => {
  it("tells the user's other tabs to refetch documents and folders after each change", async () => {
    const { agent, id } = await newUser();
    const published = jest.spyOn(t.app.get(StreamService), 'publishQuietly');
    try {
      const doc = await uploadOne(agent, 'a.txt', textFile('a'));
      await agent.patch(`/api/documents/${doc.id}/archive`).expect(200);
      const folder = (await agent.post('/api/document-folders').send({ name: 'F' }).expect(201)).body;
      await agent.delete(`/api/documents/${doc.id}`).expect(204);
      const invalidate = ['/api/documents', '/api/document-folders'];
      expect(published.mock.calls.map(([items]) => items)).toEqual([
        // An upload may store several documents: the event names no single one.
        [{ userId: id, event: { type: 'entity.changed', entity: null, invalidate } }],
        [{ userId: id, event: { type: 'entity.changed', entity: { type: 'document', id: doc.id }, invalidate } }],
        [
          {
            userId: id,
            event: { type: 'entity.changed', entity: { type: 'document-folder', id: folder.id }, invalidate },
          },
        ],
        [{ userId: id, event: { type: 'entity.changed', entity: { type: 'document', id: doc.id }, invalidate } }],
      ]);
    } finally {
      published.mockRestore();
    }
  });
});

describe('header search (GET /api/search)', () => {
  it('finds documents by their text, linking to the document', async () => {
    const { agent } = await newUser();
    const doc = await uploadOne(agent, 'Minutes.pdf', await pdfFile('x'));
    await setContent(doc.id, 'The board approved the zeppelin purchase after a long debate.');
    const response = (await agent.get('/api/search').query({ q: 'zeppel' }).expect(200)).body as SearchResponse;
    expect(response.results).toEqual([
      {
        module: 'documents',
        type: 'document',
        id: doc.id,
        title: 'Minutes.pdf',
        snippet: expect.stringContaining('zeppelin purchase'),
        link: `/documents?open=${doc.id}`,
      },
    ]);
  });
});
