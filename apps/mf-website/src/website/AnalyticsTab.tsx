import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Collapse, Flex, Skeleton, Typography, theme } from 'antd';
import type { Website } from '@aide/contracts';
import { failureReason } from '@aide/api-client';
import { EmptyState, EmptyText } from '@aide/ui';
import { TrackingSnippet } from './TrackingSnippet';
import { useWebsiteAnalytics } from './useWebsites';
import { formatCount, hasNoVisits, sessionFigures } from './websiteView';
import { messageText, useT } from '../i18n';

// recharts is the screen's largest dependency: it loads when a site's Analytics tab first shows a chart.
const VisitorsChart = lazy(() => import('./VisitorsChart'));
// Issue 27: sources, pages, campaigns and goals load under the chart, after the first screen.
const AnalyticsBreakdown = lazy(() => import('./AnalyticsBreakdown'));

/** One figure of the tab: a label, the value and a secondary line. */
export function Metric({
  label,
  value,
  hint,
  testId,
  color,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId?: string;
  color?: string;
}) {
  const { token } = theme.useToken();
  return (
    <div className="aide-website-metric">
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {label}
      </Typography.Text>
      <div className="aide-website-metric-value" data-testid={testId} style={{ color }}>
        {value}
      </div>
      {hint ? (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {hint}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** Spec §2 Analytics: visitors today, page views, bounce rate, average session; the 30-day chart, or the snippet to start counting. */
export function AnalyticsTab({ site }: { site: Website }) {
  const { token } = theme.useToken();
  const t = useT();
  const days = useWebsiteAnalytics(site.id);
  const { analytics } = site;
  const empty = hasNoVisits(site, days.data);
  const sessions = sessionFigures(analytics);

  return (
    <Flex vertical gap={token.marginMD}>
      <div className="aide-website-metrics">
        <Metric
          label={t('analytics.visitorsToday')}
          value={formatCount(analytics.visitors.today)}
          hint={t('analytics.visitorsMonth', { count: formatCount(analytics.visitors.thisMonth) })}
          testId="visitors-today"
        />
        <Metric
          label={t('analytics.pageViews')}
          value={formatCount(analytics.pageViews.today)}
          hint={t('analytics.pageViewsMonth', { count: formatCount(analytics.pageViews.thisMonth) })}
          testId="page-views"
        />
        <Metric
          label={t('analytics.bounceRate')}
          value={sessions.bounceRate}
          hint={t('analytics.bounceHint')}
          testId="bounce-rate"
        />
        <Metric
          label={t('analytics.avgSession')}
          value={sessions.avgSession}
          hint={t('analytics.avgSessionHint')}
          testId="avg-session"
        />
      </div>

      {days.isPending ? (
        <Skeleton.Node active style={{ width: '100%', height: 240 }} />
      ) : days.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('analytics.chartFailed')}
          description={messageText(failureReason(days.error))}
        />
      ) : empty ? (
        <div className="aide-website-empty">
          <EmptyState description={<EmptyText title={t('analytics.noVisits')} hint={t('analytics.noVisitsHint')} />} />
          <TrackingSnippet siteKey={site.siteKey} />
        </div>
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
          <VisitorsChart days={days.data ?? []} />
        </Suspense>
      )}

      {!empty ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <AnalyticsBreakdown websiteId={site.id} />
        </Suspense>
      ) : null}

      {!empty || days.isError ? (
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'snippet',
              label: t('analytics.trackingCode'),
              children: <TrackingSnippet siteKey={site.siteKey} />,
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}
