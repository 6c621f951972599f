// The documents module's parts together, as one user meets them: real files go up over HTTP into
// local storage, the extraction job (a reader process, pdfjs/mammoth) reads them in the background,
// the AI service summarises them and suggests tags, and the text is then found by the screen's search, the
// header search and shown by the preview rules; the awkward files get their right outcome.
import {
  DOCUMENT_MESSAGES,
  type Document,
  type DocumentSummary,
  EXTRACTED_TEXT_MARKER,
  type SearchResponse,
  type UploadDocumentsResult,
} from '@aide/contracts';
import { rm } from 'node:fs/promises';
import request from 'supertest';
import { corruptPdfFile, docxFile, executableFile, pdfFile, textFile } from '../../test/document-files';
import { filesUnder, tempDocumentStorage } from '../../test/document-storage';
import { type Agent, signUp } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAST_JOBS_ENV } from '../../test/test-worker';
import { waitFor } from '../../test/wait-for';

jest.setTimeout(90_000);

let t: TestApp;
let storage: string;

beforeAll(async () => {
  storage = await tempDocumentStorage();
  t = await createTestApp({ env: { ...FAST_JOBS_ENV, DOCUMENT_STORAGE_DIR: storage, DOCUMENT_MAX_FILE_SIZE_MB: '2' } });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await rm(storage, { recursive: true, force: true });
});

const uploadOne = (agent: Agent, name: string, bytes: Buffer, contentType = 'application/octet-stream') =>
  agent.post('/api/documents').attach('files', bytes, { filename: name, contentType });

const documentOf = async (agent: Agent, id: number): Promise<Document> =>
  (await agent.get(`/api/documents/${id}`).expect(200)).body as Document;

const settled = (agent: Agent, id: number) =>
  waitFor(async () => (await documentOf(agent, id)).extractionStatus !== 'pending', {
    timeoutMs: 60_000,
    what: `document ${id} to be read`,
  });

