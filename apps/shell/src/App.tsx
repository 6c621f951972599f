import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@aide/api-client';
import { useAuth } from './auth/useAuth';
import { SignInPage } from './auth/SignInPage';
import { HostProvider } from './host/HostProvider';
import { AppLayout } from './layout/AppLayout';
import { ModuleRoutes } from './layout/ModuleRoutes';
import { PageSpinner } from './pages/PageSpinner';
import { antdTheme } from './theme/antd-theme';
import { useResolvedTheme } from './theme/theme-store';

function Frame({ mode }: { mode: 'light' | 'dark' }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Loading Aide…" />;
  if (!user) return <SignInPage />;
  return (
    <HostProvider user={user} themeMode={mode}>
      <AppLayout user={user} mode={mode}>
        <ModuleRoutes />
      </AppLayout>
    </HostProvider>
  );
}

/** One ConfigProvider, one antd App (toasts), one QueryClient and one router serve every remote. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const mode = useResolvedTheme();
  return (
    <ConfigProvider theme={antdTheme(mode)}>
      {/* Spec §9: at most one toast visible, 5 s by default. */}
      <AntApp notification={{ maxCount: 1, duration: 5, placement: 'topRight' }} style={{ minHeight: '100vh' }}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Frame mode={mode} />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
