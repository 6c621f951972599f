import { Button, Col, Flex, Row, Tag, Typography } from 'antd';
import { ArrowRightOutlined, CheckCircleFilled, GoogleOutlined, ThunderboltFilled } from '@ant-design/icons';
import { RichText } from '@aide/i18n';
import { useT } from '../i18n/visitor';
import { HeroPreview } from './HeroPreview';
import { GOOGLE_URL, LOGIN_URL } from './links';

const POINTS = ['landing.hero.pointFree', 'landing.hero.pointSetup', 'landing.hero.pointDevices'] as const;

/** First screen: what Aide is, the two ways in, and a miniature of the app. */
export function HeroSection() {
  const t = useT();
  return (
    <section className="aide-hero" aria-labelledby="hero-title">
      <div className="aide-landing-container">
        <Row gutter={[48, 48]} align="middle">
          <Col xs={24} lg={12}>
            <Tag className="aide-hero-pill" variant="filled" icon={<ThunderboltFilled />}>
              {t('landing.hero.pill')}
            </Tag>
            <Typography.Title id="hero-title" level={1} className="aide-hero-title">
              <RichText
                text={t('landing.hero.title')}
                components={{ accent: (words) => <span className="aide-gradient-text">{words}</span> }}
              />
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="aide-hero-lead">
              {t('landing.hero.lead')}
            </Typography.Paragraph>
            <Flex wrap gap={12} style={{ marginTop: 32 }}>
              <Button type="primary" size="large" href={LOGIN_URL} icon={<ArrowRightOutlined />} iconPlacement="end">
                {t('landing.hero.getStarted')}
              </Button>
              <Button size="large" href={GOOGLE_URL} icon={<GoogleOutlined />}>
                {t('landing.hero.google')}
              </Button>
            </Flex>
            <Flex wrap gap={20} className="aide-hero-points">
              {POINTS.map((p) => (
                <span key={p}>
                  <CheckCircleFilled /> {t(p)}
                </span>
              ))}
            </Flex>
          </Col>
          <Col xs={24} lg={12}>
            <HeroPreview />
          </Col>
        </Row>
      </div>
    </section>
  );
}
