import { useState } from 'react';
import { Flex, Progress, Tag, Typography, theme } from 'antd';
import { ExperimentOutlined } from '@ant-design/icons';
import { researchDashboardSchema, type ResearchSummary } from '@aide/contracts';
import { DashboardCard, EmptyState, useDashboardPart, PlainList } from '@aide/ui';
import { useT } from '../i18n';
import './dashboard.css';
import { ResearchDialog } from './ResearchDialog';
import { researchStatusLabel, shortSummary } from './researchSummary';

/** Recent Research: the latest reports with status and progress; one opens in a dialog. */
export function ResearchCard() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('research', researchDashboardSchema);
  const reports = part.data?.recent ?? [];
  const [detail, setDetail] = useState<{ open: boolean; report: ResearchSummary | null }>({
    open: false,
    report: null,
  });
  return (
    <DashboardCard
      title={t('dashboard.recent')}
      icon={<ExperimentOutlined />}
      link={{ label: t('dashboard.viewAll'), to: '/research' }}
      query={part}
    >
      {reports.length === 0 ? (
        <EmptyState description={t('dashboard.empty')} />
      ) : (
        <PlainList label={t('dashboard.list')}>
          {reports.map((report) => (
            <li key={report.id}>
              <button
                type="button"
                className="aide-research-recent-item"
                aria-label={report.title}
                onClick={() => setDetail({ open: true, report })}
                style={{
                  display: 'block',
                  width: '100%',
                  padding: token.paddingSM,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusLG,
                  background: token.colorBgContainer,
                  color: token.colorText,
                  font: 'inherit',
                  textAlign: 'start',
                  cursor: 'pointer',
                }}
              >
                <Flex justify="space-between" align="flex-start" gap={token.marginSM}>
                  <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
                    {report.title}
                  </Typography.Text>
                  <Tag
                    color={
                      report.status === 'complete' ? 'success' : report.status === 'failed' ? 'error' : 'processing'
                    }
                    style={{ marginInlineEnd: 0, flex: 'none' }}
                  >
                    {researchStatusLabel(report.status)}
                  </Tag>
                </Flex>
                <Typography.Paragraph
                  type="secondary"
                  ellipsis={{ rows: 2 }}
                  style={{ margin: `${token.marginXXS}px 0 ${token.marginXS}px`, fontSize: token.fontSizeSM }}
                >
                  {shortSummary(report)}
                </Typography.Paragraph>
                <Progress
                  percent={report.progress}
                  size="small"
                  status={
                    report.status === 'failed' ? 'exception' : report.status === 'complete' ? 'success' : 'active'
                  }
                />
              </button>
            </li>
          ))}
        </PlainList>
      )}
      <ResearchDialog
        open={detail.open}
        report={detail.report}
        onClose={() => setDetail((d) => ({ ...d, open: false }))}
      />
    </DashboardCard>
  );
}
