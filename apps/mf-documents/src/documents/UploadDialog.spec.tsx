import { DOCUMENT_MESSAGES } from '@aide/contracts';
import { aDocument, summaryOf } from '../../test/factories';
import {
  button,
  chooseFiles,
  click,
  FakeXhr,
  installFakeXhr,
  mockFetch,
  endpointUrl,
  queryKeyOf,
  renderScreen,
  route,
  routeOf,
  routes,
  settle,
  waitFor,
} from '../../test/harness';
import { act, cleanup } from '@aide/testing';
import UploadDialog, { failureDescription, type UploadItem } from './UploadDialog';

const realXhr = globalThis.XMLHttpRequest;
beforeEach(installFakeXhr);
afterEach(() => {
  cleanup();
  globalThis.XMLHttpRequest = realXhr;
});

const file = (name: string, size = 2048, type = 'application/pdf') => new File(['x'.repeat(size)], name, { type });
const rows = () => Array.from(document.body.querySelectorAll<HTMLLIElement>('.aide-docs-upload-list > li'));
const row = (name: string) => rows().find((li) => li.getAttribute('aria-label') === name)!;
const fileInput = () => document.body.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;

function open(folderId: number | null = null) {
  const onClose = jest.fn();
  const screen = renderScreen(
    <UploadDialog open folderId={folderId} folderLabel={folderId ? 'Work' : 'Root'} onClose={onClose} />,
  );
  return { ...screen, onClose };
}

describe('UploadDialog', () => {
  it('asks for at least one file (spec §5) and sends nothing', async () => {
    mockFetch();
    open();
    await click(button('Upload'));
    await waitFor(() => document.body.textContent!.includes(DOCUMENT_MESSAGES.fileRequired));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("uploads each file in its own request, showing that file's progress and the server's answer", async () => {
    mockFetch(route(routeOf(routes.list), { body: [] }));
    const screen = open(4);
    await chooseFiles(fileInput(), [file('lease.pdf'), file('setup.exe', 4096, 'application/octet-stream')]);
    expect(rows().map((li) => li.getAttribute('aria-label'))).toEqual(['lease.pdf', 'setup.exe']);
    expect(row('lease.pdf').textContent).toContain('Ready');

    await click(button('Upload 2 files'));
    await waitFor(() => FakeXhr.sent.length === 1);
    const first = FakeXhr.sent[0];
    expect([first.method, first.url, first.withCredentials]).toEqual([
      routes.upload.method,
      endpointUrl(routes.upload),
      true,
    ]);
    expect(first.fields()).toEqual({ folderId: '4', files: 'lease.pdf' });

    // The first file's own progress bar moves; the second waits.
    await act(async () => first.progress(512, 2048));
    expect(row('lease.pdf').querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('25');
    expect(row('setup.exe').textContent).toContain('Ready');
    await act(async () => first.progress(1536, 2048));
    expect(row('lease.pdf').querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('75');

    await act(async () => first.respond(201, { documents: [summaryOf(aDocument({ originalName: 'lease.pdf' }))] }));
    await waitFor(() => FakeXhr.sent.length === 2);
    expect(row('lease.pdf').textContent).toContain('Uploaded');
    expect(FakeXhr.sent[1].fields()).toEqual({ folderId: '4', files: 'setup.exe' });

    // The second is refused: its row says why, in the server's words.
    await act(async () => FakeXhr.sent[1].respond(415, { message: DOCUMENT_MESSAGES.executableRefused }));
    await waitFor(() => row('setup.exe').getAttribute('data-status') === 'error');
    expect(row('setup.exe').textContent).toContain(DOCUMENT_MESSAGES.executableRefused);
    expect(row('lease.pdf').getAttribute('data-status')).toBe('done');

    expect(screen.toasts).toEqual([
      {
        title: 'Upload failed',
        description: `setup.exe: ${DOCUMENT_MESSAGES.executableRefused}`,
        variant: 'destructive',
      },
    ]);
    // It stays open to show what failed, and offers to try the failed file again.
    expect(screen.onClose).not.toHaveBeenCalled();
    expect(button('Retry')).toBeTruthy();
  });

  it("shows the Free plan's 403 message on the file it refused", async () => {
    mockFetch(route(routeOf(routes.list), { body: [] }));
    const screen = open();
    await chooseFiles(fileInput(), [file('sixth.pdf')]);
    await click(button('Upload'));
    await waitFor(() => FakeXhr.sent.length === 1);
    expect(FakeXhr.sent[0].fields()).toEqual({ files: 'sixth.pdf' });
    await act(async () => FakeXhr.sent[0].respond(403, { message: DOCUMENT_MESSAGES.freePlanLimit }));
    await waitFor(() => row('sixth.pdf').getAttribute('data-status') === 'error');
    expect(row('sixth.pdf').textContent).toContain(DOCUMENT_MESSAGES.freePlanLimit);
    expect(screen.toasts).toEqual([
      { title: 'Upload failed', description: DOCUMENT_MESSAGES.freePlanLimit, variant: 'destructive' },
    ]);
  });

  it('toasts success, refetches the lists and closes when every file is stored', async () => {
    mockFetch();
    const screen = open();
    // A list and the folders in the cache, as the screen would hold them.
    const listKey = queryKeyOf(routes.list, { query: { folderId: 'root' } });
    screen.client.setQueryData(listKey, []);
    screen.client.setQueryData(queryKeyOf(routes.folders), []);
    await chooseFiles(fileInput(), [file('a.pdf'), file('b.pdf')]);
    await click(button('Upload 2 files'));
    for (const index of [0, 1]) {
      await waitFor(() => FakeXhr.sent.length === index + 1);
      await act(async () => FakeXhr.sent[index].respond(201, { documents: [] }));
    }
    await waitFor(() => screen.toasts.length === 1);
    expect(screen.toasts).toEqual([{ title: '2 documents uploaded' }]);
    expect(screen.onClose).toHaveBeenCalled();
    await settle();
    expect(screen.client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(screen.client.getQueryState(queryKeyOf(routes.folders))?.isInvalidated).toBe(true);
  });
});

describe('failureDescription', () => {
  const item = (name: string, message: string): UploadItem => ({
    uid: name,
    file: new File([], name),
    status: 'error',
    percent: null,
    message,
  });
  it('gives the one reason, or how many failed', () => {
    expect(failureDescription([item('a.pdf', 'Too big')], 1)).toBe('Too big');
    expect(failureDescription([item('a.pdf', 'Too big')], 3)).toBe('a.pdf: Too big');
    expect(failureDescription([item('a.pdf', 'Limit'), item('b.pdf', 'Limit')], 3)).toBe('2 of 3 files failed. Limit');
  });
});
