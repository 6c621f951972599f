import { aDocument, summaryOf } from '../../test/factories';
import { byText, mockFetch, renderScreen, route, routeOf, routes, waitFor } from '../../test/harness';
import { act, cleanup } from '@aide/testing';
import { setLocale } from '@aide/i18n';
import DocumentsPage from './DocumentsPage';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

/** Intl may write no-break spaces: compared as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const card = (id: number) => document.body.querySelector<HTMLElement>(`[data-testid="document-${id}"]`)!;
const sizeOf = (id: number) => plain(card(id).querySelector('.ant-typography-secondary')!.textContent).split(' · ')[0];

const small = aDocument({ id: 21, originalName: 'a.txt', size: 1946 });
const odd = aDocument({ id: 22, originalName: 'b.txt', size: 1137 });
const tiny = aDocument({ id: 23, originalName: 'c.txt', size: 512 });
const big = aDocument({ id: 24, originalName: 'd.pdf', size: 25 * 1024 * 1024, category: 'Legal' });

async function screen() {
  mockFetch(
    route(routeOf(routes.folders), { body: [] }),
    route(routeOf(routes.list, undefined, { folderId: 'root' }), { body: [small, odd, tiny, big].map(summaryOf) }),
  );
  renderScreen(<DocumentsPage />);
  await waitFor(() => card(24));
}

describe('File sizes (spec §9, issue 22)', () => {
  it('have one decimal above bytes, so a list lines up (1.9 KB beside 1.1 KB, not 1.11 KB)', async () => {
    await screen();
    expect([21, 22, 23, 24].map(sizeOf)).toEqual(['1.9 KB', '1.1 KB', '512 Bytes', '25.0 MB']);
  });

  it("follow the language's decimal comma and units", async () => {
    await screen();
    await act(() => setLocale('fr'));
    await waitFor(() => byText('Importer', 'span'));
    expect([21, 22, 23, 24].map(sizeOf)).toEqual(['1,9 Ko', '1,1 Ko', '512 octets', '25,0 Mo']);
  });
});

describe('DocumentsPage in another language', () => {
  it('switches without a reload: heading, buttons, categories and dates', async () => {
    await screen();
    expect(card(24).textContent).toContain('Mar 3, 2026');
    await act(() => setLocale('de'));
    await waitFor(() => byText('Dokumente', 'h1'));
    expect(byText('Hochladen', 'span')).toBeTruthy();
    expect(card(24).textContent).toContain('Recht');
    expect(card(24).textContent).toContain('3. März 2026');
    expect(sizeOf(21)).toBe('1,9 KB');
  });
});
