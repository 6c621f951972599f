import { Card, Col, Flex, Row, Skeleton, theme } from 'antd';
import { useT } from '../i18n';

/** The Profile screen's shape while GET /api/profile is on its way. */
export function ProfileSkeleton() {
  const t = useT();
  const { token } = theme.useToken();
  return (
    <Row gutter={[token.marginLG, token.marginLG]} role="status" aria-label={t('profile.loading')}>
      <Col xs={24} lg={16}>
        <Flex vertical gap={token.marginLG}>
          <Card>
            <Skeleton avatar={{ size: 64 }} active paragraph={{ rows: 5 }} />
          </Card>
          <Card>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        </Flex>
      </Col>
      <Col xs={24} lg={8}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Col>
    </Row>
  );
}
