import { rm } from 'node:fs/promises';
import { DOCUMENT_MESSAGES, type DocumentFolder, type DocumentSummary } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { textFile } from '../../test/document-files';
import { tempDocumentStorage } from '../../test/document-storage';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freeFolderName } from './document-folders.service';

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
  return { agent, id: user.id };
};

const create = async (agent: Agent, body: Record<string, unknown>): Promise<DocumentFolder> =>
  (await agent.post('/api/document-folders').send(body).expect(201)).body;
const folders = async (agent: Agent): Promise<DocumentFolder[]> =>
  (await agent.get('/api/document-folders').expect(200)).body;
const byId = async (agent: Agent) => new Map((await folders(agent)).map((f) => [f.id, f]));
async function uploadInto(agent: Agent, name: string, folderId?: number): Promise<DocumentSummary> {
  let call = agent.post('/api/documents');
  if (folderId !== undefined) call = call.field('folderId', String(folderId));
  return (await call.attach('files', textFile(name), { filename: name }).expect(201)).body.documents[0];
}
const documentFolderOf = async (agent: Agent, id: number) =>
  (await agent.get(`/api/documents/${id}`).expect(200)).body.folderId;

describe('POST /api/document-folders', () => {
  it('creates a folder at Root, blue by default, and nested folders', async () => {
    const { agent } = await newUser();
    const work = await create(agent, { name: '  Work  ' });
    expect(work).toEqual({
      id: expect.any(Number),
      name: 'Work',
      color: 'blue',
      parentFolderId: null,
      documentCount: 0,
      createdAt: expect.any(String),
    });
    const clients = await create(agent, { name: 'Clients', parentFolderId: work.id, color: 'green' });
    expect(clients).toMatchObject({ name: 'Clients', color: 'green', parentFolderId: work.id });
    // The same name is fine under another parent.
    await create(agent, { name: 'Clients' });
    expect((await folders(agent)).map((f) => [f.name, f.parentFolderId])).toEqual([
      ['Clients', work.id],
      ['Clients', null],
      ['Work', null],
    ]);
  });

  it('answers 409 for a sibling of the same name, whatever its case', async () => {
    const { agent } = await newUser();
    const parent = await create(agent, { name: 'Home' });
    await create(agent, { name: 'Bills', parentFolderId: parent.id });
    const clash = await agent
      .post('/api/document-folders')
      .send({ name: 'BILLS', parentFolderId: parent.id })
      .expect(409);
    expect(clash.body).toEqual({ message: DOCUMENT_MESSAGES.folderExists });
    await create(agent, { name: 'bills' });
    expect((await agent.post('/api/document-folders').send({ name: 'Bills' }).expect(409)).body).toEqual({
      message: DOCUMENT_MESSAGES.folderExists,
    });
    // Another user's folder names are theirs.
    const other = await newUser();
    await create(other.agent, { name: 'Bills' });
  });

  it.each([
    [{}, DOCUMENT_MESSAGES.folderNameRequired],
    [{ name: '   ' }, DOCUMENT_MESSAGES.folderNameRequired],
    [{ name: 'x'.repeat(101) }, 'Folder name must be at most 100 characters'],
    [{ name: 'Pink', color: 'pink' }, 'Colour must be one of blue, green, purple, orange, red, gray'],
    [{ name: 'Sub', parentFolderId: 'abc' }, 'Folder id must be a positive whole number'],
    [{ name: 'Mine', userId: 1 }, 'Unrecognized key: "userId"'],
  ])('answers 400 with a readable message for %j', async (body, message) => {
    const { agent } = await newUser();
    expect((await agent.post('/api/document-folders').send(body).expect(400)).body.message).toBe(message);
  });

  it("answers 404 for a parent that is someone else's", async () => {
    const { agent } = await newUser();
    const other = await newUser();
    const theirs = await create(other.agent, { name: 'Theirs' });
    expect(
      (await agent.post('/api/document-folders').send({ name: 'Inside', parentFolderId: theirs.id }).expect(404)).body,
    ).toEqual({
      message: DOCUMENT_MESSAGES.folderNotFound,
    });
    expect(await folders(agent)).toEqual([]);
  });
});

