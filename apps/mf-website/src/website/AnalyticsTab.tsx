import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Collapse, Flex, Skeleton, Typography, theme } from 'antd';
import type { Website } from '@aide/contracts';
import { failureReason } from '@aide/api-client';
import { EmptyState, EmptyText } from '@aide/ui';
import { TrackingSnippet } from './TrackingSnippet';
import { useWebsiteAnalytics } from './useWebsites';
import { formatCount, hasNoVisits, sessionFigures } from './websiteView';

// recharts is the screen's largest dependency: it loads when a site's Analytics tab first shows a chart.
const VisitorsChart = lazy(() => import('./VisitorsChart'));

export const ANALYTICS_TEXT = {
  visitorsToday: 'Visitors Today',
  visitorsMonth: (n: string) => `${n} this month`,
  pageViews: 'Page Views',
  pageViewsMonth: (n: string) => `${n} this month`,
  bounceRate: 'Bounce Rate',
  bounceHint: 'Single-page sessions this month',
  avgSession: 'Avg. Session',
  avgSessionHint: 'This month',
  noVisits: 'No visits recorded yet',
  noVisitsHint:
    'Add the tracking snippet below to the site: visitors show here within a minute of their first page view.',
  chartFailed: 'The visitors chart could not be loaded',
  trackingCode: 'Tracking snippet',
} as const;

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
  const days = useWebsiteAnalytics(site.id);
  const { analytics } = site;
  const empty = hasNoVisits(site, days.data);
  const sessions = sessionFigures(analytics);

  return (
    <Flex vertical gap={token.marginMD}>
      <div className="aide-website-metrics">
        <Metric
          label={ANALYTICS_TEXT.visitorsToday}
          value={formatCount(analytics.visitors.today)}
          hint={ANALYTICS_TEXT.visitorsMonth(formatCount(analytics.visitors.thisMonth))}
          testId="visitors-today"
        />
        <Metric
          label={ANALYTICS_TEXT.pageViews}
          value={formatCount(analytics.pageViews.today)}
          hint={ANALYTICS_TEXT.pageViewsMonth(formatCount(analytics.pageViews.thisMonth))}
          testId="page-views"
        />
        <Metric
          label={ANALYTICS_TEXT.bounceRate}
          value={sessions.bounceRate}
          hint={ANALYTICS_TEXT.bounceHint}
          testId="bounce-rate"
        />
        <Metric
          label={ANALYTICS_TEXT.avgSession}
          value={sessions.avgSession}
          hint={ANALYTICS_TEXT.avgSessionHint}
          testId="avg-session"
        />
      </div>

      {days.isPending ? (
        <Skeleton.Node active style={{ width: '100%', height: 240 }} />
      ) : days.isError ? (
        <Alert type="warning" showIcon title={ANALYTICS_TEXT.chartFailed} description={failureReason(days.error)} />
      ) : empty ? (
        <div className="aide-website-empty">
          <EmptyState description={<EmptyText title={ANALYTICS_TEXT.noVisits} hint={ANALYTICS_TEXT.noVisitsHint} />} />
          <TrackingSnippet siteKey={site.siteKey} />
        </div>
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
          <VisitorsChart days={days.data ?? []} />
        </Suspense>
      )}

      {!empty || days.isError ? (
        <Collapse
          size="small"
          ghost
          items={[
            {
              key: 'snippet',
              label: ANALYTICS_TEXT.trackingCode,
              children: <TrackingSnippet siteKey={site.siteKey} />,
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}
