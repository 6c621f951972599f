import { useState } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import { CheckOutlined, DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useT } from '../i18n';
import type { ThemePreference } from './theme-store';
import { useTheme } from './ThemeProvider';

const OPTIONS = [
  { key: 'light', labelKey: 'theme.light', icon: <SunOutlined /> },
  { key: 'dark', labelKey: 'theme.dark', icon: <MoonOutlined /> },
  { key: 'system', labelKey: 'theme.system', icon: <DesktopOutlined /> },
] as const satisfies readonly { key: ThemePreference; labelKey: string; icon: React.ReactNode }[];

/** The header's theme menu: Light, Dark or System, with the current choice checked. */
export function ThemeMenu() {
  const t = useT();
  const { preference, mode, setPreference } = useTheme();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [preference],
        onClick: ({ key }) => setPreference(key as ThemePreference),
        items: OPTIONS.map((o) => ({
          key: o.key,
          icon: o.icon,
          label: t(o.labelKey),
          extra: o.key === preference ? <CheckOutlined aria-label={t('theme.selected')} /> : null,
        })),
        style: { minWidth: 160 },
      }}
    >
      {/* The tooltip would sit on top of the open menu. */}
      <Tooltip title={t('theme.menu')} mouseEnterDelay={0.7} open={open ? false : undefined}>
        <Button
          type="text"
          shape="circle"
          aria-label={t('theme.menu')}
          aria-haspopup="menu"
          aria-expanded={open}
          icon={mode === 'dark' ? <MoonOutlined /> : <SunOutlined />}
        />
      </Tooltip>
    </Dropdown>
  );
}
