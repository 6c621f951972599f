import { aDocument, summaryOf } from '../../test/factories';
import {
  type,
  button,
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
import { cleanup } from '@aide/testing';
import DocumentsPage from './DocumentsPage';

afterEach(cleanup);

const lease = aDocument({
  id: 11,
  originalName: 'lease.pdf',
  tags: ['home'],
  category: 'Legal',
  summary: 'The flat lease.',
});
const field = (label: string) => {
  const item = Array.from(document.body.querySelectorAll('.ant-modal .ant-form-item')).find(
    (el) => el.querySelector('label')?.textContent === label,
  )!;
  return item.querySelector<HTMLInputElement & HTMLTextAreaElement>('input, textarea')!;
};

async function openEdit(patch: Parameters<typeof route>[1]) {
  const api = mockFetch(
    route(routeOf(routes.folders), { body: [] }),
    route(routeOf(routes.list), { body: [summaryOf(lease)] }),
    route(routeOf(routes.update, { id: 11 }), patch),
  );
  const screen = renderScreen(<DocumentsPage />);
  await waitFor(() => button('Actions for lease.pdf'));
  await pickMenuItem('Actions for lease.pdf', 'Edit');
  await waitFor(() => field('Name')?.value === 'lease.pdf');
  return { ...screen, calls: api.calls };
}

describe('Edit Document', () => {
  it('starts from the document, tags as comma-separated text', async () => {
    await openEdit({ body: {} });
    expect(field('Tags').value).toBe('home');
    expect(field('Summary').value).toBe('The flat lease.');
    expect(document.body.querySelector('.ant-modal .ant-select')!.textContent).toContain('Legal');
  });

  it('sends the tags as a list (trimmed, blanks dropped, no repeats) and a blank summary as null', async () => {
    const screen = await openEdit((call) => ({ body: { ...lease, ...(call.body as object) } }));
    await type(field('Name'), 'flat lease 2026.pdf');
    await type(field('Tags'), ' home,  rent ,, legal, rent ');
    await type(field('Summary'), '   ');
    await click(button('Save Changes'));
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: endpointUrl(routes.update, { id: 11 }),
      body: { originalName: 'flat lease 2026.pdf', category: 'Legal', tags: ['home', 'rent', 'legal'], summary: null },
    });
    expect(screen.toasts).toEqual([{ title: 'Document updated' }]);
  });

  it("shows the contract's message for a blank name and sends nothing", async () => {
    const screen = await openEdit({ body: {} });
    await type(field('Name'), '  ');
    await click(button('Save Changes'));
    await waitFor(() => document.body.textContent!.includes('Document name is required'));
    expect(screen.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("shows a tag's own limit under Tags", async () => {
    await openEdit({ body: {} });
    await type(field('Tags'), `ok, ${'x'.repeat(51)}`);
    await click(button('Save Changes'));
    await waitFor(() => document.body.textContent!.includes('Tag must be at most 50 characters'));
  });

  it("toasts 'Failed to update document' with the server's message", async () => {
    const screen = await openEdit({
      status: 400,
      body: { message: 'Document name must not contain / or \\, control characters, or start with a dot' },
    });
    await click(button('Save Changes'));
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.toasts[0]).toMatchObject({ title: 'Failed to update document', variant: 'destructive' });
    expect(screen.toasts[0].description).toContain('must not contain');
  });
});
