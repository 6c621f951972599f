import { aFolder } from '../../test/factories';
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
import FolderDialog from './FolderDialog';

afterEach(cleanup);

const nameInput = () =>
  document.body.querySelector<HTMLInputElement>('.ant-modal input[placeholder="e.g. Taxes 2025"]')!;
const checkedColour = () =>
  document.body.querySelector<HTMLInputElement>('.ant-modal input[type="radio"]:checked')?.value;

describe('New Folder', () => {
  it("refuses a blank name with the contract's message, and saves nothing", async () => {
    const onSave = jest.fn(async () => true);
    renderScreen(
      <FolderDialog open folder={null} parentLabel="Root" saving={false} onClose={jest.fn()} onSave={onSave} />,
    );
    await type(nameInput(), '   ');
    await click(button('Create Folder'));
    await waitFor(() => document.body.textContent!.includes('Folder name is required'));
    expect(onSave).not.toHaveBeenCalled();
    expect(nameInput().closest('.ant-form-item')!.className).toContain('ant-form-item-has-error');
  });

  it('starts blue (spec §5) and creates the folder in the open folder', async () => {
    const work = aFolder({ id: 5, name: 'Work' });
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: [work] }),
      route(routeOf(routes.list), { body: [] }),
      route(routeOf(routes.createFolder), (call) => ({
        status: 201,
        body: { ...aFolder(), ...(call.body as object) },
      })),
    );
    const screen = renderScreen(<DocumentsPage />, { path: '/documents?folder=5' });
    await waitFor(() => document.body.querySelector('[aria-current="page"]')?.textContent === 'Work');
    await click(button('New Folder'));
    await waitFor(() => nameInput());
    expect(document.body.querySelector('.ant-modal')!.textContent).toContain('In Work');
    expect(checkedColour()).toBe('blue');

    await type(nameInput(), '  Contracts ');
    await click(document.body.querySelector('.ant-modal input[type="radio"][value="green"]')!);
    await click(button('Create Folder'));
    await waitFor(() => screen.toasts.length > 0);
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: endpointUrl(routes.createFolder),
      body: { name: 'Contracts', color: 'green', parentFolderId: 5 },
    });
    expect(screen.toasts).toEqual([{ title: 'Folder created' }]);
  });

  it("toasts 'Failed to create folder' with the server's message", async () => {
    mockFetch(
      route(routeOf(routes.folders), { body: [] }),
      route(routeOf(routes.list), { body: [] }),
      route(routeOf(routes.createFolder), {
        status: 400,
        body: { message: 'A folder with this name already exists here' },
      }),
    );
    const screen = renderScreen(<DocumentsPage />);
    await click(await waitFor(() => button('New Folder')));
    await waitFor(() => nameInput());
    await type(nameInput(), 'Taxes');
    await click(button('Create Folder'));
    await waitFor(() => screen.toasts.length > 0);
    expect(screen.toasts).toEqual([
      {
        title: 'Failed to create folder',
        description: 'A folder with this name already exists here',
        variant: 'destructive',
      },
    ]);
    // The dialog stays open with what was typed.
    expect(nameInput().value).toBe('Taxes');
  });
});

describe('Edit Folder', () => {
  it('starts from the folder and sends the new name and colour', async () => {
    const taxes = aFolder({ id: 7, name: 'Taxes', color: 'orange' });
    const { calls } = mockFetch(
      route(routeOf(routes.folders), { body: [taxes] }),
      route(routeOf(routes.list), { body: [] }),
      route(routeOf(routes.updateFolder, { id: 7 }), (call) => ({ body: { ...taxes, ...(call.body as object) } })),
    );
    const screen = renderScreen(<DocumentsPage />);
    await waitFor(() => button('Actions for folder Taxes'));
    await pickMenuItem('Actions for folder Taxes', 'Edit Folder');
    await waitFor(() => nameInput()?.value === 'Taxes');
    expect(checkedColour()).toBe('orange');
    await type(nameInput(), 'Taxes 2026');
    await click(button('Save Changes'));
    await waitFor(() => screen.toasts.length > 0);
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: endpointUrl(routes.updateFolder, { id: 7 }),
      body: { name: 'Taxes 2026', color: 'orange' },
    });
    expect(screen.toasts).toEqual([{ title: 'Folder updated' }]);
  });
});
