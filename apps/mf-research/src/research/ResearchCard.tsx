import type { ReactNode } from 'react';
import { Alert, Button, Card, Dropdown, Flex, Progress, Tag, Tooltip, Typography, theme, type MenuProps } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  FileTextOutlined,
  InboxOutlined,
  LinkOutlined,
  MailOutlined,
  MoreOutlined,
  RedoOutlined,
  SyncOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { ResearchReport, ResearchStatus } from '@aide/contracts';
import { useT } from '../i18n';
import { reportDate, reportDateTime } from './dates';
import {
  cardSources,
  categoryLabel,
  credibilityText,
  credibilityTone,
  isRunning,
  statusLabel,
  summaryPreview,
  type SourceChip,
} from './researchView';

export type ResearchAction = 'view' | 'rerun' | 'edit' | 'archive' | 'delete';

const STATUS_TAGS: Record<ResearchStatus, { color: string; icon: ReactNode }> = {
  pending: { color: 'default', icon: <ClockCircleOutlined /> },
  in_progress: { color: 'processing', icon: <SyncOutlined spin /> },
  completed: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

const tagStyle = { marginInlineEnd: 0 };

export function StatusTag({ status }: { status: ResearchStatus }) {
  useT(); // Renders again in another language.
  const { color, icon } = STATUS_TAGS[status];
  return (
    <Tag color={color} icon={icon} style={tagStyle}>
      {statusLabel(status)}
    </Tag>
  );
}

/** 'Credibility 78/100' in green, gold or red. */
export function CredibilityTag({ score }: { score: number }) {
  useT(); // Renders again in another language.
  return (
    <Tag color={credibilityTone(score)} style={tagStyle}>
      {credibilityText(score)}
    </Tag>
  );
}

const KIND_ICONS = {
  web: <LinkOutlined aria-hidden />,
  document: <FileTextOutlined aria-hidden />,
  email: <MailOutlined aria-hidden />,
};

/** A web source opens in a new tab; the user's own document or email opens in the app. */
export function SourceLink({ source }: { source: SourceChip }) {
  const icon = KIND_ICONS[source.kind];
  const content = (
    <>
      {icon} {source.label}
    </>
  );
  if (!source.href) return <Typography.Text type="secondary">{content}</Typography.Text>;
  if (source.kind === 'web') {
    return (
      <Typography.Link href={source.href} target="_blank" rel="noopener noreferrer" title={source.title} ellipsis>
        {content}
      </Typography.Link>
    );
  }
  return (
    <Link to={source.href} title={source.title} className="aide-research-source-link">
      {content}
    </Link>
  );
}

/** The id of a card's actions button: a dialog opened from its menu gives the focus back to it. */
export const actionsButtonId = (id: number) => `research-actions-${id}`;

export interface ResearchCardProps {
  report: ResearchReport;
  onAction: (action: ResearchAction) => void;
}

export function ResearchCard({ report, onAction }: ResearchCardProps) {
  const { token } = theme.useToken();
  const t = useT();
  const running = isRunning(report);
  const summary = summaryPreview(report.summary);
  const sources = cardSources(report);
  const headingId = `research-card-${report.id}`;

  const menu: MenuProps['items'] = [
    {
      key: 'rerun',
      label: running ? <Tooltip title={t('card.rerunWhileRunning')}>{t('card.rerun')}</Tooltip> : t('card.rerun'),
      icon: <RedoOutlined aria-hidden />,
      disabled: running,
    },
    { key: 'edit', label: t('card.edit'), icon: <EditOutlined aria-hidden /> },
    {
      key: 'archive',
      label: report.isArchived ? t('card.unarchive') : t('card.archive'),
      icon: report.isArchived ? <UndoOutlined aria-hidden /> : <InboxOutlined aria-hidden />,
    },
    { type: 'divider' },
    { key: 'delete', label: t('card.delete'), icon: <DeleteOutlined aria-hidden />, danger: true },
  ];

  return (
    <article aria-labelledby={headingId} data-testid={`research-${report.id}`} className="aide-research-card-frame">
      <Card
        className={report.isArchived ? 'aide-research-card aide-research-card-archived' : 'aide-research-card'}
        styles={{
          body: {
            display: 'flex',
            flexDirection: 'column',
            gap: token.marginSM,
            height: '100%',
            padding: token.padding,
          },
        }}
      >
        <Flex align="flex-start" justify="space-between" gap={token.marginXS}>
          <Typography.Title
            id={headingId}
            level={2}
            className="aide-research-card-topic"
            style={{ margin: 0, fontSize: token.fontSizeLG, lineHeight: token.lineHeightLG }}
          >
            {report.topic}
          </Typography.Title>
          <Dropdown trigger={['click']} menu={{ items: menu, onClick: ({ key }) => onAction(key as ResearchAction) }}>
            <Button
              id={actionsButtonId(report.id)}
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('card.actions', { topic: report.topic })}
            />
          </Dropdown>
        </Flex>

        <Flex wrap align="center" gap={token.marginXXS}>
          <StatusTag status={report.status} />
          {report.isArchived ? (
            <Tag icon={<InboxOutlined />} style={tagStyle}>
              {t('card.archived')}
            </Tag>
          ) : null}
          {report.category ? (
            <Tag color="blue" variant="filled" style={tagStyle}>
              {categoryLabel(report.category)}
            </Tag>
          ) : null}
          {(report.tags ?? []).map((tag) => (
            <Tag key={tag} variant="filled" style={tagStyle}>
              #{tag}
            </Tag>
          ))}
          <Tooltip title={reportDateTime(report.createdAt)}>
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, marginInlineStart: 'auto' }}>
              <time dateTime={report.createdAt}>{reportDate(report.createdAt)}</time>
            </Typography.Text>
          </Tooltip>
        </Flex>

        {summary.lines.length ? (
          <div className="aide-research-summary">
            {summary.lines.map((line, i) => (
              <Typography.Paragraph key={i} style={{ margin: 0 }}>
                {line}
              </Typography.Paragraph>
            ))}
            {summary.more ? (
              // A button (a link without an address cannot be reached with the keyboard).
              <Button
                type="link"
                size="small"
                onClick={() => onAction('view')}
                aria-label={t('card.readMoreOf', { topic: report.topic })}
                className="aide-research-read-more"
              >
                {t('card.readMore')}
              </Button>
            ) : null}
          </div>
        ) : null}

        {sources.shown.length ? (
          <div aria-label={t('card.sourcesOf', { topic: report.topic })} role="group">
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {t('card.sources')}
            </Typography.Text>
            <ul className="aide-research-sources">
              {sources.shown.map((source) => (
                <li key={source.key}>
                  <SourceLink source={source} />
                </li>
              ))}
              {sources.hidden ? (
                <li>
                  <Typography.Text type="secondary">{t('card.moreSources', { count: sources.hidden })}</Typography.Text>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}

        {running ? (
          <div role="status" aria-live="polite">
            <Progress
              percent={Math.max(0, Math.min(100, report.progress))}
              size="small"
              status="active"
              aria-label={t('card.progress', { topic: report.topic })}
            />
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {report.stage ?? (report.status === 'pending' ? t('card.waiting') : statusLabel('in_progress'))}
            </Typography.Text>
          </div>
        ) : null}

        {report.status === 'failed' ? (
          <Flex vertical align="flex-start" gap={token.marginXS} style={{ marginTop: 'auto' }}>
            {/* The reason gets the card's whole width; the action sits under it. */}
            <Alert
              type="error"
              showIcon
              title={t('card.failed')}
              description={report.error ?? undefined}
              style={{ width: '100%' }}
            />
            <Button size="small" icon={<RedoOutlined />} onClick={() => onAction('rerun')}>
              {t('card.rerun')}
            </Button>
          </Flex>
        ) : null}

        {report.status === 'completed' ? (
          <Flex wrap align="center" justify="space-between" gap={token.marginXS} style={{ marginTop: 'auto' }}>
            {report.credibilityScore !== null ? <CredibilityTag score={report.credibilityScore} /> : <span />}
            <Button type="primary" ghost icon={<FileTextOutlined />} onClick={() => onAction('view')}>
              {t('card.viewFullReport')}
            </Button>
          </Flex>
        ) : null}
      </Card>
    </article>
  );
}
