import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { endpointUrl, setUnauthorizedHandler } from '@aide/api-client';
import { type AuthUser, authEndpoints } from '@aide/contracts';
import { HostContext, type HostApi, type ToastInput } from '@aide/module-kit';
import { preloadScreen } from '../federation/preload';
import { t as translate } from '../i18n/visitor';
import { StreamListeners } from '../stream/stream-listeners';
import { useEventStream } from '../stream/useEventStream';
import { useTheme } from '../theme/ThemeProvider';
import { ModuleSlot } from './ModuleParts';
import { useDashboardHost } from './useDashboardHost';

/**
 * Gives every remote the signed-in user, toasts, navigation, the theme, live events, and what the
 * modules contribute to each other: slot fills and dashboard widgets (see libs/module-kit). Mounted
 * only while signed in, so it holds the one event stream too.
 */
export function HostProvider({ user, children }: { user: AuthUser; children: ReactNode }) {
  const { mode: themeMode } = useTheme();
  const { notification } = AntApp.useApp();
  const navigate = useNavigate();
  const [streamListeners] = useState(() => new StreamListeners());
  useEventStream(streamListeners);
  const dashboard = useDashboardHost();

  const toasts = useRef(0);
  const toast = useMemo(
    () => (t: ToastInput) => {
      const show = t.variant === 'destructive' ? notification.error : notification.success;
      // Spec §9: at most one toast; maxCount 1 (ShellFrame) makes a new one replace the shown one.
      // Each gets its own key: reopening a key only swaps the text and keeps the old one's close
      // timer, so a toast that came 4 s after another vanished after 1 s.
      show({ key: `aide-toast-${++toasts.current}`, title: t.title, description: t.description });
    },
    [notification],
  );

  // Spec §6/§8: a 401 on any call means the session ended: 'Unauthorized – You are logged out.
  // Logging in again...' (title and description), then sign in again after 500 ms.
  // Several calls failing at once still give one toast and one redirect.
  useEffect(() => {
    let redirecting = false;
    return setUnauthorizedHandler(() => {
      if (redirecting) return;
      redirecting = true;
      toast({
        title: translate('pages.unauthorized.title'),
        description: translate('pages.unauthorized.description'),
        variant: 'destructive',
      });
      setTimeout(() => window.location.assign(endpointUrl(authEndpoints.login)), 500);
    });
  }, [toast]);

  const host = useMemo<HostApi>(
    // BrowserRouter's navigate is synchronous; its `void | Promise` type only matters to data routers.
    () => ({
      user,
      toast,
      navigate: (to: string) => void navigate(to),
      preload: preloadScreen,
      theme: { mode: themeMode },
      onStreamEvent: streamListeners.subscribe,
      // Both follow the registry: a module an admin switches off takes its fills and widgets with it.
      Slot: ModuleSlot,
      dashboard,
    }),
    [user, toast, navigate, themeMode, streamListeners, dashboard],
  );
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}
