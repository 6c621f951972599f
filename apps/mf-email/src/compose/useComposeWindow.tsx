import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useComposeT } from '../i18n/compose';

// The window and its editor load on the first New Message, not with the email screen.
const ComposeWindow = lazy(() => import('./ComposeWindow'));

interface WindowState {
  open: boolean;
  draftId: number | null;
  /** A new key per opening: a fresh window, its own draft. */
  key: number;
}

/** The New Message button for the email screen's header, and the window it opens (also for a draft). */
export function useComposeWindow(): { button: ReactNode; window: ReactNode; openDraft: (id: number) => void } {
  const t = useComposeT();
  const [state, setState] = useState<WindowState | null>(null);
  const openWith = (draftId: number | null) => setState((s) => ({ open: true, draftId, key: (s?.key ?? 0) + 1 }));
  return {
    button: (
      <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => openWith(null)}>
        {t('newMessage')}
      </Button>
    ),
    window: state ? (
      <Suspense fallback={null}>
        <ComposeWindow
          key={state.key}
          open={state.open}
          draftId={state.draftId}
          onClose={() => setState((s) => (s ? { ...s, open: false } : s))}
        />
      </Suspense>
    ) : null,
    openDraft: openWith,
  };
}
