import { Button, Card, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { formatCurrency } from '@aide/i18n';
import { useT } from '../i18n/visitor';
import { PRICING_PLANS, type PricingPlan } from './pricing-plans';
import { SectionHeading } from './SectionHeading';

/** '$19' in English, '19 US$' in Spanish: whole dollars, in the reader's way of writing money. */
const price = (usd: number) => formatCurrency(usd, 'USD', { minimumFractionDigits: 0, maximumFractionDigits: 0 });

function PlanCard({ plan }: { plan: PricingPlan }) {
  const t = useT();
  const { token } = theme.useToken();
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
          <Tag color={token.colorPrimary} variant="solid" style={{ marginInlineEnd: 0, borderRadius: 999 }}>
            {t('landing.pricing.mostPopular')}
          </Tag>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 20px' }}>
        {t(plan.descriptionKey)}
      </Typography.Paragraph>
      <Flex align="baseline" gap={8} style={{ marginBottom: 24 }}>
        <span className="aide-plan-price">
          {plan.priceUsd === null ? t('landing.pricing.contact') : price(plan.priceUsd)}
        </span>
        {plan.priceUsd !== null && <Typography.Text type="secondary">{t('landing.pricing.perMonth')}</Typography.Text>}
      </Flex>
      <ul className="aide-plan-features">
        {plan.features.map((f) => (
          <li key={f}>
            <CheckCircleFilled aria-hidden /> <span>{t(f)}</span>
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
        {t(plan.cta)}
      </Button>
    </Card>
  );
}

/** Spec §9: Free, Premium (Most Popular) and Enterprise; every button leads to sign-in. */
export function PricingSection() {
  const t = useT();
  return (
    <section id="pricing" className="aide-landing-section aide-landing-section-alt" aria-labelledby="pricing-title">
      <div className="aide-landing-container">
        <SectionHeading
          id="pricing-title"
          eyebrow={t('landing.pricing.eyebrow')}
          title={t('landing.pricing.title')}
          subtitle={t('landing.pricing.subtitle')}
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