describe('GET /api/document-folders', () => {
  it("counts each folder's own documents (archived included) and lists only the user's", async () => {
    const { agent } = await newUser();
    const other = await newUser();
    const a = await create(agent, { name: 'A' });
    const b = await create(agent, { name: 'B', parentFolderId: a.id });
    await uploadInto(agent, 'one.txt', a.id);
    const archived = await uploadInto(agent, 'two.txt', a.id);
    await agent.patch(`/api/documents/${archived.id}/archive`).expect(200);
    await uploadInto(agent, 'three.txt', b.id);
    await create(other.agent, { name: 'Not yours' });
    expect((await folders(agent)).map((f) => [f.name, f.documentCount])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
  });
});

describe('PATCH /api/document-folders/:id', () => {
  it('renames, recolours, moves under another folder and back to Root', async () => {
    const { agent } = await newUser();
    const a = await create(agent, { name: 'A' });
    const b = await create(agent, { name: 'B' });
    expect(
      (await agent.patch(`/api/document-folders/${a.id}`).send({ name: 'Archive', color: 'red' }).expect(200)).body,
    ).toMatchObject({
      id: a.id,
      name: 'Archive',
      color: 'red',
      parentFolderId: null,
    });
    expect(
      (await agent.patch(`/api/document-folders/${a.id}`).send({ parentFolderId: b.id }).expect(200)).body
        .parentFolderId,
    ).toBe(b.id);
    expect(
      (await agent.patch(`/api/document-folders/${a.id}`).send({ parentFolderId: null }).expect(200)).body
        .parentFolderId,
    ).toBeNull();
    expect((await agent.patch(`/api/document-folders/${a.id}`).send({}).expect(200)).body).toMatchObject({
      name: 'Archive',
      color: 'red',
    });
  });

  it('answers 400 for a move into itself or one of its subfolders, changing nothing', async () => {
    const { agent } = await newUser();
    const top = await create(agent, { name: 'Top' });
    const middle = await create(agent, { name: 'Middle', parentFolderId: top.id });
    const bottom = await create(agent, { name: 'Bottom', parentFolderId: middle.id });
    for (const target of [top.id, middle.id, bottom.id]) {
      const response = await agent
        .patch(`/api/document-folders/${top.id}`)
        .send({ name: 'Renamed', parentFolderId: target })
        .expect(400);
      expect(response.body).toEqual({ message: DOCUMENT_MESSAGES.folderCycle });
    }
    expect((await byId(agent)).get(top.id)).toMatchObject({ name: 'Top', parentFolderId: null });
    // Moving a subfolder up is fine.
    expect(
      (await agent.patch(`/api/document-folders/${bottom.id}`).send({ parentFolderId: top.id }).expect(200)).body
        .parentFolderId,
    ).toBe(top.id);
  });

  it("answers 409 for a name taken where it goes, and 404 for a folder or parent that is someone else's", async () => {
    const { agent } = await newUser();
    const other = await newUser();
    const a = await create(agent, { name: 'A' });
    const b = await create(agent, { name: 'B' });
    await create(agent, { name: 'A', parentFolderId: b.id });
    expect((await agent.patch(`/api/document-folders/${b.id}`).send({ name: 'a' }).expect(409)).body).toEqual({
      message: DOCUMENT_MESSAGES.folderExists,
    });
    expect(
      (await agent.patch(`/api/document-folders/${a.id}`).send({ parentFolderId: b.id }).expect(409)).body,
    ).toEqual({ message: DOCUMENT_MESSAGES.folderExists });
    const theirs = await create(other.agent, { name: 'Theirs' });
    const notFound = { message: DOCUMENT_MESSAGES.folderNotFound };
    await agent.patch(`/api/document-folders/${a.id}`).send({ parentFolderId: theirs.id }).expect(404, notFound);
    await agent.patch(`/api/document-folders/${theirs.id}`).send({ name: 'Mine now' }).expect(404, notFound);
    expect((await folders(other.agent)).map((f) => f.name)).toEqual(['Theirs']);
  });
});

describe('DELETE /api/document-folders/:id', () => {
  it('moves its documents and subfolders to its parent, keeping them', async () => {
    const { agent } = await newUser();
    const home = await create(agent, { name: 'Home' });
    const bills = await create(agent, { name: 'Bills', parentFolderId: home.id });
    const water = await create(agent, { name: 'Water', parentFolderId: bills.id });
    const gas = await create(agent, { name: 'Gas', parentFolderId: bills.id });
    const invoice = await uploadInto(agent, 'invoice.txt', bills.id);
    const deep = await uploadInto(agent, 'deep.txt', water.id);

    await agent.delete(`/api/document-folders/${bills.id}`).expect(204);
    const after = await byId(agent);
    expect(after.has(bills.id)).toBe(false);
    expect(after.get(water.id)).toMatchObject({ name: 'Water', parentFolderId: home.id, documentCount: 1 });
    expect(after.get(gas.id)).toMatchObject({ name: 'Gas', parentFolderId: home.id });
    expect(after.get(home.id)).toMatchObject({ documentCount: 1 });
    expect(await documentFolderOf(agent, invoice.id)).toBe(home.id);
    expect(await documentFolderOf(agent, deep.id)).toBe(water.id);
  });

  it("moves a top folder's contents to Root, renaming a subfolder whose name is taken there", async () => {
    const { agent } = await newUser();
    await create(agent, { name: 'Taxes' });
    await create(agent, { name: 'Taxes (2)' });
    const work = await create(agent, { name: 'Work' });
    const taxes = await create(agent, { name: 'taxes', parentFolderId: work.id });
    const same = await create(agent, { name: 'Work', parentFolderId: work.id });
    const doc = await uploadInto(agent, 'payslip.txt', work.id);

    await agent.delete(`/api/document-folders/${work.id}`).expect(204);
    const after = await byId(agent);
    expect(after.get(taxes.id)).toMatchObject({ name: 'taxes (3)', parentFolderId: null });
    // The deleted folder's own name is free again.
    expect(after.get(same.id)).toMatchObject({ name: 'Work', parentFolderId: null });
    expect(await documentFolderOf(agent, doc.id)).toBeNull();
    expect([...after.values()].map((f) => f.name).sort()).toEqual(['Taxes', 'Taxes (2)', 'taxes (3)', 'Work'].sort());
  });

  it("answers 404 for someone else's folder, leaving it and its documents", async () => {
    const { agent } = await newUser();
    const other = await newUser();
    const theirs = await create(other.agent, { name: 'Theirs' });
    const doc = await uploadInto(other.agent, 'private.txt', theirs.id);
    await agent.delete(`/api/document-folders/${theirs.id}`).expect(404, { message: DOCUMENT_MESSAGES.folderNotFound });
    expect((await folders(other.agent)).map((f) => f.id)).toEqual([theirs.id]);
    expect(await documentFolderOf(other.agent, doc.id)).toBe(theirs.id);
    await agent
      .delete('/api/document-folders/abc')
      .expect(400, { message: 'Folder id must be a positive whole number' });
  });

  it('answers 401 signed out', async () => {
    await request(t.http).get('/api/document-folders').expect(401);
    await request(t.http).delete('/api/document-folders/1').expect(401);
  });

  it('leaves no rows of the deleted folder behind', async () => {
    const { agent, id } = await newUser();
    const gone = await create(agent, { name: 'Gone' });
    await agent.delete(`/api/document-folders/${gone.id}`).expect(204);
    expect(await db.query(`SELECT id FROM document_folders WHERE "userId" = $1`, [id])).toEqual([]);
  });
});

describe('freeFolderName', () => {
  it('keeps a free name and numbers a taken one, within the length limit', () => {
    expect(freeFolderName('Work', new Set(['home']))).toBe('Work');
    expect(freeFolderName('Work', new Set(['work', 'work (2)']))).toBe('Work (3)');
    const long = 'x'.repeat(100);
    expect(freeFolderName(long, new Set([long]))).toBe(`${'x'.repeat(96)} (2)`);
  });
});
