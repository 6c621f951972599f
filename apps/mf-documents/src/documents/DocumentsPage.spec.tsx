import { EXTRACTED_TEXT_MARKER } from '@aide/contracts';
import { aDocument, aFolder, summaryOf } from '../../test/factories';
import {
  type,
  allByText,
  button,
  byText,
  click,
  pickMenuItem,
  mockFetch,
  endpointUrl,
  renderScreen,
  route,
  routeOf,
  routes,
  waitFor,
} from '../../test/harness';
import { act, cleanup } from '@aide/testing';
import DocumentsPage from './DocumentsPage';

afterEach(cleanup);

const work = aFolder({ id: 1, name: 'Work', color: 'green', documentCount: 2 });
const contracts = aFolder({ id: 2, name: 'Contracts', parentFolderId: 1, documentCount: 1 });
const taxes = aFolder({ id: 3, name: 'Taxes', color: 'orange' });
const folders = [work, contracts, taxes];

const lease = aDocument({
  id: 11,
  originalName: 'lease.pdf',
  folderId: null,
  tags: ['home', 'rent', 'legal', '2026', 'signed'],
  category: 'Legal',
  summary: 'The flat lease.',
});
const offer = aDocument({
  id: 12,
  originalName: 'offer.docx',
  folderId: 2,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
});

const documentsIn = (id: string, docs: ReturnType<typeof aDocument>[]) =>
  route(routeOf(routes.list, undefined, { folderId: id }), { body: docs.map(summaryOf) });

const cards = () =>
  Array.from(document.body.querySelectorAll('[data-testid^="document-"]')).map(
    (el) => el.querySelector('.aide-docs-card-open')?.textContent,
  );
const crumbs = () =>
  Array.from(document.body.querySelectorAll('.ant-breadcrumb li'))
    .map((li) => li.textContent)
    .filter((text) => text && text !== '/');

describe('DocumentsPage: folders and the breadcrumb', () => {
  it("shows Root's folders and documents, with the breadcrumb at Root", async () => {
    mockFetch(route(routeOf(routes.folders), { body: folders }), documentsIn('root', [lease]));
    renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 1);
    expect(cards()).toEqual(['lease.pdf']);
    const folderNames = Array.from(document.body.querySelectorAll('[data-testid^="folder-"] .aide-docs-card-open')).map(
      (el) => el.textContent,
    );
    expect(folderNames).toEqual(['Taxes', 'Work']);
    expect(button(/^Open folder Work/).getAttribute('aria-label')).toBe('Open folder Work, 2 documents · 1 folder');
    expect(crumbs()).toEqual(['Root']);
  });

  it('opens a folder into the address, and goes back up from the breadcrumb', async () => {
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: folders }),
      documentsIn('root', [lease]),
      documentsIn('1', []),
      documentsIn('2', [offer]),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 1);

    await click(button(/^Open folder Work/));
    await waitFor(() => crumbs().length === 2);
    expect(screen.location().search).toBe('?folder=1');
    expect(crumbs()).toEqual(['Root', 'Work']);

    await click(button(/^Open folder Contracts/));
    await waitFor(() => cards()[0] === 'offer.docx');
    expect(screen.location().search).toBe('?folder=2');
    expect(crumbs()).toEqual(['Root', 'Work', 'Contracts']);
    expect(calls.map((c) => c.url)).toContain(endpointUrl(routes.list, undefined, { folderId: 2 }));

    // Every level but the open one is a link up.
    await click(byText('Work', '.ant-breadcrumb a'));
    await waitFor(() => crumbs().length === 2);
    expect(screen.location().search).toBe('?folder=1');
    // Work holds a folder but no documents of its own.
    await waitFor(() => allByText('No documents here').length > 0);
    await click(byText('Root', '.ant-breadcrumb a'));
    await waitFor(() => cards()[0] === 'lease.pdf');
    expect(screen.location().search).toBe('');
  });

  it('opens the folder named in the address, with its full path', async () => {
    mockFetch(route(routeOf(routes.folders), { body: folders }), documentsIn('2', [offer]));
    renderScreen(<DocumentsPage />, { path: '/documents?folder=2' });
    await waitFor(() => cards().length === 1);
    expect(crumbs()).toEqual(['Root', 'Work', 'Contracts']);
    expect(document.body.querySelector('[aria-current="page"]')?.textContent).toBe('Contracts');
  });

  it('says when the folder in the address no longer exists, and leads back to Root', async () => {
    mockFetch(
      route(routeOf(routes.folders), { body: folders }),
      route(routeOf(routes.list), { body: [] }),
      documentsIn('root', [lease]),
    );
    const screen = renderScreen(<DocumentsPage />, { path: '/documents?folder=999' });
    await waitFor(() => allByText('Folder not found').length > 0);
    await click(button('Go to Root'));
    await waitFor(() => cards()[0] === 'lease.pdf');
    expect(screen.location().search).toBe('');
  });

  it('says an empty folder is empty, with an Upload button', async () => {
    mockFetch(route(routeOf(routes.folders), { body: folders }), documentsIn('3', []));
    renderScreen(<DocumentsPage />, { path: '/documents?folder=3' });
    await waitFor(() => allByText('This folder is empty').length > 0);
    expect(document.body.querySelector('section[aria-label="Documents"]')!.textContent).toContain('Upload');
  });

  it("says 'No documents yet' with an Upload button in an empty Root", async () => {
    mockFetch(route(routeOf(routes.folders), { body: [] }), documentsIn('root', []));
    renderScreen(<DocumentsPage />);
    await waitFor(() => allByText('No documents yet').length > 0);
    expect(allByText('Upload', 'span').length).toBeGreaterThanOrEqual(2);
  });
});

