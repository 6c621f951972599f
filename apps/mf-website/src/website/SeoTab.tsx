import { Alert, Button, Flex, Progress, Tag, Typography, theme } from 'antd';
import { FileSearchOutlined, SyncOutlined } from '@ant-design/icons';
import type { Website } from '@aide/contracts';
import { CheckList } from './CheckList';
import { formatDateTime, isRunning, RATING_LABELS, ratingColor, seoRatingOf } from './websiteView';

export const SEO_TEXT = {
  score: 'SEO score',
  run: 'Run SEO audit',
  running: 'Auditing the home page…',
  pending: 'The SEO audit is queued…',
  never: 'Not audited yet',
  neverHint:
    'Run an SEO audit: Aide fetches the home page and checks its title, description, headings, images, links and more.',
  lastAudit: (when: string) => `Last audit ${when}`,
  failed: 'The SEO audit failed',
  checks: 'Checks',
  points: (points: number, max: number) => `${points}/${max}`,
} as const;

/** Spec §2 SEO (DECISIONS: the score from a real audit): the score in its colour, the checks with what to fix, and Run SEO audit. */
export function SeoTab({ site, busy, onAudit }: { site: Website; busy: boolean; onAudit: () => void }) {
  const { token } = theme.useToken();
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
          aria-label={SEO_TEXT.score}
          aria-valuetext={seoScore === null ? SEO_TEXT.never : `${seoScore} out of 100`}
        />
        <Flex vertical gap={token.marginXXS} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography.Text strong>
            {SEO_TEXT.score}
            {rating ? (
              <Tag
                color={rating === 'good' ? 'success' : rating === 'fair' ? 'warning' : 'error'}
                style={{ marginInlineStart: token.marginXS }}
                data-rating={rating}
              >
                {RATING_LABELS[rating]}
              </Tag>
            ) : null}
          </Typography.Text>
          <Typography.Text type="secondary">
            {seo.checkedAt ? SEO_TEXT.lastAudit(formatDateTime(seo.checkedAt)) : SEO_TEXT.never}
          </Typography.Text>
          {running ? (
            <Typography.Text role="status" aria-live="polite">
              <SyncOutlined spin aria-hidden /> {seo.status === 'pending' ? SEO_TEXT.pending : SEO_TEXT.running}
            </Typography.Text>
          ) : null}
          {!seo.checkedAt && !running ? (
            <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
              {SEO_TEXT.neverHint}
            </Typography.Text>
          ) : null}
          <div style={{ marginTop: token.marginXS }}>
            <Button icon={<FileSearchOutlined />} loading={running || busy} onClick={onAudit}>
              {SEO_TEXT.run}
            </Button>
          </div>
        </Flex>
      </Flex>

      {seo.status === 'failed' ? (
        <Alert type="error" showIcon title={SEO_TEXT.failed} description={seo.error ?? undefined} />
      ) : null}

      {seo.checks.length ? (
        <CheckList
          title={SEO_TEXT.checks}
          checks={seo.checks}
          aside={(check) => SEO_TEXT.points(check.points, check.max)}
        />
      ) : null}
    </Flex>
  );
}
