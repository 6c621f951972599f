/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ApiError } from '@aide/api-client';
import type { AuthUser } from '@aide/contracts';
import { defineModule, MODULE_EXPOSE, type HostApi, type ToastInput } from './contract';
import { HostContext, useHost } from './host-context';
import { useFetchFailureToast, type FetchState } from './use-fetch-failure-toast';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user: AuthUser = {
  id: 1,
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  role: 'user',
  plan: 'free',
  status: 'active',
  emailVerified: true,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function hostWithToasts() {
  const toasts: ToastInput[] = [];
  const host: HostApi = {
    user,
    toast: (t) => toasts.push(t),
    navigate: jest.fn(),
    theme: { mode: 'light' },
    Slot: () => null,
    dashboard: { visible: [], all: [], hidden: [], saveLayout: () => Promise.resolve() },
  };
  return { host, toasts };
}

describe('defineModule', () => {
  it('hands back the module as written, exposed under "module"', () => {
    const module = { id: 'notes', version: '1.0.0', routes: [], nav: [{ path: '/notes', label: 'Notes', order: 5 }] };
    expect(defineModule(module)).toBe(module);
    expect(MODULE_EXPOSE).toBe('module');
  });
});

describe('useHost', () => {
  function Greeting() {
    return <p>{`Hello ${useHost().user.firstName}`}</p>;
  }

  it('reads what the shell provides', () => {
    const { host } = hostWithToasts();
    expect(
      renderToString(
        <HostContext.Provider value={host}>
          <Greeting />
        </HostContext.Provider>,
      ),
    ).toContain('Hello Ada');
  });

  it('says plainly when a screen is rendered outside the shell', () => {
    expect(() => renderToString(<Greeting />)).toThrow(
      'useHost must be used inside the Aide shell (HostContext is missing)',
    );
  });
});

describe('useFetchFailureToast', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
  });

  function Screen({ query }: { query: FetchState }) {
    useFetchFailureToast(query, 'Failed to fetch documents');
    return null;
  }

  function renderWith(host: HostApi) {
    root = createRoot(document.createElement('div'));
    return (query: FetchState) =>
      act(() =>
        root!.render(
          <HostContext.Provider value={host}>
            <Screen query={query} />
          </HostContext.Provider>,
        ),
      );
  }

  const ok: FetchState = { isError: false, isFetching: false, errorUpdatedAt: 0, error: null };
  const serverError = new ApiError(500, JSON.stringify({ message: 'Database unavailable' }), 'Internal Server Error');

  it('toasts once per failed fetch, with why it failed', () => {
    const { host, toasts } = hostWithToasts();
    const show = renderWith(host);
    show(ok);
    show({ ...ok, isFetching: true });
    expect(toasts).toEqual([]);
    const failed = { isError: true, isFetching: false, errorUpdatedAt: 1000, error: serverError };
    show(failed);
    show({ ...failed });
    expect(toasts).toEqual([
      { title: 'Failed to fetch documents', description: 'Database unavailable', variant: 'destructive' },
    ]);
  });

  it('toasts again when a retry fails again, not while it runs', () => {
    const { host, toasts } = hostWithToasts();
    const show = renderWith(host);
    show({ isError: true, isFetching: false, errorUpdatedAt: 1000, error: serverError });
    show({ isError: true, isFetching: true, errorUpdatedAt: 1000, error: serverError });
    expect(toasts).toHaveLength(1);
    show({ isError: true, isFetching: false, errorUpdatedAt: 2000, error: new TypeError('Failed to fetch') });
    expect(toasts).toHaveLength(2);
    expect(toasts[1].description).toBe('Could not reach the server: check your connection and try again');
  });

  it('leaves a 401 to the shell, which asks the user to sign in again', () => {
    const { host, toasts } = hostWithToasts();
    const show = renderWith(host);
    show({
      isError: true,
      isFetching: false,
      errorUpdatedAt: 1000,
      error: new ApiError(401, '{"message":"Unauthorized"}', 'Unauthorized'),
    });
    expect(toasts).toEqual([]);
  });
});
