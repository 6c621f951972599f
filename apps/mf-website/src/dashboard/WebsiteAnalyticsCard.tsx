import { Col, Flex, Progress, Row, Statistic, Typography, theme } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { uptimeRating, websiteDashboardSchema } from '@aide/contracts';
import { formatDate, formatNumber } from '@aide/i18n';
import { DashboardCard, useDashboardPart } from '@aide/ui';
import { useT } from '../i18n';

/** 'since 12:04' (today) or 'since Nov 3, 2026': when the checks the uptime counts began. */
function sinceText(iso: string, t: ReturnType<typeof useT>, now = new Date()): string {
  const since = new Date(iso);
  return t('dashboard.uptimeSince', {
    when:
      since.toDateString() === now.toDateString()
        ? formatDate(since, { timeStyle: 'short' })
        : formatDate(since, { dateStyle: 'medium' }),
  });
}

/**
 * Website Analytics: visitors, page views, blog posts, the SEO score out of 100 and uptime in its
 * rating colour (spec §9), with since when while the checks cover less than the 30 days.
 */
export function WebsiteAnalyticsCard() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('website', websiteDashboardSchema);
  const a = part.data?.analytics ?? {
    visitors: 0,
    pageViews: 0,
    blogPosts: 0,
    seoScore: 0,
    uptime: 0,
    uptimeSince: null,
  };
  const uptimeRated = uptimeRating(a.uptime);
  const uptimeColour =
    uptimeRated === 'good' ? token.colorSuccess : uptimeRated === 'fair' ? token.colorWarning : token.colorError;
  const seoColour = a.seoScore >= 80 ? token.colorSuccess : a.seoScore >= 50 ? token.colorWarning : token.colorError;
  const small = { content: { fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong } };
  return (
    <DashboardCard title={t('widgets.analytics')} icon={<GlobalOutlined />} query={part}>
      <Flex vertical gap={token.marginMD}>
        <Row gutter={[token.marginSM, token.marginSM]}>
          <Col span={8}>
            <Statistic title={t('dashboard.visitors')} value={formatNumber(a.visitors)} styles={small} />
          </Col>
          <Col span={8}>
            <Statistic title={t('dashboard.pageViews')} value={formatNumber(a.pageViews)} styles={small} />
          </Col>
          <Col span={8}>
            <Statistic title={t('dashboard.blogPosts')} value={formatNumber(a.blogPosts)} styles={small} />
          </Col>
        </Row>
        <div>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{t('dashboard.seoScore')}</Typography.Text>
            <Typography.Text strong>{t('page.scoreOutOf100', { score: formatNumber(a.seoScore) })}</Typography.Text>
          </Flex>
          <Progress
            percent={a.seoScore}
            showInfo={false}
            strokeColor={seoColour}
            aria-label={t('dashboard.seoScoreLabel')}
          />
        </div>
        <div>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{t('dashboard.uptime')}</Typography.Text>
            <Typography.Text strong>
              {formatNumber(Number(a.uptime.toFixed(2)) / 100, { style: 'percent', maximumFractionDigits: 2 })}
              {a.uptimeSince ? (
                <Typography.Text type="secondary" style={{ fontWeight: 'normal' }} data-testid="dashboard-uptime-since">
                  {' '}
                  {sinceText(a.uptimeSince, t)}
                </Typography.Text>
              ) : null}
            </Typography.Text>
          </Flex>
          <Progress percent={a.uptime} showInfo={false} strokeColor={uptimeColour} aria-label={t('dashboard.uptime')} />
        </div>
      </Flex>
    </DashboardCard>
  );
}
