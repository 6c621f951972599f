import { Col, Row, Typography } from 'antd';
import { CloudServerOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';

const CLAIMS = [
  { icon: <TeamOutlined />, value: '10,000+', label: 'users' },
  { icon: <SafetyCertificateOutlined />, value: 'Enterprise security', label: 'encrypted sessions and secrets' },
  { icon: <CloudServerOutlined />, value: '99.9%', label: 'uptime' },
];

/** Spec §1: 10,000+ users, enterprise security, 99.9% uptime (the footer's 'Security' lands here). */
export function TrustStrip() {
  return (
    <section id="security" className="aide-trust" aria-labelledby="trust-title">
      <div className="aide-landing-container">
        <Typography.Title id="trust-title" level={2} className="aide-trust-title">
          Trusted, secure and always on
        </Typography.Title>
        <Row gutter={[24, 24]}>
          {CLAIMS.map((c) => (
            <Col key={c.label} xs={24} md={8}>
              <div className="aide-trust-item">
                <span className="aide-trust-icon" aria-hidden>
                  {c.icon}
                </span>
                <div>
                  <div className="aide-trust-value">{c.value}</div>
                  <Typography.Text type="secondary">{c.label}</Typography.Text>
                </div>
              </div>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
