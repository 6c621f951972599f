/** Website's dashboard widgets (see `widgets` in ../module.tsx); loaded only when the dashboard shows them. */
import { theme } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { websiteDashboardSchema } from '@aide/contracts';
import { DashboardStat, signed, thousands, useDashboardPart } from '@aide/ui';

export { WebsiteAnalyticsCard } from './WebsiteAnalyticsCard';

/** The stat strip's 'Website Views' in thousands (spec), with the spec's '+N% this week' from real views (DECISIONS). */
export function WebsiteViewsStat() {
  const { token } = theme.useToken();
  const part = useDashboardPart('website', websiteDashboardSchema);
  return (
    <DashboardStat
      query={part}
      title="Website Views"
      value={(website) => thousands(website.views)}
      // No views last week: there is no percentage to show.
      hint={({ viewsChangePercent: change }) =>
        change === null ? 'No views last week' : `${signed(Math.round(change))}% this week`
      }
      icon={<EyeOutlined />}
      accent={token.colorSuccess}
    />
  );
}
