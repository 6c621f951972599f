import { Col, Flex, Progress, Row, Statistic, Typography, theme } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { websiteDashboardSchema } from '@aide/contracts';
import { DashboardCard, useDashboardPart } from '@aide/ui';

/** Website Analytics: visitors, page views, blog posts, the SEO score out of 100 and uptime. */
export function WebsiteAnalyticsCard() {
  const { token } = theme.useToken();
  const part = useDashboardPart('website', websiteDashboardSchema);
  const a = part.data?.analytics ?? { visitors: 0, pageViews: 0, blogPosts: 0, seoScore: 0, uptime: 0 };
  const seoColour = a.seoScore >= 80 ? token.colorSuccess : a.seoScore >= 50 ? token.colorWarning : token.colorError;
  const small = { content: { fontSize: token.fontSizeHeading4, fontWeight: token.fontWeightStrong } };
  return (
    <DashboardCard title="Website Analytics" icon={<GlobalOutlined />} query={part}>
      <Flex vertical gap={token.marginMD}>
        <Row gutter={[token.marginSM, token.marginSM]}>
          <Col span={8}>
            <Statistic title="Visitors" value={a.visitors} styles={small} />
          </Col>
          <Col span={8}>
            <Statistic title="Page Views" value={a.pageViews} styles={small} />
          </Col>
          <Col span={8}>
            <Statistic title="Blog Posts" value={a.blogPosts} styles={small} />
          </Col>
        </Row>
        <div>
          <Flex justify="space-between">
            <Typography.Text type="secondary">SEO Score</Typography.Text>
            <Typography.Text strong>{`${a.seoScore}/100`}</Typography.Text>
          </Flex>
          <Progress percent={a.seoScore} showInfo={false} strokeColor={seoColour} aria-label="SEO score" />
        </div>
        <div>
          <Flex justify="space-between">
            <Typography.Text type="secondary">Uptime</Typography.Text>
            <Typography.Text strong>{`${Number(a.uptime.toFixed(2))}%`}</Typography.Text>
          </Flex>
          <Progress percent={a.uptime} showInfo={false} strokeColor={token.colorSuccess} aria-label="Uptime" />
        </div>
      </Flex>
    </DashboardCard>
  );
}