it('uploads real files, reads them in the background, and finds a word inside a PDF', async () => {
  const { agent } = await signUp(request.agent(t.http));
  const pdf = await pdfFile(
    'Annual budget review. Revenue grew by twelve percent; the invoice backlog fell. The tax filing is due in March.',
    'Appendix: the heliotrope project spent less than planned on travel and equipment.',
  );
  const docx = await docxFile(
    'Tenancy agreement between the landlord and the tenant.',
    'The tenant pays the rent on the first day of each month.',
  );

  const uploaded = (
    await agent
      .post('/api/documents')
      .attach('files', pdf, { filename: 'budget-review.pdf', contentType: 'application/pdf' })
      .attach('files', docx, { filename: 'lease.docx', contentType: 'application/octet-stream' })
      .attach('files', textFile('Shopping list: quinoa, lentils, oat milk.'), {
        filename: 'notes.txt',
        contentType: 'text/plain',
      })
      .attach('files', corruptPdfFile(), { filename: 'scan.pdf', contentType: 'application/pdf' })
      .expect(201)
  ).body as UploadDocumentsResult;
  const [pdfDoc, docxDoc, textDoc, corruptDoc] = uploaded.documents;
  expect(uploaded.documents.map((d) => [d.originalName, d.mimeType, d.extractionStatus])).toEqual([
    ['budget-review.pdf', 'application/pdf', 'pending'],
    ['lease.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'pending'],
    ['notes.txt', 'text/plain', 'pending'],
    ['scan.pdf', 'application/pdf', 'pending'],
  ]);
  expect(pdfDoc.size).toBe(pdf.length);

  for (const doc of uploaded.documents) await settled(agent, doc.id);

  // The PDF: both pages' text behind the marker the preview relies on, a summary and suggested tags
  // from it, apart from the person's own (issue 30).
  const readPdf = await documentOf(agent, pdfDoc.id);
  expect(readPdf.extractionStatus).toBe('done');
  expect(readPdf.content?.startsWith(`${EXTRACTED_TEXT_MARKER}\n`)).toBe(true);
  expect(readPdf.content).toContain('Revenue grew by twelve percent');
  expect(readPdf.content!.indexOf('Annual budget')).toBeLessThan(readPdf.content!.indexOf('heliotrope'));
  expect(readPdf.summary).toBeTruthy();
  expect(readPdf.suggestedTags.length).toBeGreaterThan(0);
  expect(readPdf.tags).toEqual([]);
  // Budget, revenue, invoice, tax: the category suggestion says Financial.
  expect(readPdf.suggestedCategory).toBe('Financial');
  expect(readPdf.category).toBeNull();

  const readDocx = await documentOf(agent, docxDoc.id);
  expect(readDocx).toMatchObject({ extractionStatus: 'done', extractionError: null });
  expect(readDocx.content).toContain('The tenant pays the rent');
  expect((await documentOf(agent, textDoc.id)).content).toBe(
    `${EXTRACTED_TEXT_MARKER}\nShopping list: quinoa, lentils, oat milk.`,
  );

  // The corrupt PDF is recorded as failed, readably; nothing else suffered for it.
  const readCorrupt = await documentOf(agent, corruptDoc.id);
  expect(readCorrupt).toMatchObject({ extractionStatus: 'failed', content: null });
  expect(readCorrupt.extractionError).toMatch(/damaged|not a PDF/i);

  // The screen's search finds a word that is only inside the PDF's second page, with the passage.
  const found = (await agent.get('/api/documents').query({ q: 'heliotrope' }).expect(200)).body as DocumentSummary[];
  expect(found.map((d) => d.id)).toEqual([pdfDoc.id]);
  expect(found[0].match).toMatch(/heliotrope/i);
  // Words as prefixes, across name, tags, summary and text.
  expect(
    ((await agent.get('/api/documents').query({ q: 'tena' }).expect(200)).body as DocumentSummary[]).map((d) => d.id),
  ).toEqual([docxDoc.id]);
  // The header search too, linking to the document on the screen.
  const header = (await agent.get('/api/search').query({ q: 'quinoa' }).expect(200)).body as SearchResponse;
  expect(header.results).toEqual([
    expect.objectContaining({
      module: 'documents',
      id: textDoc.id,
      title: 'notes.txt',
      link: `/documents?open=${textDoc.id}`,
    }),
  ]);

  // Preview: the PDF inline; download: the same bytes as an attachment.
  const preview = await agent.get(`/api/documents/${pdfDoc.id}/preview`).buffer(true).parse(binary).expect(200);
  expect(preview.headers['content-type']).toBe('application/pdf');
  expect(preview.headers['content-disposition']).toMatch(/^inline/);
  // Framed by the app's own preview dialog, and by nothing else.
  expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(preview.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  const download = await agent.get(`/api/documents/${docxDoc.id}/download`).buffer(true).parse(binary).expect(200);
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="lease\.docx"/);
  expect(Buffer.compare(download.body as Buffer, docx)).toBe(0);
  await agent.get(`/api/documents/${docxDoc.id}/preview`).expect(415, { message: DOCUMENT_MESSAGES.previewPdfOnly });
});

it('refuses a program named .pdf, an over-limit file and keeps a ../ name harmless, leaving nothing behind', async () => {
  const { agent, user } = await signUp(request.agent(t.http));
  const before = await filesUnder(storage);

  await uploadOne(agent, 'invoice.pdf', executableFile(), 'application/pdf').expect(415, {
    message: DOCUMENT_MESSAGES.executableRefused,
  });
  await uploadOne(
    agent,
    'huge.pdf',
    Buffer.concat([await pdfFile('big'), Buffer.alloc(3 * 1024 * 1024, 0x20)]),
    'application/pdf',
  ).expect(413, {
    message: DOCUMENT_MESSAGES.fileTooLarge(2),
  });
  expect(await filesUnder(storage)).toEqual(before);
  expect((await agent.get('/api/documents').expect(200)).body).toEqual([]);

  const sneaky = (await uploadOne(agent, '../../etc/passwd', textFile('root:x:0:0')).expect(201))
    .body as UploadDocumentsResult;
  expect(sneaky.documents[0]).toMatchObject({ originalName: 'passwd', mimeType: 'text/plain' });
  // Stored under the user's own key, never under the name it came with.
  const stored = (await filesUnder(storage)).filter((f) => !before.includes(f));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}$`));
  await settled(agent, sneaky.documents[0].id);
  expect((await documentOf(agent, sneaky.documents[0].id)).content).toBe(`${EXTRACTED_TEXT_MARKER}\nroot:x:0:0`);
});

/** supertest's parser for a binary body (it would buffer text types as strings). */
function binary(res: request.Response, done: (error: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}