describe('DocumentsPage: document cards', () => {
  it("shows at most three tags, then '+N'", async () => {
    mockFetch(route(routeOf(routes.folders), { body: [] }), documentsIn('root', [lease]));
    renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 1);
    const card = document.body.querySelector('[data-testid="document-11"]')!;
    const tags = Array.from(card.querySelectorAll('[role="listitem"]')).map((el) => el.textContent);
    expect(tags).toEqual(['home', 'rent', 'legal', '+2']);
    expect(card.querySelector('[aria-label="2 more: 2026, signed"]')).not.toBeNull();
    // Spec §9 with one decimal above bytes (issue 22: sizes line up, '47.0 KB' beside '1.9 KB').
    expect(card.textContent).toContain('47.0 KB');
    expect(card.textContent).toContain('Mar 3, 2026');
    expect(card.textContent).toContain('Legal');
    expect(card.textContent).toContain('The flat lease.');
  });

  it("shows 'Reading text…' while the text is read, and why reading failed", async () => {
    const pending = aDocument({ id: 21, originalName: 'a.docx', extractionStatus: 'pending' });
    const failed = aDocument({
      id: 22,
      originalName: 'b.pdf',
      extractionStatus: 'failed',
      extractionError: 'The PDF is damaged or not a PDF',
    });
    mockFetch(route(routeOf(routes.folders), { body: [] }), documentsIn('root', [pending, failed]));
    renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 2);
    expect(document.body.querySelector('[data-testid="document-21"]')!.textContent).toContain('Reading text…');
    expect(
      document.body.querySelector(
        '[data-testid="document-22"] [aria-label="Text extraction failed: The PDF is damaged or not a PDF"]',
      ),
    ).not.toBeNull();
  });

  it('opens the document named in the address (the header search link) in the view dialog', async () => {
    const letter = aDocument({
      id: 31,
      originalName: 'letter.txt',
      mimeType: 'text/plain',
      content: `${EXTRACTED_TEXT_MARKER}\nDear Ada`,
    });
    mockFetch(
      route(routeOf(routes.folders), { body: [] }),
      documentsIn('root', []),
      route(routeOf(routes.get, { id: 31 }), { body: letter }),
    );
    const screen = renderScreen(<DocumentsPage />, { path: '/documents?open=31' });
    await waitFor(() => document.body.querySelector('pre.aide-docs-extracted-text'));
    expect(document.body.querySelector('pre.aide-docs-extracted-text')!.textContent).toBe('Dear Ada');
    await click(button('Close'));
    await waitFor(() => screen.location().search === '');
  });
});

