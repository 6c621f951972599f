// Decompression bombs as a user would send them: uploaded over HTTP to the real API, read by the
// extraction job (the reader's process, ceiling DOCUMENT_MAX_UNPACKED_MB=50 here), and a gzip request
// body that inflates far past the JSON limit. Each is refused with a readable reason and the API
// carries on; the API's peak memory under the 600 MB .docx is measured by the slow suite (bomb).
import { gzipSync } from 'node:zlib';
import { type Document, type UploadDocumentsResult } from '@aide/contracts';
import { rm } from 'node:fs/promises';
import request from 'supertest';
import {
  deflatedRepeat,
  docxBomb,
  docxWithNestedBomb,
  manyEntriesDocx,
  nestedZipBomb,
  pdfBomb,
} from '../../test/bomb-files';
import { docxFile } from '../../test/document-files';
import { tempDocumentStorage } from '../../test/document-storage';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';
import { BODY_TOO_LARGE } from '../common/http-exception.filter';

jest.setTimeout(120_000);

const MB = 1024 * 1024;
/** The setting is read from the environment: 50 MB here, 100 by default (the slow suite's). */
const EXPANDS = 'This file expands to more than 50 MB when unpacked, so its text was not extracted.';

let t: TestApp;
let storage: string;

beforeAll(async () => {
  storage = await tempDocumentStorage();
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, DOCUMENT_STORAGE_DIR: storage, DOCUMENT_MAX_UNPACKED_MB: '50' } });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await rm(storage, { recursive: true, force: true });
});

const documentOf = async (agent: Agent, id: number): Promise<Document> =>
  (await agent.get(`/api/documents/${id}`).expect(200)).body as Document;

async function uploadAndRead(agent: Agent, name: string, bytes: Buffer): Promise<Document> {
  const { documents } = (
    await agent
      .post('/api/documents')
      .attach('files', bytes, { filename: name, contentType: 'application/octet-stream' })
      .expect(201)
  ).body as UploadDocumentsResult;
  const { id } = documents[0];
  return waitFor(
    async () => {
      const doc = await documentOf(agent, id);
      return doc.extractionStatus !== 'pending' && doc;
    },
    { timeoutMs: 90_000, what: `${name} to be read` },
  );
}

it('marks a 600 MB-unpacking .docx failed with a readable reason, and still reads the next file', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const bomb = await docxBomb(600 * MB);
  expect(bomb.length).toBeLessThan(MB);

  expect(await uploadAndRead(agent, 'report.docx', bomb)).toMatchObject({
    extractionStatus: 'failed',
    extractionError: EXPANDS,
    content: null,
  });
  // A .docx whose headers claim a small document.xml is stopped as soon as it unpacks past that: damaged.
  expect(await uploadAndRead(agent, 'liar.docx', await docxBomb(600 * MB, { declaredSize: 4_000 }))).toMatchObject({
    extractionStatus: 'failed',
    extractionError: 'The Word document is damaged or is not a .docx file',
  });

  const next = await uploadAndRead(agent, 'minutes.docx', await docxFile('The board approved the budget.'));
  expect(next).toMatchObject({ extractionStatus: 'done', extractionError: null });
  expect(next.content).toContain('The board approved the budget.');
});

it('marks a PDF whose content stream inflates to 600 MB failed with the same reason', async () => {
  const { agent } = await signUp(request.agent(t.http));
  expect(await uploadAndRead(agent, 'scan.pdf', await pdfBomb(600 * MB))).toMatchObject({
    extractionStatus: 'failed',
    extractionError: EXPANDS,
    content: null,
  });
});

it('refuses a .docx of 20,000 entries, and never opens nested archives', async () => {
  const { agent } = await signUp(request.agent(t.http));
  expect(await uploadAndRead(agent, 'many.docx', await manyEntriesDocx(20_000, 'Agenda.'))).toMatchObject({
    extractionStatus: 'failed',
    extractionError: 'This file holds more than 10,000 packed parts, so its text was not extracted.',
  });
  // An embedded ZIP bomb inside a .docx: the document's own text is read, the embedded archive left packed.
  const withEmbedded = await uploadAndRead(
    agent,
    'embedded.docx',
    await docxWithNestedBomb(256 * MB, 'Quarterly figures attached.'),
  );
  expect(withEmbedded).toMatchObject({ extractionStatus: 'done' });
  expect(withEmbedded.content).toContain('Quarterly figures attached.');
  // A ZIP of ZIP bombs (16 × 256 MB nested): stored as uploaded, never unpacked ('unsupported').
  expect(await uploadAndRead(agent, 'layers.zip', await nestedZipBomb(16, 256 * MB))).toMatchObject({
    mimeType: 'application/zip',
    extractionStatus: 'unsupported',
    content: null,
  });
});

/** POST /api/tasks with an encoded JSON body, sent byte for byte (supertest would serialise a Buffer as JSON). */
const sendEncoded = (agent: Agent, encoding: string, body: Buffer) =>
  agent
    .post('/api/tasks')
    .set('Content-Type', 'application/json')
    .set('Content-Encoding', encoding)
    .serialize((bytes: Buffer) => bytes as unknown as string)
    .send(body as unknown as object);

it("answers 413 to gzip and deflate bodies (JSON, and the collector's text) that inflate past the 1 MB limit, and the API carries on", async () => {
  const { agent } = await signUp(request.agent(t.http));
  const { packed } = await deflatedRepeat(200 * MB, { prefix: '{"title":"', suffix: '"}', raw: false });
  // A gzip member: the same deflate stream in gzip's wrapper.
  const gzipped = gzipSync(Buffer.concat([Buffer.from('{"title":"'), Buffer.alloc(4 * MB, 'a'), Buffer.from('"}')]));
  for (const [encoding, body] of [
    ['gzip', gzipped],
    ['deflate', packed],
  ] as const) {
    const response = await sendEncoded(agent, encoding, body);
    expect({ encoding, status: response.status, body: response.body as unknown }).toEqual({
      encoding,
      status: 413,
      body: { message: BODY_TOO_LARGE },
    });
  }
  // The tracking collector's text/plain parser (sendBeacon) counts inflated bytes the same way.
  const beacon = await request(t.http)
    .post('/api/collect')
    .set('Content-Type', 'text/plain')
    .set('Content-Encoding', 'deflate')
    .serialize((bytes: Buffer) => bytes as unknown as string)
    .send(packed as unknown as object);
  expect({ status: beacon.status, body: beacon.body as unknown }).toEqual({
    status: 413,
    body: { message: BODY_TOO_LARGE },
  });
  // A small gzip body is still read.
  const small = gzipSync(Buffer.from(JSON.stringify({ title: 'Pay the gas bill' })));
  const created = await sendEncoded(agent, 'gzip', small);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ title: 'Pay the gas bill' });
});
