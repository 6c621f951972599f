import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar, Button, Divider, Drawer, Flex, Grid, Layout, Menu, Tooltip, Typography, theme } from 'antd';
import { LogoutOutlined, MenuOutlined, MoonOutlined, SunOutlined, WarningOutlined } from '@ant-design/icons';
import { displayName, initials, type AuthUser } from '@aide/contracts';
import type { ModuleNavItem } from '@aide/module-kit';
import { useRemoteModules } from '../federation/remote-modules';
import { clearStoredTheme, useThemePreference } from '../theme/theme-store';
import { NavBadge } from './NavBadge';

const SIDER_WIDTH = 264;

function useNavItems(): (ModuleNavItem & { failed?: boolean })[] {
  const { registry, states } = useRemoteModules();
  return useMemo(() => {
    const items: (ModuleNavItem & { failed?: boolean })[] = [];
    for (const entry of registry ?? []) {
      const state = states[entry.id];
      if (state?.status === 'ready') items.push(...state.module.nav);
      // A remote that failed still gets an entry, leading to its fallback and Retry.
      else if (state?.status === 'failed') items.push({ path: entry.routes.find((r) => r !== '/') ?? entry.routes[0], label: entry.title, icon: <WarningOutlined />, failed: true });
    }
    return items.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  }, [registry, states]);
}

const signOut = () => {
  clearStoredTheme(); // spec: sign-out clears the stored theme preference
  window.location.assign('/api/logout');
};

function SidebarContent({ user, mode, onNavigate }: { user: AuthUser; mode: 'light' | 'dark'; onNavigate?: () => void }) {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const items = useNavItems();
  const setPreference = useThemePreference((s) => s.setPreference);
  const selected = items.filter((i) => pathname === i.path || (i.path !== '/' && pathname.startsWith(`${i.path}/`))).map((i) => i.path);
  const plan = user.plan.charAt(0).toUpperCase() + user.plan.slice(1);

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex align="center" gap={12} style={{ padding: '20px 20px 12px' }}>
        <img src="/favicon.svg" alt="" width={36} height={36} />
        <div>
          <Typography.Text strong style={{ fontSize: 16, display: 'block', lineHeight: 1.2 }}>Aide</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>Personal AI Assistant</Typography.Text>
        </div>
      </Flex>
      <nav aria-label="Modules" style={{ flex: 1, overflowY: 'auto' }}>
        <Menu
          mode="inline"
          selectedKeys={selected}
          style={{ borderInlineEnd: 'none', background: 'transparent' }}
          onClick={onNavigate}
          items={items.map((item) => ({
            key: item.path,
            icon: item.icon,
            label: (
              <Link to={item.path}>
                <Flex justify="space-between" align="center">
                  <span style={item.failed ? { color: token.colorWarningText } : undefined}>{item.label}</span>
                  {item.badge && <NavBadge badge={item.badge} />}
                </Flex>
              </Link>
            ),
          }))}
        />
      </nav>
      <Divider style={{ margin: 0 }} />
      <Flex align="center" gap={10} style={{ padding: 16 }}>
        <Avatar style={{ background: token.colorPrimary, flexShrink: 0 }} src={user.profileImageUrl ?? undefined}>{initials(user)}</Avatar>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong ellipsis style={{ display: 'block' }}>{displayName(user)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{plan} plan</Typography.Text>
        </div>
        <Tooltip title={mode === 'dark' ? 'Light theme' : 'Dark theme'} mouseEnterDelay={0.7}>
          <Button type="text" aria-label="Toggle theme" icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />} onClick={() => setPreference(mode === 'dark' ? 'light' : 'dark')} />
        </Tooltip>
        <Tooltip title="Sign out" mouseEnterDelay={0.7}>
          <Button type="text" aria-label="Sign out" icon={<LogoutOutlined />} onClick={signOut} />
        </Tooltip>
      </Flex>
    </Flex>
  );
}

/** The signed-in frame: sidebar of module entries (from the loaded remotes) and the content area. */
export function AppLayout({ user, mode, children }: { user: AuthUser; mode: 'light' | 'dark'; children: ReactNode }) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const desktop = screens.lg ?? true;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {desktop ? (
        <Layout.Sider width={SIDER_WIDTH} style={{ position: 'sticky', top: 0, height: '100vh', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}>
          <SidebarContent user={user} mode={mode} />
        </Layout.Sider>
      ) : (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" size={SIDER_WIDTH} closable={false} styles={{ body: { padding: 0 } }}>
          <SidebarContent user={user} mode={mode} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout>
        {!desktop && (
          <Flex align="center" gap={8} style={{ padding: '8px 12px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
            <Button type="text" aria-label="Open menu" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} />
            <Typography.Text strong>Aide</Typography.Text>
          </Flex>
        )}
        <Layout.Content style={{ padding: desktop ? '28px 32px' : 16, maxWidth: 1400, width: '100%', margin: '0 auto' }}>
          <main>{children}</main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
