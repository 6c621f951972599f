import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Typography, theme } from 'antd';
import { formatCurrency } from '@aide/i18n';
import { useT } from '../i18n';
import { budgetCategoryLabel, type ChartRow } from './travelView';
import { VisuallyHidden } from '@aide/ui';

/** The axis's short amounts ('$1.5K'), in the reader's language. */
const compactUsd = (value: number) =>
  formatCurrency(value, 'USD', { notation: 'compact', maximumFractionDigits: 1, minimumFractionDigits: 0 });

/**
 * Each category's budget against what was spent on it, as grouped bars (recharts). Colours come
 * from the antd theme, so dark mode follows; the figures are also given as the chart's description.
 */
export default function BudgetChart({ rows: data }: { rows: ChartRow[] }) {
  const { token } = theme.useToken();
  const t = useT();
  // The planner's categories in the reader's language.
  const rows = data.map((row) => ({ ...row, category: budgetCategoryLabel(row.category) }));
  const titleId = useId();
  const descriptionId = useId();
  const axis = { fill: token.colorTextSecondary, fontSize: token.fontSizeSM };
  // Many categories: their names slant so they do not run into each other.
  const slanted = rows.length > 4;
  return (
    <figure className="aide-travel-chart" role="group" aria-labelledby={titleId} aria-describedby={descriptionId}>
      <Typography.Title level={4} id={titleId} style={{ fontSize: token.fontSize, margin: `0 0 ${token.marginXS}px` }}>
        {t('chart.title')}
      </Typography.Title>
      <VisuallyHidden as="p" id={descriptionId}>
        {rows
          .map((row) =>
            t('chart.row', {
              category: row.category,
              budgeted: formatCurrency(row.budgeted, 'USD'),
              spent: formatCurrency(row.spent, 'USD'),
            }),
          )
          .join('; ')}
      </VisuallyHidden>
      <div aria-hidden>
        <ResponsiveContainer width="100%" height={Math.max(240, Math.min(360, 80 + rows.length * 36))}>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="category"
              tick={axis}
              tickLine={false}
              axisLine={{ stroke: token.colorBorder }}
              interval={0}
              angle={slanted ? -30 : 0}
              textAnchor={slanted ? 'end' : 'middle'}
              height={slanted ? 64 : 30}
            />
            <YAxis
              tickFormatter={(value: number) => compactUsd(value)}
              tick={axis}
              tickLine={false}
              axisLine={false}
              width={56}
            />
            <Tooltip
              formatter={(value) => formatCurrency(Number(value), 'USD')}
              cursor={{ fill: token.colorFillTertiary }}
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
            <Bar
              dataKey="budgeted"
              name={t('chart.budgeted')}
              fill={token.colorPrimary}
              radius={[4, 4, 0, 0]}
              maxBarSize={40}
            />
            <Bar
              dataKey="spent"
              name={t('chart.spent')}
              fill={token.colorWarning}
              radius={[4, 4, 0, 0]}
              maxBarSize={40}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
