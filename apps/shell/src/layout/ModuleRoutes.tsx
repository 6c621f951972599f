import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { useRemoteModules } from '../federation/remote-modules';
import { RemoteBoundary } from '../federation/RemoteBoundary';
import { RemoteFallback } from '../federation/RemoteFallback';
import { useRegistryRefresh } from '../federation/useRegistryRefresh';
import { PageSpinner } from '../pages/PageSpinner';
import { AdminPage, LockedModulePage, NotFoundPage, ProfilePage, ResetPasswordPage, VerifyEmailPage } from '../pages/ShellPages';

/** The shell's own screens; a module cannot claim these paths. */
const SHELL_ROUTES: { path: string; title: string; element: ReactNode }[] = [
  { path: '/profile', title: 'Profile', element: <ProfilePage /> },
  { path: '/admin', title: 'Admin Panel', element: <AdminPage /> },
  { path: '/verify-email', title: 'Confirm your email address', element: <VerifyEmailPage /> },
  { path: '/reset-password', title: 'Choose a new password', element: <ResetPasswordPage /> },
];

/** The routes come from the registry and the loaded remotes; the shell hard-codes no module. */
export function ModuleRoutes() {
  const { registry, registryError, locked, states, load, retry } = useRemoteModules();
  const { pathname } = useLocation();
  useRegistryRefresh();

  useEffect(() => {
    if (!registry) void load();
  }, [registry, load]);

  if (registryError) {
    return (
      <Alert type="error" showIcon title="Could not load your modules" description="The module list is unavailable. Check your connection and try again."
        action={<Button onClick={() => void load()}>Retry</Button>} />
    );
  }
  if (!registry) return <PageSpinner />;

  const routes: { path: string; element: ReactNode }[] = [];
  const claimed = new Set<string>(SHELL_ROUTES.map((r) => r.path));
  for (const entry of registry) {
    const state = states[entry.id];
    if (state?.status === 'ready') {
      for (const route of state.module.routes) {
        if (claimed.has(route.path)) continue;
        claimed.add(route.path);
        routes.push({
          path: route.path,
          element: (
            <RemoteBoundary title={entry.title} resetKey={pathname} onRetry={() => retry(entry.id)}>
              <Suspense fallback={<PageSpinner />}>
                <route.Component />
              </Suspense>
            </RemoteBoundary>
          ),
        });
      }
    }
    // Paths the registry gives the module that it has not (or could not) claim: spinner or fallback.
    for (const path of entry.routes) {
      if (claimed.has(path)) continue;
      if (!state || state.status === 'loading') routes.push({ path, element: <PageSpinner /> });
      else if (state.status === 'failed') routes.push({ path, element: <RemoteFallback title={entry.title} onRetry={() => retry(entry.id)} /> });
    }
  }
  const firstPage = routes.find((r) => r.path !== '/')?.path;
  // Paths of modules this user may not use say why, rather than 404 (unless a usable module owns them).
  const lockedRoutes = locked.flatMap((entry) =>
    entry.routes.filter((path) => !claimed.has(path) && !routes.some((r) => r.path === path)).map((path) => ({ path, entry })),
  );

  return (
    <Routes>
      {routes.map((r) => (
        <Route key={r.path} path={r.path === '/' ? '/' : `${r.path}/*`} element={r.element} />
      ))}
      {SHELL_ROUTES.map((r) => (
        <Route
          key={r.path}
          path={`${r.path}/*`}
          element={
            <RemoteBoundary title={r.title} resetKey={pathname} onRetry={async () => window.location.reload()}>
              <Suspense fallback={<PageSpinner />}>{r.element}</Suspense>
            </RemoteBoundary>
          }
        />
      ))}
      {lockedRoutes.map(({ path, entry }) => (
        <Route key={`locked:${path}`} path={path === '/' ? '/' : `${path}/*`} element={<Suspense fallback={<PageSpinner />}><LockedModulePage entry={entry} /></Suspense>} />
      ))}
      {!routes.some((r) => r.path === '/') && !lockedRoutes.some((r) => r.path === '/') && firstPage && <Route path="/" element={<Navigate to={firstPage} replace />} />}
      <Route path="/sign-in" element={<Navigate to="/" replace />} />
      <Route path="*" element={<Suspense fallback={<PageSpinner />}><NotFoundPage /></Suspense>} />
    </Routes>
  );
}
