import { memo, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { usePreloadWhenIdle } from '../federation/preload';
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
import { useT } from '../i18n';
import { moduleTitle } from './moduleTitles';
import { planRoutes } from './routePlan';

/** The shell's own screens; a module cannot claim these paths. */
const SHELL_ROUTES = [
  { path: '/profile', titleKey: 'nav.profile', element: <ProfilePage /> },
  { path: '/admin', titleKey: 'nav.admin', element: <AdminPage /> },
  { path: '/verify-email', titleKey: 'routes.verifyEmail', element: <VerifyEmailPage /> },
  { path: '/reset-password', titleKey: 'routes.resetPassword', element: <ResetPasswordPage /> },
] as const satisfies readonly { path: string; titleKey: string; element: ReactNode }[];

/** A path of a module whose code is not here yet: a spinner while it loads (a described module's starts now). */
function ModuleLoading({ id }: { id: string }) {
  const ensure = useRemoteModules((s) => s.ensure);
  const status = useRemoteModules((s) => s.states[id]?.status);
  useEffect(() => {
    if (status === 'described') void ensure(id);
  }, [ensure, id, status]);
  return <PageSpinner />;
}

/**
 * One module's screen. Memoised on its props: the store changes whenever another module's code
 * arrives (the idle preload), and that must not re-render the screen the person is using.
 */
const ModuleScreen = memo(function ModuleScreen({
  id,
  title,
  Screen,
}: {
  id: string;
  title: string;
  Screen: ComponentType;
}) {
  const retry = useRemoteModules((s) => s.retry);
  const { pathname } = useLocation();
  return (
    <RemoteBoundary title={title} resetKey={pathname} onRetry={() => retry(id)}>
      <Suspense fallback={<PageSpinner />}>
        <Screen />
      </Suspense>
    </RemoteBoundary>
  );
});

/** The routes come from the registry and the described or loaded remotes; the shell hard-codes no module. */
export function ModuleRoutes() {
  const { registry, registryError, locked, states, load, retry } = useRemoteModules();
  const { pathname } = useLocation();
  const t = useT();
  useRegistryRefresh();
  // After the first screen, the other modules' code loads while the browser is idle.
  usePreloadWhenIdle(registry !== null);

  useEffect(() => {
    if (!registry) void load();
  }, [registry, load]);

  if (registryError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('routes.failed')}
        description={t('routes.failedDetail')}
        action={<Button onClick={() => void load()}>{t('common.retry')}</Button>}
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
        <ModuleScreen
          id={route.entry.id}
          title={moduleTitle(t, route.entry.id, route.entry.title)}
          Screen={route.Component}
        />
      ) : route.kind === 'loading' ? (
        <ModuleLoading id={route.entry.id} />
      ) : (
        <RemoteFallback
          title={moduleTitle(t, route.entry.id, route.entry.title)}
          onRetry={() => retry(route.entry.id)}
        />
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
            <RemoteBoundary title={t(r.titleKey)} resetKey={pathname} onRetry={async () => window.location.reload()}>
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
