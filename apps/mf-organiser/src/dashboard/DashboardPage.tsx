import { Alert, Button, Card, Col, Flex, Row, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { EmptyState, PageHeader } from '@aide/ui';
import { useProfileTimezone } from '../shared/useProfileTimezone';
import { EmailInsightsCard } from './EmailInsightsCard';
import { greetingForHour, greetingName } from './greeting';
import { PriorityTasksCard } from './PriorityTasksCard';
import { QuickActionsCard } from './QuickActionsCard';
import { ResearchCard } from './ResearchCard';
import { ScheduleCard } from './ScheduleCard';
import { SocialCard } from './SocialCard';
import { StatsStrip } from './StatsStrip';
import { useDashboard } from './useDashboard';
import { WebsiteAnalyticsCard } from './WebsiteAnalyticsCard';

// Spec: Dashboard and §8 texts.
const TEXT = {
  subtitle: "Here's what's happening today",
  errorSubtitle: 'Unable to load dashboard data',
  error: 'Failed to load dashboard data. Please try again.',
  noDataSubtitle: 'No data available',
  noData: 'No dashboard data available.',
} as const;

export default function DashboardPage() {
  const { token } = theme.useToken();
  const { user } = useHost();
  const { timezone } = useProfileTimezone();
  const dashboard = useDashboard();
  const data = dashboard.data;
  const loading = dashboard.isPending;

  // Spec: the greeting follows the local hour.
  const title = `${greetingForHour(new Date().getHours())}, ${greetingName(user)}`;

  if (dashboard.isError && !data) {
    return (
      <Flex vertical gap={token.marginLG}>
        <PageHeader title={title} subtitle={TEXT.errorSubtitle} />
        <Alert
          type="error"
          showIcon
          title={TEXT.error}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
              Retry
            </Button>
          }
        />
      </Flex>
    );
  }

  if (!loading && !data) {
    return (
      <Flex vertical gap={token.marginLG}>
        <PageHeader title={title} subtitle={TEXT.noDataSubtitle} />
        <Card>
          <EmptyState description={TEXT.noData} />
        </Card>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader title={title} subtitle={TEXT.subtitle} />
      <StatsStrip data={data} loading={loading} />

      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={token.margin} style={{ height: '100%' }}>
            <ScheduleCard events={data?.todayEvents ?? []} timezone={timezone} loading={loading} />
            <ResearchCard reports={data?.recentResearch ?? []} loading={loading} />
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={token.margin} style={{ height: '100%' }}>
            <QuickActionsCard />
            <EmailInsightsCard insights={data?.emailInsights} loading={loading} />
          </Flex>
        </Col>
      </Row>

      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} md={12} xl={8}>
          <PriorityTasksCard tasks={data?.priorityTasks ?? []} loading={loading} />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SocialCard performance={data?.socialPerformance} loading={loading} />
        </Col>
        <Col xs={24} xl={8}>
          <WebsiteAnalyticsCard analytics={data?.websiteAnalytics} loading={loading} />
        </Col>
      </Row>
    </Flex>
  );
}
