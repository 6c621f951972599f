/** The organiser's dashboard widgets (see `widgets` in ../module.tsx); loaded only when the dashboard shows them. */
import { theme } from 'antd';
import { CheckSquareOutlined } from '@ant-design/icons';
import { organiserDashboardSchema } from '@aide/contracts';
import { DashboardStat, signed, useDashboardPart } from '@aide/ui';
import { useT } from '../i18n';

export { PriorityTasksCard } from './PriorityTasksCard';
export { QuickActionsCard } from './QuickActionsCard';
export { ScheduleCard } from './ScheduleCard';

/** The stat strip's "Today's Tasks", with the spec's '+N from yesterday' from the real counts (DECISIONS). */
export function TodayTasksStat() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('organiser', organiserDashboardSchema);
  return (
    <DashboardStat
      query={part}
      title={t('widget.todayTasks')}
      value={(organiser) => organiser.todayTasks}
      hint={(organiser) => t('dashboard.todayTasks.change', { change: signed(organiser.todayTasksChange) })}
      icon={<CheckSquareOutlined />}
      accent={token.colorPrimary}
    />
  );
}