describe('DocumentsPage: failures show the spec §8 toasts', () => {
  it("toasts 'Failed to fetch documents' and offers Retry", async () => {
    const api = mockFetch(
      route(routeOf(routes.folders), { body: [] }),
      route(routeOf(routes.list), { status: 500, body: { message: 'Database unavailable' } }),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.toasts).toEqual([
      { title: 'Failed to fetch documents', description: 'Database unavailable', variant: 'destructive' },
    ]);
    expect(allByText('Failed to fetch documents').length).toBeGreaterThan(0);

    api.use(documentsIn('root', [lease]));
    await click(button('Retry'));
    await waitFor(() => cards().length === 1);
  });

  it("toasts 'Failed to fetch folders'", async () => {
    mockFetch(route(routeOf(routes.folders), { status: 500, body: {} }), documentsIn('root', []));
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.toasts[0]).toMatchObject({ title: 'Failed to fetch folders', variant: 'destructive' });
  });

  it("toasts 'Failed to archive document' with the server's message", async () => {
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: [] }),
      documentsIn('root', [lease]),
      route(routeOf(routes.archive, { id: 11 }), { status: 404, body: { message: 'Document not found' } }),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 1);
    await pickMenuItem('Actions for lease.pdf', 'Archive');
    await waitFor(() => screen.toasts.length > 0);
    expect(calls.some((c) => c.method === 'PATCH' && c.url === endpointUrl(routes.archive, { id: 11 }))).toBe(true);
    expect(screen.toasts).toEqual([
      { title: 'Failed to archive document', description: 'Document not found', variant: 'destructive' },
    ]);
  });

  it("unarchives an archived document shown with Show Archived, and toasts 'Failed to unarchive document' on failure", async () => {
    const old = aDocument({ id: 17, originalName: 'old.pdf', isArchived: true });
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: [] }),
      documentsIn('root', [lease]),
      route(routeOf(routes.list, undefined, { folderId: 'root', archived: 'true' }), {
        body: [summaryOf(lease), summaryOf(old)],
      }),
      route(routeOf(routes.unarchive, { id: 17 }), { status: 500, body: {} }),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 1);
    await click(button('Show Archived'));
    await waitFor(() => cards().length === 2);
    expect(button('Hide Archived').getAttribute('aria-pressed')).toBe('true');
    expect(document.body.querySelector('[data-testid="document-17"]')!.textContent).toContain('Archived');
    await pickMenuItem('Actions for old.pdf', 'Unarchive');
    await waitFor(() => screen.toasts.length > 0);
    expect(calls.some((c) => c.method === 'PATCH' && c.url === endpointUrl(routes.unarchive, { id: 17 }))).toBe(true);
    // No message from the server: the title says it all.
    expect(screen.toasts).toEqual([
      { title: 'Failed to unarchive document', description: undefined, variant: 'destructive' },
    ]);
  });

  it("asks before deleting a document, then toasts 'Failed to delete document' on failure", async () => {
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: [] }),
      documentsIn('root', [lease]),
      route(routeOf(routes.remove, { id: 11 }), { status: 500, body: { message: 'Storage unavailable' } }),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 1);
    await pickMenuItem('Actions for lease.pdf', 'Delete');
    await waitFor(() => allByText('Delete "lease.pdf"?').length > 0);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await click(byText('Delete', '.ant-modal-confirm button span'));
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.toasts[0]).toEqual({
      title: 'Failed to delete document',
      description: 'Storage unavailable',
      variant: 'destructive',
    });
  });

  it('deletes a folder after a confirm that says its contents move up, and toasts the failure', async () => {
    mockFetch(
      route(routeOf(routes.folders), { body: folders }),
      documentsIn('root', []),
      route(routeOf(routes.removeFolder, { id: 1 }), { status: 500, body: { message: 'Try again later' } }),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => allByText('Work').length > 0);
    await pickMenuItem('Actions for folder Work', 'Delete Folder');
    await waitFor(() => allByText('Delete the folder "Work"?').length > 0);
    expect(document.body.querySelector('.ant-modal-confirm')!.textContent).toContain(
      'Its 2 documents and any subfolders move up to Root.',
    );
    await click(byText('Delete', '.ant-modal-confirm button span'));
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.toasts[0]).toEqual({
      title: 'Failed to delete folder',
      description: 'Try again later',
      variant: 'destructive',
    });
  });

  it('moves a document with the Move dialog and toasts success', async () => {
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: folders }),
      documentsIn('root', [lease]),
      route(routeOf(routes.move, { id: 11 }), { body: summaryOf({ ...lease, folderId: 3 }) }),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => cards().length === 1);
    await pickMenuItem('Actions for lease.pdf', 'Move');
    await waitFor(() => allByText('Move Document').length > 0);
    expect(button('Move').closest('button')!.disabled).toBe(true);
    // Pick Taxes in the tree.
    const select = document.body.querySelector('.ant-modal .ant-select')!;
    await act(async () => {
      select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => allByText('Taxes', '.ant-select-tree-title').length > 0);
    await click(byText('Taxes', '.ant-select-tree-title'));
    await click(button('Move'));
    await waitFor(() => screen.toasts.length > 0);
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: endpointUrl(routes.move, { id: 11 }),
      body: { folderId: 3 },
    });
    expect(screen.toasts[0]).toEqual({ title: 'Document moved' });
  });
});

describe('DocumentsPage: search', () => {
  it('searches every folder, says so, and shows where each match is and what matched', async () => {
    const found = aDocument({ id: 41, originalName: 'offer.docx', folderId: 2, match: '…the salary offer of…' });
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: folders }),
      documentsIn('root', [lease]),
      route(routeOf(routes.list, undefined, { q: 'salary' }), { body: [summaryOf(found)] }),
    );
    renderScreen(<DocumentsPage />, { path: '/documents?folder=1' });
    const search = await waitFor(() =>
      document.body.querySelector<HTMLInputElement>('input[aria-label="Search documents"]')!,
    );
    await type(search, 'salary');
    await waitFor(() => cards()[0] === 'offer.docx');
    expect(calls.map((c) => c.url)).toContain(endpointUrl(routes.list, undefined, { q: 'salary' }));
    expect(document.body.textContent).toContain('Results from all folders for “salary” · 1 result');
    const card = document.body.querySelector('[data-testid="document-41"]')!;
    expect(card.textContent).toContain('…the salary offer of…');
    expect(card.textContent).toContain('Work / Contracts');
    // Folders are not listed during a search.
    expect(document.body.querySelector('[data-testid^="folder-"]')).toBeNull();
  });
});
