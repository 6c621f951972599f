import { Col, Row, theme } from 'antd';
import { CheckSquareOutlined, EyeOutlined, MailOutlined, ExperimentOutlined } from '@ant-design/icons';
import type { DashboardData } from '@aide/contracts';
import { StatCard } from '@aide/ui';
import { signed, thousands } from './statFormat';

/**
 * The four stat cards. The subtitles keep the spec's wording ('+2 from yesterday', '12 marked
 * urgent', '2 pending review', '+18% this week') with the user's real figures (DECISIONS).
 */
export function StatsStrip({ data, loading }: { data: DashboardData | null | undefined; loading: boolean }) {
  const { token } = theme.useToken();
  const stats = data?.stats;
  const details = data?.statDetails;
  const change = details?.websiteViewsChangePercent;
  const cards = [
    {
      title: "Today's Tasks",
      value: stats?.todayTasks,
      hint: details ? `${signed(details.todayTasksChange)} from yesterday` : null,
      icon: <CheckSquareOutlined />,
      accent: token.colorPrimary,
    },
    {
      title: 'Unread Emails',
      value: stats?.unreadEmails,
      hint: details ? `${details.urgentEmails} marked urgent` : null,
      icon: <MailOutlined />,
      accent: token.colorWarning,
    },
    {
      title: 'Research Reports',
      value: stats?.researchReports,
      hint: details ? `${details.researchPendingReview} pending review` : null,
      icon: <ExperimentOutlined />,
      accent: token.purple,
    },
    {
      title: 'Website Views',
      value: stats ? thousands(stats.websiteViews) : undefined,
      // No views last week: there is no percentage to show.
      hint: details ? (change == null ? 'No views last week' : `${signed(Math.round(change))}% this week`) : null,
      icon: <EyeOutlined />,
      accent: token.colorSuccess,
    },
  ];
  return (
    <Row gutter={[token.margin, token.margin]} role="list" aria-label="Today at a glance">
      {cards.map((card) => (
        <Col key={card.title} xs={12} lg={6} role="listitem">
          <StatCard
            title={card.title}
            value={card.value ?? '–'}
            hint={card.hint}
            icon={card.icon}
            accent={card.accent}
            loading={loading}
          />
        </Col>
      ))}
    </Row>
  );
}
