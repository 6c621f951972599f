import { Avatar, theme } from 'antd';
import {
  BellOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  CoffeeOutlined,
  ClockCircleOutlined,
  ExperimentOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { NotificationKind } from '@aide/contracts';

/** One tinted icon per kind, so the list can be scanned at a glance. */
export function NotificationIcon({ kind }: { kind: NotificationKind }) {
  const { token } = theme.useToken();
  const [icon, colour] = {
    task_due: [<CheckSquareOutlined key="i" />, token.colorPrimary],
    task_reminder: [<ClockCircleOutlined key="i" />, token.colorWarning],
    event_reminder: [<CalendarOutlined key="i" />, token.colorInfo],
    research_finished: [<ExperimentOutlined key="i" />, token.colorSuccess],
    sync_failed: [<WarningOutlined key="i" />, token.colorError],
    system: [<BellOutlined key="i" />, token.colorTextSecondary],
    daily_briefing: [<CoffeeOutlined key="i" />, token.colorPrimary],
  }[kind] ?? [<BellOutlined key="i" />, token.colorTextSecondary];
  return (
    <Avatar
      aria-hidden
      icon={icon}
      style={{
        flex: 'none',
        color: colour as string,
        background: `color-mix(in srgb, ${colour as string} 14%, transparent)`,
      }}
    />
  );
}
