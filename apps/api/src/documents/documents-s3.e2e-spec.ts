import { DOCUMENT_MESSAGES, type UploadDocumentsResult } from '@aide/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { executableFile, pdfFile, textFile } from '../../test/document-files';
import { signUp } from '../../test/factories';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The whole API with DOCUMENT_STORAGE=s3, against a real S3-protocol server. */
let s3: TestS3Server;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: { ...s3.env, DOCUMENT_MAX_FILE_SIZE_MB: '8' } });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

it('uploads to the bucket, downloads the same bytes, and deletes from the bucket', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const pdf = await pdfFile('Stored in S3');
  const uploaded = (await agent.post('/api/documents').attach('files', pdf, { filename: 'report.pdf' }).expect(201))
    .body as UploadDocumentsResult;
  const [document] = uploaded.documents;
  expect(document).toMatchObject({ originalName: 'report.pdf', mimeType: 'application/pdf', size: pdf.length });
  const [{ storageKey }] = await t.app
    .get(DataSource)
    .query(`SELECT "storageKey" FROM documents WHERE id = $1`, [document.id]);
  expect(await s3.keys()).toEqual([storageKey]);

  const download = await agent
    .get(`/api/documents/${document.id}/download`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(download.status).toBe(200);
  expect(Buffer.compare(download.body as Buffer, pdf)).toBe(0);
  expect(download.headers['content-length']).toBe(String(pdf.length));

  await agent.delete(`/api/documents/${document.id}`).expect(204);
  expect(await s3.keys()).toEqual([]);
});

it('keeps nothing in the bucket when a request is refused part-way', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const before = await s3.keys();
  const refused = await agent
    .post('/api/documents')
    // Over one S3 part, so it went up as a multipart upload before the program came.
    .attach('files', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(6 * 1024 * 1024, 'a')]), {
      filename: 'big.pdf',
    })
    .attach('files', textFile('notes'), { filename: 'notes.txt' })
    .attach('files', executableFile(), { filename: 'invoice.pdf' })
    .expect(415);
  expect(refused.body).toEqual({ message: DOCUMENT_MESSAGES.executableRefused });
  expect(await s3.keys()).toEqual(before);
});
