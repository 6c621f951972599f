import { Card, Col, Row, Typography } from 'antd';
import { useT } from '../i18n/visitor';
import { FEATURES } from './features';
import { SectionHeading } from './SectionHeading';

/** Spec §1: the four feature areas, one card each. */
export function FeatureSection() {
  const t = useT();
  return (
    <section id="features" className="aide-landing-section" aria-labelledby="features-title">
      <div className="aide-landing-container">
        <SectionHeading
          id="features-title"
          eyebrow={t('landing.features.eyebrow')}
          title={t('landing.features.title')}
          subtitle={t('landing.features.subtitle')}
        />
        <Row gutter={[24, 24]}>
          {FEATURES.map((f) => (
            <Col key={f.key} xs={24} sm={12} lg={6}>
              <Card className="aide-feature-card" hoverable style={{ height: '100%' }}>
                <span
                  className="aide-feature-icon"
                  style={{ color: f.accent, background: `color-mix(in srgb, ${f.accent} 14%, transparent)` }}
                  aria-hidden
                >
                  {f.icon}
                </span>
                <Typography.Title level={3} style={{ fontSize: 18, margin: '20px 0 8px' }}>
                  {t(`landing.features.${f.key}.title`)}
                </Typography.Title>
                <Typography.Paragraph style={{ marginBottom: 8 }}>
                  {t(`landing.features.${f.key}.description`)}
                </Typography.Paragraph>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t(`landing.features.${f.key}.detail`)}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
