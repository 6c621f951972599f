import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, type DocumentSummary, type UploadDocumentsResult } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { docxFile, executableFile, pdfFile, textFile, windowsExecutableFile } from '../../test/document-files';
import { filesUnder, tempDocumentStorage } from '../../test/document-storage';
import { type Agent, buildRegistration, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { waitFor } from '../../test/wait-for';
import { DocumentExtractionService } from './extraction/document-extraction.service';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let db: DataSource;
let storage: string;
let queued: jest.SpyInstance;

beforeAll(async () => {
  storage = await tempDocumentStorage();
  // Many users, one each test: the sign-up limit per IP would refuse them.
  t = await createTestApp({
    env: { DOCUMENT_STORAGE_DIR: storage, DOCUMENT_MAX_FILE_SIZE_MB: '1', AUTH_REGISTER_RATE_LIMIT: '1000' },
  });
  db = t.app.get(DataSource);
  queued = jest.spyOn(t.app.get(DocumentExtractionService), 'queue');
});
afterAll(async () => {
  await t?.close();
  await rm(storage, { recursive: true, force: true });
});

const newUser = async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  return { agent, id: user.id };
};

interface UploadFile {
  name: string;
  bytes: Buffer;
  /** What the browser claims; the API must not believe it. */
  contentType?: string;
}

function upload(agent: Agent, files: UploadFile[], fields: Record<string, string> = {}) {
  let call = agent.post('/api/documents');
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  for (const file of files)
    call = call.attach('files', file.bytes, {
      filename: file.name,
      contentType: file.contentType ?? 'application/octet-stream',
    });
  return call;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const storedFilesOf = async (userId: number) =>
  (await filesUnder(storage)).filter((file) => file.startsWith(`${userId}/`));
const rowsOf = async (userId: number) =>
  db.query(`SELECT id, "storageKey" FROM documents WHERE "userId" = $1 ORDER BY id`, [userId]);

/** A multipart body by hand, for requests supertest cannot make (a body that never ends, a client that leaves). */
const BOUNDARY = 'aide-test-boundary';
const partHead = (filename: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );

/** A user signed up by hand, with the session cookie as a header value (for raw requests). */
async function newRawUser() {
  const response = await request(t.http).post('/api/auth/register').send(buildRegistration()).expect(201);
  const cookie = (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  return { cookie, id: response.body.id as number };
}

/** Opens POST /api/documents with `cookie` and writes `bytes` without ending the request. */
function openRawUpload(cookie: string, bytes: Buffer) {
  const { port } = t.http.address() as AddressInfo;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/documents',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' },
  });
  req.on('error', () => undefined); // the server may close the connection once it has answered
  const response = new Promise<{ status: number; body: string }>((resolve) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
  req.write(bytes);
  return { req, response };
}

beforeAll(async () => {
  // Raw requests need the server listening (supertest uses the same address once it is).
  await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
});

