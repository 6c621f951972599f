import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Button, Grid, Layout, Tooltip, theme } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { AuthUser } from '@aide/contracts';
import { useT } from '../i18n';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { useSidebarCollapsed } from './useSidebarCollapsed';

// Only phones use the drawer, so only phones download it.
const Drawer = lazy(() => import('antd/es/drawer'));

const SIDER_WIDTH = 264;
const SIDER_COLLAPSED_WIDTH = 72;

/** The signed-in frame: sidebar (collapsible on desktop, a drawer on phones), sticky top bar, content. */
export function AppLayout({ user, children }: { user: AuthUser; children: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The phone's menu button, where focus goes back to when the drawer closes (as a dialog's does).
  const menuButton = useRef<HTMLButtonElement>(null);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const desktop = screens.lg ?? true;

  const leading = desktop ? (
    <Tooltip title={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')} mouseEnterDelay={0.7}>
      <Button
        type="text"
        aria-label={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')}
        aria-expanded={!collapsed}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={() => setCollapsed(!collapsed)}
      />
    </Tooltip>
  ) : (
    <Button
      type="text"
      ref={menuButton}
      aria-label={t('layout.openMenu')}
      aria-expanded={drawerOpen}
      icon={<MenuOutlined />}
      onClick={() => setDrawerOpen(true)}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {desktop ? (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          trigger={null}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Sidebar user={user} collapsed={collapsed} />
        </Layout.Sider>
      ) : (
        <Suspense fallback={null}>
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            afterOpenChange={(open) => {
              if (!open) menuButton.current?.focus();
            }}
            placement="left"
            size={SIDER_WIDTH}
            closable={false}
            aria-label={t('layout.menu')}
            styles={{ body: { padding: 0 } }}
          >
            <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        </Suspense>
      )}
      <Layout style={{ minWidth: 0 }}>
        <TopBar leading={leading} compact={!desktop} />
        {/* Layout.Content renders the page's <main> landmark. */}
        <Layout.Content
          style={{ padding: desktop ? '28px 32px' : 16, maxWidth: 1400, width: '100%', margin: '0 auto' }}
        >
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
