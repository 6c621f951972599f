import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { useRemoteModules } from '../federation/remote-modules';
import { RemoteBoundary } from '../federation/RemoteBoundary';
import { RemoteFallback } from '../federation/RemoteFallback';
import { useRegistryRefresh } from '../federation/useRegistryRefresh';
import { PageSpinner } from '../pages/PageSpinner';
import {
  AdminPage,
  LockedModulePage,
  NotFoundPage,
  ProfilePage,
  ResetPasswordPage,
  VerifyEmailPage,
} from '../pages/ShellPages';
import { planRoutes } from './routePlan';

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
      <Alert
        type="error"
        showIcon
        title="Could not load your modules"
        description="The module list is unavailable. Check your connection and try again."
        action={<Button onClick={() => void load()}>Retry</Button>}
      />
    );
  }
  if (!registry) return <PageSpinner />;

  const plan = planRoutes(
    registry,
    states,
    locked,
    SHELL_ROUTES.map((r) => r.path),
  );
  const routes = plan.routes.map((route) => ({
    path: route.path,
    element:
      route.kind === 'screen' ? (
        <RemoteBoundary title={route.entry.title} resetKey={pathname} onRetry={() => retry(route.entry.id)}>
          <Suspense fallback={<PageSpinner />}>
            <route.Component />
          </Suspense>
        </RemoteBoundary>
      ) : route.kind === 'loading' ? (
        <PageSpinner />
      ) : (
        <RemoteFallback title={route.entry.title} onRetry={() => retry(route.entry.id)} />
      ),
  }));
  const firstPage = plan.redirectRootTo;
  const lockedRoutes = plan.locked;

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
        <Route
          key={`locked:${path}`}
          path={path === '/' ? '/' : `${path}/*`}
          element={
            <Suspense fallback={<PageSpinner />}>
              <LockedModulePage entry={entry} />
            </Suspense>
          }
        />
      ))}
      {firstPage && <Route path="/" element={<Navigate to={firstPage} replace />} />}
      <Route path="/sign-in" element={<Navigate to="/" replace />} />
      <Route
        path="*"
        element={
          <Suspense fallback={<PageSpinner />}>
            <NotFoundPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
