import { Col, Row, Typography } from 'antd';
import { CloudServerOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { formatNumber, formatPercent } from '@aide/i18n';
import { useT } from '../i18n/visitor';

/** Spec §1: 10,000+ users, enterprise security, 99.9% uptime (the footer's 'Security' lands here). */
export function TrustStrip() {
  const t = useT();
  const claims = [
    { key: 'users', icon: <TeamOutlined />, value: `${formatNumber(10_000)}+`, label: t('landing.trust.users') },
    {
      key: 'security',
      icon: <SafetyCertificateOutlined />,
      value: t('landing.trust.security'),
      label: t('landing.trust.securityDetail'),
    },
    { key: 'uptime', icon: <CloudServerOutlined />, value: formatPercent(0.999, 1), label: t('landing.trust.uptime') },
  ];
  return (
    <section id="security" className="aide-trust" aria-labelledby="trust-title">
      <div className="aide-landing-container">
        <Typography.Title id="trust-title" level={2} className="aide-trust-title">
          {t('landing.trust.title')}
        </Typography.Title>
        <Row gutter={[24, 24]}>
          {claims.map((c) => (
            <Col key={c.key} xs={24} md={8}>
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