describe('POST /api/documents', () => {
  it('stores a PDF, a Word file and a text file, typed by their content, with size and SHA-256', async () => {
    const { agent, id } = await newUser();
    const pdf = await pdfFile('Quarterly report');
    const docx = await docxFile('Meeting notes');
    const text = textFile('Shopping list: apples, pears\n');
    queued.mockClear();

    const response = await upload(agent, [
      { name: 'report.pdf', bytes: pdf, contentType: 'application/pdf' },
      { name: 'notes.docx', bytes: docx },
      // The browser's word is ignored: this is text, whatever it claims.
      { name: 'list.txt', bytes: text, contentType: 'application/pdf' },
    ]).expect(201);

    const { documents } = response.body as UploadDocumentsResult;
    expect(documents.map((d) => [d.originalName, d.mimeType, d.size])).toEqual([
      ['report.pdf', 'application/pdf', pdf.length],
      ['notes.docx', DOCX, docx.length],
      ['list.txt', 'text/plain', text.length],
    ]);
    expect(documents[0]).toEqual({
      id: expect.any(Number),
      originalName: 'report.pdf',
      mimeType: 'application/pdf',
      size: pdf.length,
      category: null,
      tags: [],
      // Issue 30: the AI's suggestions come with the extraction, after the upload.
      suggestedTags: [],
      suggestedCategory: null,
      summary: null,
      folderId: null,
      isArchived: false,
      extractionStatus: 'pending',
      extractionError: null,
      uploadedAt: expect.any(String),
      // An upload comes from no email (issue 26).
      sourceEmailId: null,
      match: null,
    } satisfies DocumentSummary);
    const rows = await db.query(`SELECT sha256, "storageKey" FROM documents WHERE "userId" = $1 ORDER BY id`, [id]);
    expect(rows.map((r: { sha256: string }) => r.sha256)).toEqual([sha256(pdf), sha256(docx), sha256(text)]);
    for (const row of rows) expect(row.storageKey).toMatch(new RegExp(`^${id}/[0-9a-f-]{36}$`));
    expect(await storedFilesOf(id)).toEqual(rows.map((r: { storageKey: string }) => r.storageKey).sort());
    // Extraction is queued for each, once the rows exist.
    expect(queued.mock.calls).toEqual(documents.map((d) => [id, d.id]));
  });

  it.each([
    ['page.html', '<p>Hello</p>', 'text/html'],
    ['page.txt', '<!DOCTYPE html><html><body>Hi</body></html>', 'text/html'],
    ['readme.md', '# Title\n', 'text/markdown'],
    ['table.csv', 'a,b\n1,2\n', 'text/csv'],
    ['data.json', '{"a": 1}', 'application/json'],
    ['notes', 'plain words', 'text/plain'],
  ])('types the text file %s as %s', async (name, content, mimeType) => {
    const { agent } = await newUser();
    const response = await upload(agent, [{ name, bytes: textFile(content) }]).expect(201);
    expect(response.body.documents[0].mimeType).toBe(mimeType);
  });

  it('types a PNG as an image and bytes that are neither as application/octet-stream', async () => {
    const { agent } = await newUser();
    // A 1×1 transparent PNG.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
      'hex',
    );
    const latin1 = Buffer.from('caf\xe9 cr\xe8me', 'latin1');
    const response = await upload(agent, [
      { name: 'photo.txt', bytes: png },
      { name: 'blob.txt', bytes: Buffer.concat([Buffer.from('text then '), Buffer.from([0, 1, 2, 0xff])]) },
      { name: 'latin1.txt', bytes: latin1 },
    ]).expect(201);
    expect(response.body.documents.map((d: DocumentSummary) => d.mimeType)).toEqual([
      'image/png',
      'application/octet-stream',
      'application/octet-stream',
    ]);
  });

  it('keeps only the last part of a name with a path, and UTF-8 names as they are', async () => {
    const { agent } = await newUser();
    const response = await upload(agent, [
      { name: '../../etc/passwd', bytes: textFile('root:x:0:0') },
      { name: 'C:\\Users\\me\\..\\Café 日本.txt', bytes: textFile('bonjour') },
    ]).expect(201);
    expect(response.body.documents.map((d: DocumentSummary) => d.originalName)).toEqual(['passwd', 'Café 日本.txt']);
  });

  it.each([
    ['a Linux program', executableFile()],
    ['a Windows program', windowsExecutableFile()],
    ['a shell script', textFile('#!/bin/sh\necho hi\n')],
  ])('refuses %s named invoice.pdf with 415, keeping nothing of the request', async (_what, program) => {
    const { agent, id } = await newUser();
    const response = await upload(agent, [
      { name: 'fine.pdf', bytes: await pdfFile('A real one first') },
      { name: 'invoice.pdf', bytes: program, contentType: 'application/pdf' },
    ]).expect(415);
    expect(response.body).toEqual({ message: DOCUMENT_MESSAGES.executableRefused });
    expect(await storedFilesOf(id)).toEqual([]);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('refuses a file over DOCUMENT_MAX_FILE_SIZE_MB with 413, keeping nothing of the request', async () => {
    const { agent, id } = await newUser();
    const response = await upload(agent, [
      { name: 'small.txt', bytes: textFile('small') },
      { name: 'big.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1.5 * MB)]) },
    ]).expect(413);
    expect(response.body).toEqual({ message: DOCUMENT_MESSAGES.fileTooLarge(1) });
    expect(response.body.message).toBe('Files can be at most 1 MB');
    expect(await storedFilesOf(id)).toEqual([]);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const { agent } = await newUser();
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(MB - 9)]);
    const response = await upload(agent, [{ name: 'exact.pdf', bytes }]).expect(201);
    expect(response.body.documents[0].size).toBe(MB);
  });

  it('answers 413 as soon as a file passes the limit, without waiting for the rest of the request', async () => {
    const { cookie, id } = await newRawUser();
    // 1.2 MB of a file whose request never ends: only an early answer can arrive.
    const { req, response } = openRawUpload(
      cookie,
      Buffer.concat([partHead('huge.pdf'), Buffer.from('%PDF-1.7\n'), randomBytes(1.2 * MB)]),
    );
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      response,
      new Promise<'none'>((resolve) => (timer = setTimeout(() => resolve('none'), 10_000))),
    ]);
    clearTimeout(timer);
    req.destroy();
    expect(answer).toEqual({ status: 413, body: JSON.stringify({ message: DOCUMENT_MESSAGES.fileTooLarge(1) }) });
    expect(await storedFilesOf(id)).toEqual([]);
  });

  it('keeps nothing when the client goes away mid-upload', async () => {
    const { cookie, id } = await newRawUser();
    const { req } = openRawUpload(
      cookie,
      Buffer.concat([partHead('partial.pdf'), Buffer.from('%PDF-1.7\n'), randomBytes(200 * 1024)]),
    );
    // The file is being written (a temporary file in the store) when the client leaves.
    await waitFor(async () => (await storedFilesOf(id)).length > 0, { what: 'the upload to reach the store' });
    req.destroy();
    await waitFor(async () => (await storedFilesOf(id)).length === 0, { what: 'the partial file to be removed' });
    expect(await rowsOf(id)).toEqual([]);
    // The API is fine afterwards.
    await request(t.http)
      .post('/api/documents')
      .set('Cookie', cookie)
      .attach('files', textFile('still working'), { filename: 'after.txt' })
      .expect(201);
  });

  it('answers 400 without files, with too many, with files in another field, or with a body that is not a multipart form', async () => {
    const { agent, id } = await newUser();
    expect((await agent.post('/api/documents').field('folderId', 'root').expect(400)).body).toEqual({
      message: DOCUMENT_MESSAGES.fileRequired,
    });
    // An empty file input still sends a part, with no file name.
    expect(
      (await agent.post('/api/documents').attach('files', Buffer.alloc(0), { filename: '' }).expect(400)).body,
    ).toEqual({
      message: DOCUMENT_MESSAGES.fileRequired,
    });

    const many = Array.from({ length: DOCUMENT_LIMITS.maxFilesPerUpload + 1 }, (_, i) => ({
      name: `n${i}.txt`,
      bytes: textFile(`note ${i}`),
    }));
    await db.query(`UPDATE users SET plan = 'premium' WHERE id = $1`, [id]);
    expect((await upload(agent, many).expect(400)).body).toEqual({ message: DOCUMENT_MESSAGES.tooManyFiles });
    expect(await storedFilesOf(id)).toEqual([]);

    const otherField = await agent
      .post('/api/documents')
      .attach('attachment', textFile('x'), { filename: 'x.txt' })
      .expect(400);
    expect(otherField.body).toEqual({ message: DOCUMENT_MESSAGES.badUpload });
    expect(
      (
        await agent
          .post('/api/documents')
          .send({ files: ['x'] })
          .expect(400)
      ).body,
    ).toEqual({ message: DOCUMENT_MESSAGES.badUpload });
    const noBoundary = await agent
      .post('/api/documents')
      .set('Content-Type', 'multipart/form-data')
      .send('whatever')
      .expect(400);
    expect(noBoundary.body).toEqual({ message: DOCUMENT_MESSAGES.badUpload });
    const cut = await agent
      .post('/api/documents')
      .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
      .send(Buffer.concat([partHead('cut.txt'), Buffer.from('no closing boundary')]))
      .expect(400);
    expect(cut.body).toEqual({ message: DOCUMENT_MESSAGES.badUpload });
    expect(await storedFilesOf(id)).toEqual([]);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("puts the documents in the user's folder, and answers 404 for someone else's", async () => {
    const { agent, id } = await newUser();
    const other = await newUser();
    const mine = (await agent.post('/api/document-folders').send({ name: 'Invoices' }).expect(201)).body;
    const theirs = (await other.agent.post('/api/document-folders').send({ name: 'Private' }).expect(201)).body;

    const inFolder = await upload(agent, [{ name: 'a.txt', bytes: textFile('a') }], {
      folderId: String(mine.id),
    }).expect(201);
    expect(inFolder.body.documents[0].folderId).toBe(mine.id);
    const atRoot = await upload(agent, [{ name: 'b.txt', bytes: textFile('b') }], { folderId: 'root' }).expect(201);
    expect(atRoot.body.documents[0].folderId).toBeNull();

    const before = await storedFilesOf(id);
    const refused = await upload(agent, [{ name: 'c.txt', bytes: textFile('c') }], {
      folderId: String(theirs.id),
    }).expect(404);
    expect(refused.body).toEqual({ message: DOCUMENT_MESSAGES.folderNotFound });
    const invalid = await upload(agent, [{ name: 'd.txt', bytes: textFile('d') }], { folderId: 'abc' }).expect(400);
    expect(invalid.body.message).toBe('Folder id must be a positive whole number');
    const unknownField = await upload(agent, [{ name: 'e.txt', bytes: textFile('e') }], {
      userId: String(other.id),
    }).expect(400);
    expect(unknownField.body.message).toMatch(/userId/);
    expect(await storedFilesOf(id)).toEqual(before);
    expect(await storedFilesOf(other.id)).toEqual([]);
  });

  describe('the Free plan', () => {
    it(`stores at most ${DOCUMENT_LIMITS.freePlanDocuments} documents (archived ones count), then answers 403 with the reason`, async () => {
      const { agent, id } = await newUser();
      const four = Array.from({ length: 4 }, (_, i) => ({ name: `doc${i}.txt`, bytes: textFile(`doc ${i}`) }));
      const first = (await upload(agent, four).expect(201)).body as UploadDocumentsResult;
      await agent.patch(`/api/documents/${first.documents[0].id}/archive`).expect(200);
      // Two more in one request would make 6: refused whole.
      const tooMany = await upload(agent, [
        { name: 'five.txt', bytes: textFile('5') },
        { name: 'six.txt', bytes: textFile('6') },
      ]).expect(403);
      expect(tooMany.body).toEqual({ message: DOCUMENT_MESSAGES.freePlanLimit });
      expect(await rowsOf(id)).toHaveLength(4);
      expect(await storedFilesOf(id)).toHaveLength(4);

      await upload(agent, [{ name: 'five.txt', bytes: textFile('5') }]).expect(201);
      const sixth = await upload(agent, [{ name: 'six.txt', bytes: textFile('6') }]).expect(403);
      expect(sixth.body).toEqual({ message: DOCUMENT_MESSAGES.freePlanLimit });
      expect(await rowsOf(id)).toHaveLength(5);
      expect(await storedFilesOf(id)).toHaveLength(5);

      // Deleting one makes room again.
      await agent.delete(`/api/documents/${first.documents[1].id}`).expect(204);
      await upload(agent, [{ name: 'six.txt', bytes: textFile('6') }]).expect(201);
    });

    it('cannot be passed by uploading in parallel', async () => {
      const { agent, id } = await newUser();
      await upload(
        agent,
        [1, 2, 3].map((i) => ({ name: `doc${i}.txt`, bytes: textFile(`doc ${i}`) })),
      ).expect(201);
      const statuses = await Promise.all(
        [1, 2, 3, 4].map(
          async (i) => (await upload(agent, [{ name: `p${i}.txt`, bytes: textFile(`parallel ${i}`) }])).status,
        ),
      );
      expect(statuses.sort()).toEqual([201, 201, 403, 403]);
      expect(await rowsOf(id)).toHaveLength(5);
      expect(await storedFilesOf(id)).toHaveLength(5);
    });

    it('does not limit Premium users', async () => {
      const { agent, id } = await newUser();
      await db.query(`UPDATE users SET plan = 'premium' WHERE id = $1`, [id]);
      const seven = Array.from({ length: 7 }, (_, i) => ({ name: `doc${i}.txt`, bytes: textFile(`doc ${i}`) }));
      await upload(agent, seven).expect(201);
      await upload(agent, [{ name: 'eighth.txt', bytes: textFile('8') }]).expect(201);
      expect(await rowsOf(id)).toHaveLength(8);
    });
  });

  it('answers 401 signed out, reading nothing', async () => {
    const response = await request(t.http)
      .post('/api/documents')
      .attach('files', textFile('x'), { filename: 'x.txt' })
      .expect(401);
    expect(response.body).toEqual({ message: expect.any(String) });
  });
});
