/** Website's dashboard widgets (see `widgets` in ../module.tsx); loaded only when the dashboard shows them. */
import { theme } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { websiteDashboardSchema } from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { DashboardStat, useDashboardPart } from '@aide/ui';
import { useT } from '../i18n';

export { WebsiteAnalyticsCard } from './WebsiteAnalyticsCard';

/** The stat strip's 'Website Views' in thousands (spec), with the spec's '+N% this week' from real views (DECISIONS). */
export function WebsiteViewsStat() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('website', websiteDashboardSchema);
  return (
    <DashboardStat
      query={part}
      title={t('widgets.views')}
      value={(website) =>
        t('dashboard.thousands', {
          value: formatNumber(website.views / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        })
      }
      // No views last week: there is no percentage to show.
      hint={({ viewsChangePercent: change }) =>
        change === null
          ? t('dashboard.noViewsLastWeek')
          : t('dashboard.thisWeek', {
              change: formatNumber(Math.round(change) / 100, { style: 'percent', signDisplay: 'always' }),
            })
      }
      icon={<EyeOutlined />}
      accent={token.colorSuccess}
    />
  );
}
