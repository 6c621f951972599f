import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@aide/api-client';
import { AUTH_QUERY } from './auth/useAuth';
import { BootScreen } from './BootScreen';
import { ThemeProvider } from './theme/ThemeProvider';

// The frame (antd, the router, the sign-in and signed-in screens) starts loading as soon as this
// module runs, in parallel with the sign-in check below; until it is in, BootScreen is the first
// paint. Most of the shell's JavaScript is antd, so the page paints after a fraction of it.
// The mark tells the benchmarks (and anyone profiling) which scripts the first paint needed: all
// fetched before it. It costs nothing.
performance.mark('aide:shell-boot');
const frame = import('./ShellFrame');
const ShellFrame = lazy(() => frame);

function createClientCheckingSignIn() {
  const client = createQueryClient();
  void client.prefetchQuery(AUTH_QUERY);
  return client;
}

/** One theme, one QueryClient, one ConfigProvider, one antd App (toasts) and one router serve every remote. */
export function App() {
  const [queryClient] = useState(createClientCheckingSignIn);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<BootScreen />}>
          <ShellFrame />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
