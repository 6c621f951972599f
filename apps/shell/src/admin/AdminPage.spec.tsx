/** @jest-environment jsdom */
import { setScreenWidth } from '../test-dom';
import { setLocale } from '@aide/i18n';
import { act, cleanup, mockFetch, renderScreen, route, testUser, waitFor } from '@aide/testing';
import type { ActivityLog, AuthUser } from '@aide/contracts';
import AdminPage from './AdminPage';
import { ActivityTab } from './ActivityTab';
import { UsersTab } from './UsersTab';

// Screens with antd tables and selects: a few seconds on a shared CPU.
jest.setTimeout(20_000);

const admin: AuthUser = {
  ...testUser,
  role: 'admin',
  email: 'admin@example.test',
  firstName: 'Grace',
  lastName: 'Hopper',
};
const ada: AuthUser = { ...testUser, id: 2, lastLoginAt: '2026-03-03T14:05:00.000Z' };

const row = (id: number, action: string, userId: number | null = 2): ActivityLog => ({
  id,
  createdAt: '2026-03-03T14:05:00.000Z',
  userId,
  action,
  resource: action.split(' ')[1].replace(':id', '7'),
  metadata: { status: 200, params: {} },
});

afterEach(async () => {
  cleanup();
  setScreenWidth(1366);
  await act(() => setLocale('en'));
});

describe('Access Denied', () => {
  it('is the page’s one heading, for a user who is not an admin', async () => {
    mockFetch();
    renderScreen(<AdminPage />, { path: '/admin' });
    const headings = await waitFor(() => Array.from(document.body.querySelectorAll('h1')));
    expect(headings.map((h) => h.textContent)).toEqual(['Access Denied']);
    expect(document.body.textContent).toContain('You need admin privileges to access this page.');
  });
});

describe('Admin Panel → Users', () => {
  const usersApi = () => mockFetch(route('GET /api/admin/users', { body: [admin, ada] }));

  it('lists the users as cards on a phone, each with its role, plan and reset link', async () => {
    setScreenWidth(390);
    usersApi();
    renderScreen(<UsersTab />, { host: { user: admin } });
    const list = await waitFor(() => document.body.querySelector<HTMLElement>('ul[aria-label="Users"]')!);
    expect(document.body.querySelector('table')).toBeNull();
    const cards = Array.from(list.querySelectorAll(':scope > li'));
    expect(cards).toHaveLength(2);
    expect(cards[1].textContent).toContain('Ada Lovelace');
    expect(cards[1].textContent).toContain(ada.email);
    expect(cards[1].querySelector(`[aria-label="Role for ${ada.email}"]`)).not.toBeNull();
    expect(cards[1].querySelector(`[aria-label="Plan for ${ada.email}"]`)).not.toBeNull();
    expect(cards[1].querySelector(`button[aria-label="Reset password for ${ada.email}"]`)).not.toBeNull();
    // Nobody resets their own password from here, as in the table.
    expect(cards[0].querySelector('button[aria-label^="Reset password"]')).toBeNull();
    expect(cards[0].textContent).toContain('You');
  });

  it('keeps the table on a wide screen', async () => {
    usersApi();
    renderScreen(<UsersTab />, { host: { user: admin } });
    const table = await waitFor(() => document.body.querySelector('table')!);
    await waitFor(() => table.textContent?.includes(ada.email));
    expect(document.body.querySelector('ul[aria-label="Users"]')).toBeNull();
  });
});

describe('Admin Panel → Activity', () => {
  it('shows what each change was, in words, in the reader’s language', async () => {
    mockFetch(
      route('GET /api/admin/users', { body: [admin, ada] }),
      route('GET /api/admin/activity-logs', {
        body: [
          row(3, 'PATCH /api/travel/:id/expenses'),
          row(2, 'POST /api/auth/login'),
          row(1, 'PUT /api/travel/:id/souvenirs', null),
        ],
      }),
    );
    renderScreen(<ActivityTab />, { host: { user: admin } });
    const rows = () =>
      Array.from(document.body.querySelectorAll('tbody tr.ant-table-row')).map((r) => r.textContent ?? '');
    await waitFor(() => rows().length === 3 && rows()[0].includes(ada.email));
    expect(rows()[0]).toContain("Updated a trip's expenses");
    expect(rows()[1]).toContain('Signed in');
    expect(rows()[2]).toContain('Changed travel');
    expect(rows()[2]).toContain('Deleted user');

    // The raw route stays beside the sentence, for whoever needs it.
    expect(rows()[0]).toContain('PATCH /api/travel/:id/expenses');

    await act(() => setLocale('fr'));
    await waitFor(() => rows()[0].includes('A mis à jour les dépenses d’un voyage'));
    expect(rows()[1]).toContain('S’est connecté');
    expect(rows()[2]).toContain('A modifié des voyages');
  });

  it('is one column on a phone: the action, then who and when', async () => {
    setScreenWidth(390);
    mockFetch(
      route('GET /api/admin/users', { body: [admin, ada] }),
      route('GET /api/admin/activity-logs', { body: [row(1, 'PATCH /api/tasks/:id')] }),
    );
    renderScreen(<ActivityTab />, { host: { user: admin } });
    const cells = () => Array.from(document.body.querySelectorAll('tbody tr.ant-table-row td'));
    await waitFor(() => cells().length === 1 && cells()[0].textContent?.includes(ada.email));
    expect(cells()[0].textContent).toContain('Updated a task');
    expect(document.body.querySelectorAll('thead th')).toHaveLength(1);
  });
});
