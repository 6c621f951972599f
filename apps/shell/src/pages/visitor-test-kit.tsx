/**
 * For the shell's jsdom specs of the visitor pages: the browser pieces jsdom lacks (the remotes' kit,
 * libs/testing, wires the same in through its Jest config), and the providers those pages expect.
 * Import it first, before the components under test.
 */
import '../test-dom';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@aide/api-client';
import { AUTH_QUERY_KEY } from '../auth/useAuth';
import { ThemeProvider } from '../theme/ThemeProvider';

// A screen test takes well under a second on an idle machine; antd's first render in a fresh jsdom takes
// a few, and a CPU shared with other work stretches that: room for it, as the remotes' kit gives.
jest.setTimeout(15_000);

/** Theme, a signed-out QueryClient, toasts and a router at `path`, as the shell's frame gives a visitor's page. */
export function VisitorFrame({
  children,
  path = '/',
  signInChecked = true,
}: {
  children: ReactNode;
  path?: string;
  /** false: the sign-in check has no answer in the cache (it failed, or never ran). */
  signInChecked?: boolean;
}) {
  const client = createQueryClient();
  // Signed out: the auth query has answered 'nobody'.
  if (signInChecked) client.setQueryData(AUTH_QUERY_KEY, null);
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <AntApp>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </AntApp>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
