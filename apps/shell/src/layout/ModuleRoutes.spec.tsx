/** @jest-environment jsdom */
import '../test-dom';
import { act } from 'react';
import { cleanup, render, waitFor } from '@aide/testing';
import type { ModuleRegistryEntry } from '@aide/contracts';
import type { RemoteModule } from '@aide/module-kit';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@aide/api-client';
import { useRemoteModules, type ModuleState } from '../federation/remote-modules';
import { ModuleRoutes } from './ModuleRoutes';

// The store imports the federation runtime; these tests set the store's state themselves.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const entry = (id: string, path: string): ModuleRegistryEntry => ({
  id,
  title: id,
  routes: [path],
  manifestUrl: `/remotes/${id}/mf-manifest.json`,
});

const ready = (id: string, path: string, Component: () => React.ReactNode): ModuleState => ({
  status: 'ready',
  module: { id, version: '1.0.0', routes: [{ path, Component }], nav: [] } satisfies RemoteModule,
});

afterEach(() => {
  cleanup();
  useRemoteModules.setState({ registry: null, states: {}, locked: [] });
});

describe('ModuleRoutes', () => {
  it("does not re-render the screen being shown when another module's code arrives", async () => {
    const registry = [entry('organiser', '/calendar'), entry('email', '/email')];
    // The routes re-read the registry on every navigation; that read stays unanswered here.
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    let renders = 0;
    function Calendar() {
      renders += 1;
      return <h1>Calendar</h1>;
    }
    act(() =>
      useRemoteModules.setState({
        registry,
        locked: [],
        states: { organiser: ready('organiser', '/calendar', Calendar), email: { status: 'loading' } },
      }),
    );
    const container = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/calendar']}>
          <ModuleRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => container.querySelector('h1')?.textContent === 'Calendar');
    const before = renders;

    // The idle preload finishes loading the email module while the calendar is on screen.
    act(() =>
      useRemoteModules.setState((s) => ({
        states: { ...s.states, email: ready('email', '/email', () => <h1>Email</h1>) },
      })),
    );

    expect(container.querySelector('h1')?.textContent).toBe('Calendar');
    expect(renders).toBe(before);
  });
});
