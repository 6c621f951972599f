import { lazy, Suspense, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useNavigate, Link } from 'react-router-dom';
import { Alert, Button, Collapse, Empty, Flex, Modal, Progress, Skeleton, Tag, Typography, theme } from 'antd';
import { FileTextOutlined, LinkOutlined, MailOutlined, ShareAltOutlined } from '@ant-design/icons';
import { RichText } from '@aide/i18n';
import { CREDIBILITY_FACTORS, type ResearchReport, type ResearchSource } from '@aide/contracts';
import { useT } from '../i18n';
import { CredibilityTag, StatusTag } from './ResearchCard';
import { reportDate, reportDateTime } from './dates';
import { renderReport, sourceAnchorId } from './renderReport';
import { categoryLabel, isRunning, sourceLabel, statusLabel } from './researchView';
import { VisuallyHidden } from '@aide/ui';

/** Issue 27: not on the first screen, so loaded when the person asks for posts. */
const CreatePostsDialog = lazy(() => import('./CreatePostsDialog'));

const KIND_ICONS = {
  web: <LinkOutlined aria-hidden />,
  document: <FileTextOutlined aria-hidden />,
  email: <MailOutlined aria-hidden />,
};

/** An in-app path (/documents?open=…), as opposed to a web address. */
const isAppPath = (href: string) => href.startsWith('/') && !href.startsWith('//');

function SourceTitle({ source }: { source: ResearchSource }) {
  const icon = KIND_ICONS[source.kind];
  if (source.kind === 'web') {
    return (
      <Typography.Link href={source.url} target="_blank" rel="noopener noreferrer" strong>
        {icon} {source.title}
      </Typography.Link>
    );
  }
  return isAppPath(source.url) ? (
    <Link to={source.url} className="aide-research-source-link">
      <Typography.Text strong style={{ color: 'inherit' }}>
        {icon} {source.title}
      </Typography.Text>
    </Link>
  ) : (
    <Typography.Text strong>
      {icon} {source.title}
    </Typography.Text>
  );
}

