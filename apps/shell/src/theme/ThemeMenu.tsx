import { useState } from 'react';
import { Button, Dropdown, Tooltip } from 'antd';
import { CheckOutlined, DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import type { ThemePreference } from './theme-store';
import { useTheme } from './ThemeProvider';

const OPTIONS: { key: ThemePreference; label: string; icon: React.ReactNode }[] = [
  { key: 'light', label: 'Light', icon: <SunOutlined /> },
  { key: 'dark', label: 'Dark', icon: <MoonOutlined /> },
  { key: 'system', label: 'System', icon: <DesktopOutlined /> },
];

/** The header's theme menu: Light, Dark or System, with the current choice checked. */
export function ThemeMenu() {
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
          label: o.label,
          extra: o.key === preference ? <CheckOutlined aria-label="selected" /> : null,
        })),
        style: { minWidth: 160 },
      }}
    >
      {/* The tooltip would sit on top of the open menu. */}
      <Tooltip title="Theme" mouseEnterDelay={0.7} open={open ? false : undefined}>
        <Button
          type="text"
          shape="circle"
          aria-label="Theme"
          icon={mode === 'dark' ? <MoonOutlined /> : <SunOutlined />}
        />
      </Tooltip>
    </Dropdown>
  );
}
