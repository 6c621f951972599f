import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { aDocument, aFolder } from '../../test/factories';
import { button, mockFetch, endpointUrl, renderScreen, route, routeOf, routes, waitFor } from '../../test/harness';
import { cleanup } from '@aide/testing';
import DocumentViewDialog from './DocumentViewDialog';

afterEach(cleanup);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const work = aFolder({ id: 2, name: 'Work' });

async function view(doc: ReturnType<typeof aDocument>) {
  mockFetch(route(routeOf(routes.get, { id: doc.id }), { body: doc }));
  const screen = renderScreen(
    <DocumentViewDialog open documentId={doc.id} folders={[work]} onClose={jest.fn()} onEdit={jest.fn()} />,
  );
  await waitFor(() => document.body.querySelector('.ant-modal-title')?.textContent?.includes(doc.originalName));
  return { ...screen, modal: document.body.querySelector('.ant-modal')! };
}

describe('the view dialog (spec §2 preview rules)', () => {
  it('shows a PDF in a frame of the preview call', async () => {
    const { modal } = await view(aDocument({ id: 51, originalName: 'lease.pdf', mimeType: 'application/pdf' }));
    const frame = modal.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(endpointUrl(routes.preview, { id: 51 }));
    expect(frame.getAttribute('title')).toBe('Preview of lease.pdf');
    // For browsers that show no PDF inside a page.
    expect(button(/Open in a new tab/).getAttribute('href')).toBe(endpointUrl(routes.preview, { id: 51 }));
  });

  it('shows the extracted text of a Word file without the marker line', async () => {
    const { modal } = await view(
      aDocument({
        id: 52,
        originalName: 'letter.docx',
        mimeType: DOCX,
        content: `${EXTRACTED_TEXT_MARKER}\nDear Ada,\nThe engine is ready.`,
      }),
    );
    expect(modal.querySelector('pre')!.textContent).toBe('Dear Ada,\nThe engine is ready.');
    expect(modal.textContent).not.toContain(EXTRACTED_TEXT_MARKER);
  });

  it("says 'Text extraction failed' for a Word file whose content lacks the marker", async () => {
    const { modal } = await view(
      aDocument({
        id: 53,
        originalName: 'broken.docx',
        mimeType: DOCX,
        content: null,
        extractionStatus: 'failed',
        extractionError: 'The Word file is damaged',
      }),
    );
    expect(modal.textContent).toContain('Text extraction failed');
    expect(modal.textContent).toContain('The Word file is damaged');
    expect(modal.querySelector('iframe, pre')).toBeNull();
  });

  it("says 'Reading text…' while a Word file is still being read", async () => {
    const { modal } = await view(
      aDocument({ id: 54, originalName: 'new.docx', mimeType: DOCX, content: null, extractionStatus: 'pending' }),
    );
    expect(modal.textContent).toContain('Reading text…');
    expect(modal.textContent).not.toContain('Text extraction failed');
  });

  it("says 'Preview not available' for other types", async () => {
    const { modal } = await view(
      aDocument({
        id: 55,
        originalName: 'scan.png',
        mimeType: 'image/png',
        content: null,
        extractionStatus: 'unsupported',
      }),
    );
    expect(modal.textContent).toContain('Preview not available');
  });

  it('lists the details and offers the download', async () => {
    const { modal } = await view(
      aDocument({
        id: 56,
        originalName: 'lease.pdf',
        size: 1536,
        folderId: 2,
        tags: ['home', 'rent', 'legal', 'signed'],
        category: 'Legal',
        summary: 'The flat lease.',
      }),
    );
    const text = modal.textContent!;
    expect(text).toContain('1.5 KB');
    expect(text).toContain('Work');
    expect(text).toContain('Legal');
    // Every tag, not the card's three.
    expect(text).toContain('signed');
    expect(text).toContain('The flat lease.');
    const download = button('Download').closest('a')!;
    expect(download.getAttribute('href')).toBe(endpointUrl(routes.download, { id: 56 }));
  });
});

describe('the view dialog: text from scans (issue 26)', () => {
  it('says which pages had their text recognised from a scan', async () => {
    const { modal } = await view(
      aDocument({
        id: 61,
        originalName: 'scan.pdf',
        pages: [
          { page: 1, source: 'ocr' },
          { page: 2, source: 'ocr' },
          { page: 3, source: 'text' },
          { page: 4, source: 'none' },
        ],
      }),
    );
    expect(modal.textContent).toContain('Text recognised from a scan (pages 1–2)');
    expect(modal.textContent).toContain('No text found on page 4');
  });

  it('says why a scan was not read when recognition is not installed', async () => {
    const { modal } = await view(
      aDocument({
        id: 62,
        originalName: 'scan.pdf',
        content: `${EXTRACTED_TEXT_MARKER}\n`,
        pages: [{ page: 1, source: 'none' }],
        recognitionError:
          'Text recognition is not installed on this server (tesseract-ocr and poppler-utils), so scanned pages were not read.',
      }),
    );
    expect(modal.textContent).toContain('Text was not recognised');
    expect(modal.textContent).toContain('Text recognition is not available on this server');
  });

  it('says nothing for a PDF whose text was all extracted', async () => {
    const { modal } = await view(aDocument({ id: 63, pages: [{ page: 1, source: 'text' }] }));
    expect(modal.querySelector('.ant-alert')).toBeNull();
  });
});