function SourceItem({ source, highlighted }: { source: ResearchSource; highlighted: boolean }) {
  const { token } = theme.useToken();
  const t = useT();
  // The title is the item's heading; the meta line says where it is from.
  const meta = [
    source.kind === 'web' ? source.site : sourceLabel(source),
    source.author ? t('report.by', { author: source.author }) : null,
    source.publishedAt ? t('report.published', { date: reportDate(source.publishedAt) }) : null,
  ].filter(Boolean);
  return (
    <li
      id={sourceAnchorId(source.number)}
      tabIndex={-1}
      className={highlighted ? 'aide-research-source aide-research-source-highlight' : 'aide-research-source'}
      aria-current={highlighted ? 'true' : undefined}
    >
      <Flex gap={token.marginSM} align="flex-start">
        <span
          className="aide-research-source-number"
          role="img"
          aria-label={t('report.source', { number: source.number })}
        >
          [{source.number}]
        </span>
        <Flex vertical gap={token.marginXXS} style={{ minWidth: 0, flex: 1 }}>
          <Flex wrap justify="space-between" align="center" gap={token.marginXS}>
            <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <SourceTitle source={source} />
            </span>
            <CredibilityTag score={source.credibility.score} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {meta.join(' · ')}
          </Typography.Text>
          {source.excerpt ? (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2, expandable: true, symbol: t('report.moreExcerpt') }}
              style={{ margin: 0, fontSize: token.fontSizeSM }}
            >
              {source.excerpt}
            </Typography.Paragraph>
          ) : null}
          {source.credibility.parts.length ? (
            <Collapse
              ghost
              size="small"
              items={[
                {
                  key: 'parts',
                  label: t('report.scoreParts'),
                  children: (
                    <ul className="aide-research-score-parts">
                      {source.credibility.parts.map((part) => (
                        <li key={part.factor}>
                          <Typography.Text strong>
                            {part.factor in CREDIBILITY_FACTORS ? t(`factor.${part.factor}`) : part.factor}
                          </Typography.Text>{' '}
                          <Typography.Text>{`${part.points}/${part.max}`}</Typography.Text>
                          <Typography.Text type="secondary">{` · ${part.reason}`}</Typography.Text>
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          ) : null}
        </Flex>
      </Flex>
    </li>
  );
}

export interface ReportDialogProps {
  open: boolean;
  /** The report to show; null while the list loads, or when `missing`. */
  report: ResearchReport | null;
  loading?: boolean;
  /** The address names a report the user does not have. */
  missing?: boolean;
  onClose: () => void;
}

/** The full report: its meta, the Markdown (safe) with clickable citations, and the scored sources. */
export function ReportDialog({ open, report, loading, missing, onClose }: ReportDialogProps) {
  const { token } = theme.useToken();
  const t = useT();
  const navigate = useNavigate();
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const [creatingPosts, setCreatingPosts] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Another report clears the highlight (adjusted during render, not in an effect).
  const reportId = report?.id;
  const [highlightFor, setHighlightFor] = useState(reportId);
  if (highlightFor !== reportId) {
    setHighlightFor(reportId);
    setHighlighted(null);
  }

  const content = report?.content;
  const sourceDetails = report?.sourceDetails;
  const sources = sourceDetails ?? [];
  const html = useMemo(() => {
    const numbers = (sourceDetails ?? []).map((s) => s.number);
    return content ? renderReport(content, { sourceNumbers: numbers, hideSourcesSection: numbers.length > 0 }) : '';
  }, [content, sourceDetails]);

  const showSource = (n: number) => {
    setHighlighted(n);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlighted(null), 2500);
    const target = document.getElementById(sourceAnchorId(n));
    target?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    target?.focus({ preventScroll: true });
  };

  /** Citations scroll to their source; in-app links navigate inside the app (the HTML is sanitised, not React). */
  const onContentClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a');
    if (!link) return;
    const href = link.getAttribute('href') ?? '';
    const cited = Number(link.getAttribute('data-source'));
    if (href.startsWith('#') && cited) {
      event.preventDefault();
      showSource(cited);
    } else if (isAppPath(href) && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault();
      void navigate(href);
    }
  };

  const body = () => {
    if (missing)
      return (
        <Empty
          description={
            <Flex vertical>
              <Typography.Text strong>{t('report.notFound')}</Typography.Text>
              <Typography.Text type="secondary">{t('report.notFoundHint')}</Typography.Text>
            </Flex>
          }
        />
      );
    if (!report || loading) return <Skeleton active paragraph={{ rows: 8 }} />;
    return (
      <Flex vertical gap={token.marginMD}>
        <Flex wrap align="center" gap={token.marginXS} className="aide-research-meta">
          <StatusTag status={report.status} />
          <Typography.Text type="secondary">
            <RichText
              text={
                report.completedAt
                  ? t('report.completedOn', { date: reportDate(report.completedAt) })
                  : t('report.startedOn', { date: reportDate(report.createdAt) })
              }
              components={{
                time: (date) => {
                  const at = report.completedAt ?? report.createdAt;
                  return (
                    <time dateTime={at} title={reportDateTime(at)}>
                      {date}
                    </time>
                  );
                },
              }}
            />
          </Typography.Text>
          {report.category ? (
            <Tag color="blue" variant="filled">
              {/* Read as 'Category: Environment'; seen as 'Environment'. */}
              <VisuallyHidden>{t('report.category', { category: categoryLabel(report.category) })}</VisuallyHidden>
              <span aria-hidden>{categoryLabel(report.category)}</span>
            </Tag>
          ) : null}
          {(report.tags ?? []).map((tag) => (
            <Tag key={tag} variant="filled">
              #{tag}
            </Tag>
          ))}
          {report.credibilityScore !== null ? (
            <span title={t('report.credibilityHow')}>
              <VisuallyHidden>{t('report.credibility', { score: report.credibilityScore })}</VisuallyHidden>
              <span aria-hidden>
                <CredibilityTag score={report.credibilityScore} />
              </span>
            </span>
          ) : null}
        </Flex>

        {isRunning(report) ? (
          <div role="status">
            <Progress
              percent={Math.max(0, Math.min(100, report.progress))}
              status="active"
              aria-label={t('card.progress', { topic: report.topic })}
            />
            <Typography.Text type="secondary">{report.stage ?? statusLabel(report.status)}</Typography.Text>
          </div>
        ) : null}
        {report.status === 'failed' ? (
          <Alert type="error" showIcon title={t('report.failed')} description={report.error ?? undefined} />
        ) : null}

        {html ? (
          // The links inside are real links: Enter on one is a click, which lands here.
          <div className="aide-research-report" onClick={onContentClick} dangerouslySetInnerHTML={{ __html: html }} />
        ) : report.summary ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>{report.summary}</Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('report.noContent')}</Typography.Text>
        )}

        {sources.length || report.status === 'completed' ? (
          <section aria-labelledby="aide-research-sources-title">
            <Typography.Title
              id="aide-research-sources-title"
              level={3}
              style={{ fontSize: token.fontSizeLG, marginTop: token.marginXS }}
            >
              {t('report.sources')}
            </Typography.Title>
            {report.credibilityScore !== null ? (
              <Typography.Paragraph type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {t('report.credibilityHow')}
              </Typography.Paragraph>
            ) : null}
            {sources.length ? (
              <ol className="aide-research-source-list">
                {sources.map((source) => (
                  <SourceItem key={source.number} source={source} highlighted={highlighted === source.number} />
                ))}
              </ol>
            ) : (
              <Typography.Text type="secondary">{t('report.noSources')}</Typography.Text>
            )}
          </section>
        ) : null}
      </Flex>
    );
  };

  return (
    <Modal
      open={open}
      title={
        report && !missing ? <span style={{ overflowWrap: 'anywhere' }}>{report.topic}</span> : t('report.loadingTitle')
      }
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={token.marginXS} wrap>
          {report?.status === 'completed' && !missing && (
            <Button icon={<ShareAltOutlined aria-hidden />} onClick={() => setCreatingPosts(true)}>
              {t('report.createPosts')}
            </Button>
          )}
          <Button onClick={onClose}>{t('report.close')}</Button>
        </Flex>
      }
      width={{ xs: '100%', sm: '94%', lg: 960 }}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' } }}
      destroyOnHidden
    >
      {body()}
      {creatingPosts && report && (
        <Suspense fallback={null}>
          <CreatePostsDialog report={report} onClose={() => setCreatingPosts(false)} />
        </Suspense>
      )}
    </Modal>
  );
}
