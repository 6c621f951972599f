/** Research's dashboard widgets (see `widgets` in ../module.tsx); loaded only when the dashboard shows them. */
import { theme } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { researchDashboardSchema } from '@aide/contracts';
import { DashboardStat, useDashboardPart } from '@aide/ui';
import { useT } from '../i18n';

export { ResearchCard } from './ResearchCard';

/** The stat strip's 'Research Reports', with the spec's 'N pending review' from the real count (DECISIONS). */
export function ResearchReportsStat() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('research', researchDashboardSchema);
  return (
    <DashboardStat
      query={part}
      title={t('dashboard.reports')}
      value={(research) => research.reports}
      hint={(research) => t('dashboard.pendingReview', { count: research.pendingReview })}
      icon={<ExperimentOutlined />}
      accent={token.purple}
    />
  );
}
