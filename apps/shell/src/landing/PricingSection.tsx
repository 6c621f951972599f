import { Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { PRICING_PLANS, type PricingPlan } from './pricing-plans';
import { SectionHeading } from './SectionHeading';

function PlanCard({ plan }: { plan: PricingPlan }) {
  return (
    <Card
      className={plan.popular ? 'aide-plan aide-plan-popular' : 'aide-plan'}
      style={{ height: '100%' }}
      styles={{ body: { padding: 32, height: '100%', display: 'flex', flexDirection: 'column' } }}
      aria-labelledby={`plan-${plan.name}`}
      role="group"
    >
      <Flex justify="space-between" align="center">
        <Typography.Title id={`plan-${plan.name}`} level={3} style={{ margin: 0, fontSize: 20 }}>
          {plan.name}
        </Typography.Title>
        {plan.popular && (
          <Tag color="processing" variant="solid" style={{ marginInlineEnd: 0, borderRadius: 999 }}>
            Most Popular
          </Tag>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 20px' }}>
        {plan.description}
      </Typography.Paragraph>
      <Flex align="baseline" gap={8} style={{ marginBottom: 24 }}>
        <span className="aide-plan-price">{plan.price}</span>
        {plan.period && <Typography.Text type="secondary">{plan.period}</Typography.Text>}
      </Flex>
      <ul className="aide-plan-features">
        {plan.features.map((f) => (
          <li key={f}>
            <CheckCircleFilled aria-hidden /> <span>{f}</span>
          </li>
        ))}
      </ul>
      <Button
        block
        size="large"
        type={plan.popular ? 'primary' : 'default'}
        href={plan.href}
        style={{ marginTop: 'auto' }}
        aria-describedby={`plan-${plan.name}`}
      >
        {plan.cta}
      </Button>
    </Card>
  );
}

/** Spec §9: Free, Premium (Most Popular) and Enterprise; every button leads to sign-in. */
export function PricingSection() {
  return (
    <section id="pricing" className="aide-landing-section aide-landing-section-alt" aria-labelledby="pricing-title">
      <div className="aide-landing-container">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple, transparent pricing"
          subtitle="Start free. Upgrade when you need more."
        />
        <Row gutter={[24, 24]} align="stretch" justify="center">
          {PRICING_PLANS.map((plan) => (
            <Col key={plan.name} xs={24} md={8} style={{ maxWidth: 400 }}>
              <PlanCard plan={plan} />
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
