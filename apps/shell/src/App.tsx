import { lazy, Suspense } from 'react';
import { initialLocale } from '@aide/i18n/locales';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@aide/api-client';
import { AUTH_QUERY } from './auth/useAuth';
import { BootScreen } from './BootScreen';
import { loadFirstScreen } from './federation/preload';
import { useRemoteModules } from './federation/remote-modules';
import { ThemeProvider } from './theme/ThemeProvider';

// The mark tells the benchmarks (and anyone profiling) which scripts the first paint needed: all
// fetched before it. It costs nothing.
performance.mark('aide:shell-boot');

/**
 * The sign-in check goes out first, before the frame's dozens of chunks fill the browser's six
 * connections; for a signed-in user the module registry and the remotes follow at once, while
 * antd is still loading, instead of after the frame has rendered. So does the profile: its language
 * and time zone are how every screen writes its texts, dates and times, and a screen that drew its
 * data before the profile came (the dashboard's is in before its first render) would draw its times
 * in UTC first, then move them.
 */
const queryClient = createQueryClient();
void queryClient.prefetchQuery(AUTH_QUERY).then(async () => {
  if (!queryClient.getQueryData(AUTH_QUERY.queryKey)) return;
  // Its schema stays out of the first paint's chunk: a chunk of its own, asked for with the registry.
  // (A chunk that fails to load only loses the head start: LanguageSync and the screens ask again.)
  void import('./profile/useProfile')
    .then(({ PROFILE_QUERY }) => queryClient.prefetchQuery(PROFILE_QUERY))
    .catch(() => {});
  await useRemoteModules.getState().load();
  loadFirstScreen(window.location.pathname, queryClient);
});

// The frame (antd, the router, the sign-in and signed-in screens) loads in parallel; until it is
// in, BootScreen is the first paint. Most of the shell's JavaScript is antd, so the page paints
// after a fraction of it.
// The frame shows in the visitor's language from its first render: its catalogs (English is bundled)
// load before it mounts.
const locale = initialLocale();
document.documentElement.lang = locale;
const frame = import('./ShellFrame').then(async (module) => {
  await module.applyLocale(locale);
  return module;
});
const ShellFrame = lazy(() => frame);

/** One theme, one QueryClient, one ConfigProvider, one antd App (toasts) and one router serve every remote. */
export function App() {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<BootScreen locale={locale} />}>
          <ShellFrame />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
