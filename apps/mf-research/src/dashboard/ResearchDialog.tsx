import { Button, Empty, Flex, Modal, Progress, Tag, Typography, theme } from 'antd';
import type { ResearchSummary } from '@aide/contracts';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n';
import { readableContent, researchStatusLabel, shortSummary } from './researchSummary';

export interface ResearchDialogProps {
  open: boolean;
  report: ResearchSummary | null;
  onClose: () => void;
}

/** A research report's content and sources; sources starting with http are links. */
export function ResearchDialog({ open, report, onClose }: ResearchDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const navigate = useNavigate();
  const hubPath = report ? `/research?open=${report.id}` : '';
  return (
    <Modal
      open={open}
      title={report?.title}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          {report ? (
            // One link that looks like a button (a button inside a link is two controls in one).
            <Button
              type="primary"
              href={hubPath}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                onClose();
                void navigate(hubPath);
              }}
            >
              {t('dashboard.open')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('dashboard.close')}</Button>
        </Flex>
      }
      width={640}
    >
      {report ? (
        <Flex vertical gap={token.marginMD} style={{ marginTop: token.marginSM }}>
          <Flex align="center" gap={token.marginSM}>
            <Tag
              color={report.status === 'complete' ? 'success' : report.status === 'failed' ? 'error' : 'processing'}
              style={{ marginInlineEnd: 0 }}
            >
              {researchStatusLabel(report.status)}
            </Tag>
            <Progress
              percent={report.progress}
              size="small"
              style={{ flex: 1, margin: 0 }}
              status={report.status === 'failed' ? 'exception' : undefined}
            />
          </Flex>
          <div>
            <Typography.Title level={5}>{t('dashboard.content')}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', maxHeight: 360, overflowY: 'auto', margin: 0 }}>
              {readableContent(report.content) ?? shortSummary(report)}
            </Typography.Paragraph>
          </div>
          <div>
            <Typography.Title level={5}>{t('dashboard.sources')}</Typography.Title>
            {report.sources.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('dashboard.noSources')}
                style={{ margin: 0 }}
              />
            ) : (
              <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                {report.sources.map((source, i) => (
                  <li key={i} style={{ overflowWrap: 'anywhere' }}>
                    {source.startsWith('http') ? (
                      <Typography.Link href={source} target="_blank" rel="noopener noreferrer">
                        {source}
                      </Typography.Link>
                    ) : (
                      source
                    )}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </Flex>
      ) : null}
    </Modal>
  );
}
