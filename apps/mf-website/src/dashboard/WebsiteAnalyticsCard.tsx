import { Col, Flex, Progress, Row, Statistic, Typography, theme } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { websiteDashboardSchema } from '@aide/contracts';
import { formatNumber } from '@aide/i18n';
import { DashboardCard, useDashboardPart } from '@aide/ui';
import { useT } from '../i18n';

/** Website Analytics: visitors, page views, blog posts, the SEO score out of 100 and uptime. */
export function WebsiteAnalyticsCard() {
  const { token } = theme.useToken();
  const t = useT();
  const part = useDashboardPart('website', websiteDashboardSchema);
  const a = part.data?.analytics ?? { visitors: 0, pageViews: 0, blogPosts: 0, seoScore: 0, uptime: 0 };
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
            </Typography.Text>
          </Flex>
          <Progress
            percent={a.uptime}
            showInfo={false}
            strokeColor={token.colorSuccess}
            aria-label={t('dashboard.uptime')}
          />
        </div>
      </Flex>
    </DashboardCard>
  );
}
