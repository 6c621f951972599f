import { Button, Divider, Flex, Progress, Typography, theme } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { emailDashboardSchema, type EmailDashboard } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { DashboardCard, useDashboardPart } from '@aide/ui';

/** Email Insights: unread mail by urgency and the auto-responses drafted; 'Open Inbox' goes to /email. */
export function EmailInsightsCard() {
  const part = useDashboardPart('email', emailDashboardSchema);
  return (
    <DashboardCard title="Email Insights" icon={<MailOutlined />} query={part}>
      {part.data ? <EmailInsights insights={part.data.insights} /> : null}
    </DashboardCard>
  );
}

function EmailInsights({ insights }: { insights: EmailDashboard['insights'] }) {
  const { token } = theme.useToken();
  const { navigate } = useHost();
  const rows = [
    { label: 'Urgent', value: insights.urgent, colour: token.colorError },
    { label: 'Important', value: insights.important, colour: token.colorWarning },
    { label: 'Regular', value: insights.regular, colour: token.colorPrimary },
  ];
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return (
    <>
      <Flex vertical gap={token.marginSM}>
        <dl style={{ margin: 0, display: 'grid', gap: token.marginXS }} aria-label="Emails by urgency">
          {rows.map((row) => (
            <div key={row.label}>
              <Flex justify="space-between">
                <dt>{row.label}</dt>
                <dd style={{ margin: 0, fontWeight: token.fontWeightStrong, color: row.colour }}>{row.value}</dd>
              </Flex>
              <Progress
                percent={total ? (row.value / total) * 100 : 0}
                showInfo={false}
                strokeColor={row.colour}
                size="small"
                aria-hidden
              />
            </div>
          ))}
        </dl>
        <Divider style={{ margin: `${token.marginXXS}px 0` }} />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          Auto-responses
        </Typography.Text>
        <Flex gap={token.marginSM}>
          {[
            { label: 'Meetings', value: insights.autoResponses.meetings ?? 0 },
            { label: 'Inquiries', value: insights.autoResponses.inquiries ?? 0 },
          ].map((item) => (
            <Flex
              key={item.label}
              vertical
              align="center"
              style={{
                flex: 1,
                padding: token.paddingXS,
                borderRadius: token.borderRadius,
                background: token.colorFillQuaternary,
              }}
            >
              <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
                {item.value}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {item.label}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
        <Button block icon={<MailOutlined />} onClick={() => navigate('/email')}>
          Open Inbox
        </Button>
      </Flex>
    </>
  );
}
