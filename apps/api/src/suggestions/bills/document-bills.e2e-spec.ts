// Text from scans and bills in documents (issue 26), as a person meets them: a scanned invoice (an
// image with no text layer) goes up over HTTP, the extraction job recognises its text with
// tesseract, the page is marked recognised, the bill detector proposes paying it by its due date,
// and accepting makes the task, linked to the document.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Document, Suggestion, Task, UploadDocumentsResult } from '@aide/contracts';
import request from 'supertest';
import { tempDocumentStorage } from '../../../test/document-storage';
import { signUp } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FAST_JOBS_ENV } from '../../../test/test-worker';
import { waitFor } from '../../../test/wait-for';

jest.setTimeout(90_000);

let t: TestApp;
let storage: string;

beforeAll(async () => {
  storage = await tempDocumentStorage();
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, DOCUMENT_STORAGE_DIR: storage } });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await rm(storage, { recursive: true, force: true });
});

const SCANNED_INVOICE = readFileSync(path.join(__dirname, '../../../test/fixtures/scanned-invoice.pdf'));

it('recognises a scanned invoice, suggests paying it by its due date, and accepting makes the linked task', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const uploaded = (
    await agent
      .post('/api/documents')
      .attach('files', SCANNED_INVOICE, { filename: 'energy-invoice.pdf', contentType: 'application/pdf' })
      .expect(201)
  ).body as UploadDocumentsResult;
  const [{ id }] = uploaded.documents;

  let document!: Document;
  await waitFor(
    async () => {
      document = (await agent.get(`/api/documents/${id}`).expect(200)).body as Document;
      return document.extractionStatus !== 'pending';
    },
    { timeoutMs: 60_000, what: 'the scan to be read' },
  );
  expect(document).toMatchObject({
    extractionStatus: 'done',
    pages: [{ page: 1, source: 'ocr' }],
    recognitionError: null,
  });
  expect(document.content).toContain('Amount due: €1,234.50');

  const suggestions = (await agent.get(`/api/documents/${id}/suggestions`).expect(200)).body as Suggestion[];
  expect(suggestions).toEqual([
    expect.objectContaining({
      kind: 'task',
      origin: 'bill',
      status: 'pending',
      documentId: id,
      title: 'Pay Northwind Energy Ltd invoice INV-2026-0417 (€1,234.50)',
      draft: expect.objectContaining({ dueDate: '2026-12-15', amount: { value: 1234.5, currency: 'EUR' } }),
    }),
  ]);

  const accepted = (await agent.post(`/api/suggestions/${suggestions[0].id}/accept`).send({}).expect(200))
    .body as Suggestion;
  expect(accepted).toMatchObject({ status: 'accepted', result: { type: 'task' } });
  const tasks = (await agent.get('/api/tasks').expect(200)).body as Task[];
  const task = tasks.find((candidate) => candidate.id === accepted.result?.id);
  expect(task).toMatchObject({
    title: 'Pay Northwind Energy Ltd invoice INV-2026-0417 (€1,234.50)',
    sourceDocumentId: id,
  });
  expect(task?.description).toContain('Amount due: €1,234.50.');
  expect(task?.dueDate?.slice(0, 10)).toBe('2026-12-15');

  // Read again, the document proposes nothing new: the accepted suggestion shows what it became.
  expect((await agent.get(`/api/documents/${id}/suggestions`).expect(200)).body).toEqual([
    expect.objectContaining({ status: 'accepted', result: { type: 'task', id: task?.id } }),
  ]);
});
