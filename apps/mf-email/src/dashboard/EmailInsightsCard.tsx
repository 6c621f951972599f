import { Button, Divider, Flex, Progress, Typography, theme } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { emailDashboardSchema, type EmailDashboard } from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { useHost } from '@aide/module-kit';
import { DashboardCard, useDashboardPart } from '@aide/ui';
import { useT } from '../i18n/dashboard';

/** Email Insights: unread mail by urgency and the auto-responses drafted; 'Open Inbox' goes to /email. */
export function EmailInsightsCard() {
  const t = useT();
  const part = useDashboardPart('email', emailDashboardSchema);
  return (
    <DashboardCard title={t('insights.title')} icon={<MailOutlined aria-hidden />} query={part}>
      {part.data ? <EmailInsights insights={part.data.insights} /> : null}
    </DashboardCard>
  );
}

function EmailInsights({ insights }: { insights: EmailDashboard['insights'] }) {
  const t = useT();
  const { token } = theme.useToken();
  const { navigate } = useHost();
  const rows = [
    { key: 'urgent', label: t('priority.urgent'), value: insights.urgent, colour: token.colorError },
    { key: 'important', label: t('priority.important'), value: insights.important, colour: token.colorWarning },
    { key: 'regular', label: t('priority.regular'), value: insights.regular, colour: token.colorPrimary },
  ];
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return (
    <>
      <Flex vertical gap={token.marginSM}>
        {/* Each group of a <dl> holds only its <dt> and <dd>s: the bar is a second <dd> on its own line. */}
        <dl style={{ margin: 0, display: 'grid', gap: token.marginXS }} aria-label={t('insights.byUrgency')}>
          {rows.map((row) => (
            <div key={row.key} style={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: token.marginXS }}>
              <dt>{row.label}</dt>
              <dd style={{ margin: 0, fontWeight: token.fontWeightStrong, color: row.colour }}>
                {formatNumber(row.value)}
              </dd>
              <dd style={{ margin: 0, gridColumn: '1 / -1' }} aria-hidden>
                <Progress
                  percent={total ? (row.value / total) * 100 : 0}
                  showInfo={false}
                  strokeColor={row.colour}
                  size="small"
                />
              </dd>
            </div>
          ))}
        </dl>
        <Divider style={{ margin: `${token.marginXXS}px 0` }} />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('insights.autoResponses')}
        </Typography.Text>
        <Flex gap={token.marginSM}>
          {[
            { key: 'meetings', label: t('insights.meetings'), value: insights.autoResponses.meetings ?? 0 },
            { key: 'inquiries', label: t('insights.inquiries'), value: insights.autoResponses.inquiries ?? 0 },
          ].map((item) => (
            <Flex
              key={item.key}
              vertical
              align="center"
              style={{
                flex: 1,
                minWidth: 0,
                padding: token.paddingXS,
                borderRadius: token.borderRadius,
                background: token.colorFillQuaternary,
              }}
            >
              <Typography.Text strong style={{ fontSize: token.fontSizeLG }}>
                {formatNumber(item.value)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, textAlign: 'center' }}>
                {item.label}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
        <Button block icon={<MailOutlined aria-hidden />} onClick={() => navigate('/email')}>
          {t('insights.openInbox')}
        </Button>
      </Flex>
    </>
  );
}
