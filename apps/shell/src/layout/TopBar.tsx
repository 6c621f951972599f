import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Layout, Tooltip, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useT } from '../i18n';
import { BRAND_NAME } from './brand';
import { NotificationBell } from '../notifications/NotificationBell';
import { GlobalSearch } from '../search/GlobalSearch';
import { ThemeMenu } from '../theme/ThemeMenu';

export const TOP_BAR_HEIGHT = 64;

/**
 * The sticky header on every signed-in screen: the global tools (search, theme, notifications).
 * Each screen keeps its own title below it (PageHeader). On a phone the search is an icon that
 * opens a full-width search in the bar itself.
 */
export function TopBar({ leading, compact }: { leading: ReactNode; compact: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  const [searching, setSearching] = useState(false);
  // Leaving the phone layout closes the phone's search (adjusted during render, not in an effect).
  if (!compact && searching) setSearching(false);
  // Closing the phone's search gives focus back to its button, as a dialog gives it back to its opener.
  const searchButton = useRef<HTMLButtonElement>(null);
  const wasSearching = useRef(false);
  useEffect(() => {
    if (wasSearching.current && !searching) searchButton.current?.focus();
    wasSearching.current = searching;
  }, [searching]);

  // Phone: Ctrl/⌘+K (a hardware keyboard) opens the search too.
  useEffect(() => {
    if (!compact) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setSearching(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [compact]);

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: TOP_BAR_HEIGHT,
        lineHeight: 'normal',
        padding: compact ? '0 8px' : '0 24px',
        background: `color-mix(in srgb, ${token.colorBgContainer} 85%, transparent)`,
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={compact ? 4 : 12} style={{ height: '100%' }}>
        {compact && searching ? (
          <>
            <div style={{ flex: 1, minWidth: 0 }}>
              <GlobalSearch autoFocus hotkey={false} onDone={() => setSearching(false)} />
            </div>
            <Button type="text" onClick={() => setSearching(false)}>
              {t('layout.cancel')}
            </Button>
          </>
        ) : (
          <>
            {leading}
            {compact ? (
              <Flex align="center" gap={8} style={{ flex: 1, minWidth: 0 }}>
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <span style={{ fontWeight: 600, fontSize: 16 }}>{BRAND_NAME}</span>
              </Flex>
            ) : (
              <div style={{ flex: 1, maxWidth: 520 }}>
                <GlobalSearch />
              </div>
            )}
            {!compact && <div style={{ flex: 1 }} />}
            {compact && (
              <Tooltip title={t('layout.search')} mouseEnterDelay={0.7}>
                <Button
                  ref={searchButton}
                  type="text"
                  shape="circle"
                  aria-label={t('layout.search')}
                  icon={<SearchOutlined />}
                  onClick={() => setSearching(true)}
                />
              </Tooltip>
            )}
            <ThemeMenu />
            <NotificationBell />
          </>
        )}
      </Flex>
    </Layout.Header>
  );
}
