import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import { setLocale } from '@aide/i18n';
import { useAuth } from './auth/useAuth';
import { useAntdLocale } from './i18n/antd-locale';
import { LanguageSync } from './i18n/LanguageSync';
import { useT } from './i18n';
import { HostProvider } from './host/HostProvider';
import { AppLayout } from './layout/AppLayout';
import { ModuleRoutes } from './layout/ModuleRoutes';
import { PageSpinner } from './pages/PageSpinner';
import { TwoFactorEnrolmentGate } from './profile/two-factor/TwoFactorEnrolmentGate';
import { antdTheme } from './theme/antd-theme';
import { useTheme } from './theme/ThemeProvider';
import { usePrefersReducedMotion } from './theme/theme-store';

// Signed-in users never need the landing page's or the sign-in form's code, and visitors never need the shell's.
const LandingPage = lazy(() => import('./landing/LandingPage'));
const SignInPage = lazy(() => import('./auth/SignInPage').then((m) => ({ default: m.SignInPage })));
const ForgotPasswordPage = lazy(() =>
  import('./auth/account/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./auth/account/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('./auth/account/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);

/** Spec §2: spinner while auth loads; signed out, the landing page on every route but /sign-in and the pages the app's mail links to. */
function Frame() {
  const { user, isLoading } = useAuth();
  const t = useT();
  if (isLoading) return <PageSpinner label={t('frame.loading')} />;
  if (!user) {
    return (
      <Routes>
        <Route
          path="/sign-in"
          element={
            <Suspense fallback={<PageSpinner />}>
              <SignInPage />
            </Suspense>
          }
        />
        <Route
          path="/forgot-password"
          element={
            <Suspense fallback={<PageSpinner />}>
              <ForgotPasswordPage />
            </Suspense>
          }
        />
        <Route
          path="/reset-password"
          element={
            <Suspense fallback={<PageSpinner />}>
              <ResetPasswordPage />
            </Suspense>
          }
        />
        <Route
          path="/verify-email"
          element={
            <Suspense fallback={<PageSpinner />}>
              <VerifyEmailPage />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <Suspense fallback={<PageSpinner />}>
              <LandingPage />
            </Suspense>
          }
        />
      </Routes>
    );
  }
  return (
    <TwoFactorEnrolmentGate>
      <LanguageSync />
      <HostProvider user={user}>
        <AppLayout user={user}>
          <ModuleRoutes />
        </AppLayout>
      </HostProvider>
    </TwoFactorEnrolmentGate>
  );
}

/**
 * Everything antd: the theme, toasts (antd App), the router and the signed-in frame. App.tsx loads
 * this chunk beside the sign-in check, so the first paint does not wait for antd.
 * The antd theme follows the ThemeProvider's resolved mode and the OS's reduced-motion setting.
 */
export default function ShellFrame() {
  const { mode } = useTheme();
  const reducedMotion = usePrefersReducedMotion();
  const antdLocale = useAntdLocale();
  return (
    <ConfigProvider theme={antdTheme(mode, reducedMotion)} locale={antdLocale}>
      {/* Spec §9: at most one toast visible, 5 s by default. */}
      <AntApp notification={{ maxCount: 1, duration: 5, placement: 'topRight' }} style={{ minHeight: '100vh' }}>
        <BrowserRouter>
          <Frame />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}

/** App.tsx applies the first paint's language before the frame mounts (catalogs, dayjs and antd locales). */
export const applyLocale = setLocale;
