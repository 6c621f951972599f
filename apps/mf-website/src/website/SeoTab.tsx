import { lazy, Suspense } from 'react';
import { Alert, Button, Flex, Progress, Skeleton, Tag, Typography, theme } from 'antd';
import { FileSearchOutlined, SyncOutlined } from '@ant-design/icons';
import type { Website } from '@aide/contracts';
import { CheckList } from './CheckList';
import { formatCount, formatDateTime, isRunning, ratingColor, ratingLabel, seoRatingOf } from './websiteView';
import { useT } from '../i18n';

const SeoPages = lazy(() => import('./SeoPages'));

/**
 * Spec §2 SEO (DECISIONS: the score from a real audit): the score in its colour, the site's checks
 * with what to fix (its page checks over every audited page), each audited page's own findings, and
 * Run SEO audit.
 */
export function SeoTab({ site, busy, onAudit }: { site: Website; busy: boolean; onAudit: () => void }) {
  const { token } = theme.useToken();
  const t = useT();
  const { seo, seoScore } = site;
  const running = isRunning(seo.status);
  const rating = seoRatingOf(seoScore);
  const color = ratingColor(rating, token);

  return (
    <Flex vertical gap={token.marginMD}>
      <Flex wrap gap={token.marginLG} align="center">
        <Progress
          type="dashboard"
          percent={seoScore ?? 0}
          strokeColor={color}
          railColor={token.colorFillSecondary}
          size={112}
          format={() => (
            <span style={{ color: seoScore === null ? token.colorTextSecondary : color }} data-testid="seo-score">
              {seoScore === null ? '—' : seoScore}
            </span>
          )}
          aria-label={t('seo.score')}
          aria-valuetext={seoScore === null ? t('seo.never') : t('seo.outOf100', { score: seoScore })}
        />
        <Flex vertical gap={token.marginXXS} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography.Text strong>
            {t('seo.score')}
            {rating ? (
              <Tag
                color={rating === 'good' ? 'success' : rating === 'fair' ? 'warning' : 'error'}
                style={{ marginInlineStart: token.marginXS }}
                data-rating={rating}
              >
                {ratingLabel(rating)}
              </Tag>
            ) : null}
          </Typography.Text>
          <Typography.Text type="secondary">
            {seo.checkedAt ? t('seo.lastAudit', { when: formatDateTime(seo.checkedAt) }) : t('seo.never')}
          </Typography.Text>
          {running ? (
            <Typography.Text role="status" aria-live="polite">
              <SyncOutlined spin aria-hidden /> {seo.status === 'pending' ? t('seo.pending') : t('seo.running')}
            </Typography.Text>
          ) : null}
          {!seo.checkedAt && !running ? (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {t('seo.neverHint')}
            </Typography.Text>
          ) : null}
          <div style={{ marginTop: token.marginXS }}>
            <Button icon={<FileSearchOutlined />} loading={running || busy} onClick={onAudit}>
              {t('seo.run')}
            </Button>
          </div>
        </Flex>
      </Flex>

      {seo.status === 'failed' ? (
        <Alert type="error" showIcon title={t('seo.failed')} description={seo.error ?? undefined} />
      ) : null}

      {seo.checks.length ? (
        <CheckList
          title={t('seo.checks')}
          checks={seo.checks}
          kind="seo"
          aside={(check) => t('seo.points', { points: formatCount(check.points), max: formatCount(check.max) })}
        />
      ) : null}

      {seo.pages.length ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <SeoPages pages={seo.pages} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
