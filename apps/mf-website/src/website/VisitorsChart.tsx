import { useId } from 'react';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Typography, theme } from 'antd';
import type { WebsiteAnalyticsDay } from '@aide/contracts';
import { chartDay, chartTotals, formatCount } from './websiteView';
import { useT } from '../i18n';
import { VisuallyHidden } from '@aide/ui';

/** The chart's text description: the totals and the busiest day. */
function chartSummary(t: ReturnType<typeof useT>, days: readonly WebsiteAnalyticsDay[]) {
  const { visitors, pageViews, busiest } = chartTotals(days);
  const values = { visitors: formatCount(visitors), pageViews: formatCount(pageViews), days: days.length };
  return busiest
    ? t('chart.summaryBusiest', { ...values, day: chartDay(busiest.date), busiest: formatCount(busiest.visitors) })
    : t('chart.summary', values);
}

/**
 * Visitors and page views per day (recharts areas). Colours come from the antd theme, so dark mode
 * follows; the totals and the busiest day are also given as the chart's text description.
 */
export default function VisitorsChart({ days }: { days: readonly WebsiteAnalyticsDay[] }) {
  const { token } = theme.useToken();
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const gradientId = useId().replace(/:/g, '');
  const axis = { fill: token.colorTextSecondary, fontSize: token.fontSizeSM };
  const rows = days.map((day) => ({ ...day, label: chartDay(day.date) }));
  return (
    <figure className="aide-website-chart" role="group" aria-labelledby={titleId} aria-describedby={descriptionId}>
      <Typography.Title level={4} id={titleId} style={{ fontSize: token.fontSize, margin: `0 0 ${token.marginXS}px` }}>
        {t('chart.title', { days: days.length })}
      </Typography.Title>
      <VisuallyHidden as="p" id={descriptionId}>
        {chartSummary(t, days)}
      </VisuallyHidden>
      <div aria-hidden>
        <ResponsiveContainer width="100%" height={240}>
          <AreaChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id={`${gradientId}-visitors`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={token.colorPrimary} stopOpacity={0.35} />
                <stop offset="100%" stopColor={token.colorPrimary} stopOpacity={0.02} />
              </linearGradient>
              <linearGradient id={`${gradientId}-views`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={token.colorInfo} stopOpacity={0.2} />
                <stop offset="100%" stopColor={token.colorInfo} stopOpacity={0.01} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={axis}
              tickLine={false}
              axisLine={{ stroke: token.colorBorder }}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tickFormatter={(value: number) => formatCount(value)}
              tick={axis}
              tickLine={false}
              axisLine={false}
              width={44}
            />
            <Tooltip
              formatter={(value) => formatCount(Number(value))}
              cursor={{ stroke: token.colorBorder }}
              contentStyle={{
                background: token.colorBgElevated,
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
                color: token.colorText,
                boxShadow: token.boxShadowSecondary,
              }}
              labelStyle={{ color: token.colorText, fontWeight: token.fontWeightStrong }}
              itemStyle={{ color: token.colorText }}
            />
            <Legend wrapperStyle={{ color: token.colorText, fontSize: token.fontSizeSM }} />
            <Area
              type="monotone"
              dataKey="pageViews"
              name={t('chart.pageViews')}
              stroke={token.colorInfo}
              strokeDasharray="4 3"
              fill={`url(#${gradientId}-views)`}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
            <Area
              type="monotone"
              dataKey="visitors"
              name={t('chart.visitors')}
              stroke={token.colorPrimary}
              fill={`url(#${gradientId}-visitors)`}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
