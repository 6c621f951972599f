import { Link, useLocation } from 'react-router-dom';
import {
  Avatar,
  Button,
  Divider,
  Flex,
  Menu,
  Skeleton,
  Switch,
  Tooltip,
  Typography,
  theme,
  type MenuProps,
} from 'antd';
import { CrownOutlined, LogoutOutlined, MoonOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { displayName, initials, type AuthUser } from '@aide/contracts';
import { signOut } from '../auth/sign-out';
import { useT } from '../i18n';
import { useTheme } from '../theme/ThemeProvider';
import { BRAND_NAME } from './brand';
import { preloadScreen } from '../federation/preload';
import { pathShows } from '@aide/contracts/module-paths';
import { navLabel } from './moduleTitles';
import { NavBadge } from './NavBadge';
import { useLoadingModuleCount, useNavItems } from './useNavItems';

interface SidebarProps {
  user: AuthUser;
  /** Icons only (desktop Sider collapsed); labels move into tooltips. */
  collapsed?: boolean;
  /** Called after a click on an entry (the phone drawer closes itself). */
  onNavigate?: () => void;
}

/** Plan names are product names and stay as they are ('Free', 'Premium'); a missing plan is Free (spec §2). */
const planName = (plan: AuthUser['plan'] | null | undefined) =>
  plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : 'Free';

function Brand({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  return (
    <Flex
      align="center"
      justify={collapsed ? 'center' : 'flex-start'}
      gap={12}
      style={{ padding: collapsed ? '20px 0 12px' : '20px 20px 12px', minHeight: 72 }}
    >
      <img src="/favicon.svg" alt={BRAND_NAME} width={36} height={36} style={{ flex: 'none' }} />
      {!collapsed && (
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 16, display: 'block', lineHeight: 1.2 }}>
            {BRAND_NAME}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('layout.tagline')}
          </Typography.Text>
        </div>
      )}
    </Flex>
  );
}

function UserFooter({ user, collapsed }: { user: AuthUser; collapsed: boolean }) {
  const t = useT();
  const { token } = theme.useToken();
  const { mode, setPreference } = useTheme();
  const name = displayName(user);
  const avatar = (
    <Avatar style={{ background: token.colorPrimary, flexShrink: 0 }} src={user.profileImageUrl ?? undefined}>
      {initials(user)}
    </Avatar>
  );
  // A switch (dark on/off), so it is not confused with the header's 'Theme' menu button.
  const themeToggle = (
    <Tooltip title={mode === 'dark' ? t('layout.toLight') : t('layout.toDark')} mouseEnterDelay={0.7}>
      <Switch
        size="small"
        aria-label={t('layout.toggleTheme')}
        checked={mode === 'dark'}
        onChange={(dark) => setPreference(dark ? 'dark' : 'light')}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        style={{ flex: 'none', margin: '0 4px' }}
      />
    </Tooltip>
  );
  const signOutButton = (
    <Tooltip title={t('layout.signOut')} mouseEnterDelay={0.7}>
      <Button type="text" aria-label={t('layout.signOut')} icon={<LogoutOutlined />} onClick={signOut} />
    </Tooltip>
  );

  if (collapsed) {
    return (
      <Flex vertical align="center" gap={8} style={{ padding: '12px 0 16px' }}>
        <Tooltip title={name} placement="right">
          <Link to="/profile" aria-label={t('layout.profileLink', { name })}>
            {avatar}
          </Link>
        </Tooltip>
        {themeToggle}
        {signOutButton}
      </Flex>
    );
  }
  return (
    <Flex align="center" gap={4} style={{ padding: '12px 12px 16px' }}>
      {/* The profile link: who is signed in, and where their settings are. */}
      <Link
        to="/profile"
        className="aide-sidebar-user"
        style={{ flex: 1, minWidth: 0, color: 'inherit', borderRadius: token.borderRadius, padding: 4 }}
      >
        <Flex align="center" gap={10}>
          {avatar}
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis style={{ display: 'block' }}>
              {name}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('layout.plan', { plan: planName(user.plan) })}
            </Typography.Text>
          </div>
        </Flex>
      </Link>
      {themeToggle}
      {signOutButton}
    </Flex>
  );
}

/** Sidebar content (used in the desktop Sider and the phone Drawer): modules, then Profile and Admin Panel, then the user. */
export function Sidebar({ user, collapsed = false, onNavigate }: SidebarProps) {
  const t = useT();
  const { pathname } = useLocation();
  const modules = useNavItems().map((m) => ({ ...m, label: navLabel(t, m) }));
  const loadingModules = useLoadingModuleCount();
  const { token } = theme.useToken();

  const entries = [
    ...modules.map((m) => ({ ...m, key: m.path })),
    { key: '/profile', path: '/profile', label: t('nav.profile'), icon: <UserOutlined /> },
    ...(user.role === 'admin'
      ? [{ key: '/admin', path: '/admin', label: t('nav.admin'), icon: <CrownOutlined /> }]
      : []),
  ];
  const isActive = (path: string) => pathShows(path, pathname);

  const toItem = (
    item: (typeof entries)[number] & { badge?: (typeof modules)[number]['badge']; failed?: boolean },
  ) => ({
    key: item.key,
    // Collapsed, the count has no room: a dot on the icon says there is something.
    icon: collapsed && item.badge ? <NavBadge badge={item.badge}>{item.icon}</NavBadge> : item.icon,
    label: (
      // Pointing at (or tabbing to) a module's entry starts loading its code and its screen's, so the
      // click finds them there.
      <Link to={item.path} onMouseEnter={() => preloadScreen(item.path)} onFocus={() => preloadScreen(item.path)}>
        {collapsed ? (
          item.label
        ) : (
          <Flex justify="space-between" align="center">
            <span style={item.failed ? { color: token.colorWarningText } : undefined}>{item.label}</span>
            {item.badge && <NavBadge badge={item.badge} />}
          </Flex>
        )}
      </Link>
    ),
  });
  // A placeholder per module still loading keeps Profile and Admin Panel where they will stay,
  // so a click aimed at them does not land on a module entry that appears a moment later.
  const placeholders: MenuProps['items'] = Array.from({ length: loadingModules }, (_, i) => ({
    key: `loading:${i}`,
    disabled: true,
    label: (
      <Skeleton.Input
        active
        size="small"
        style={{ width: collapsed ? 16 : 140, minWidth: 0, verticalAlign: 'middle' }}
      />
    ),
    'aria-hidden': true,
  }));
  const items: MenuProps['items'] = [
    ...entries.slice(0, modules.length).map(toItem),
    ...placeholders,
    { type: 'divider', style: { margin: '8px 16px' } },
    ...entries.slice(modules.length).map(toItem),
  ];

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Brand collapsed={collapsed} />
      <nav aria-label={t('nav.modules')} style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <Menu
          mode="inline"
          inlineCollapsed={collapsed}
          selectedKeys={entries.filter((e) => isActive(e.path)).map((e) => e.key)}
          style={{ borderInlineEnd: 'none', background: 'transparent' }}
          onClick={onNavigate}
          items={items}
        />
      </nav>
      <Divider style={{ margin: 0 }} />
      <UserFooter user={user} collapsed={collapsed} />
    </Flex>
  );
}
