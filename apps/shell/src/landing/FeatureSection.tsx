import { Card, Col, Row, Typography } from 'antd';
import { FEATURES } from './features';
import { SectionHeading } from './SectionHeading';

/** Spec §1: the four feature areas, one card each. */
export function FeatureSection() {
  return (
    <section id="features" className="aide-landing-section" aria-labelledby="features-title">
      <div className="aide-landing-container">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need, in one assistant"
          subtitle="Four areas of your life, organised by one AI that knows how they fit together."
        />
        <Row gutter={[24, 24]}>
          {FEATURES.map((f) => (
            <Col key={f.title} xs={24} sm={12} lg={6}>
              <Card className="aide-feature-card" hoverable style={{ height: '100%' }}>
                <span
                  className="aide-feature-icon"
                  style={{ color: f.accent, background: `color-mix(in srgb, ${f.accent} 14%, transparent)` }}
                  aria-hidden
                >
                  {f.icon}
                </span>
                <Typography.Title level={3} style={{ fontSize: 18, margin: '20px 0 8px' }}>
                  {f.title}
                </Typography.Title>
                <Typography.Paragraph style={{ marginBottom: 8 }}>{f.description}</Typography.Paragraph>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {f.detail}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
