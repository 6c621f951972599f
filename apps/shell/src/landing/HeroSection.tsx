import { Button, Col, Flex, Row, Tag, Typography } from 'antd';
import { ArrowRightOutlined, CheckCircleFilled, GoogleOutlined, ThunderboltFilled } from '@ant-design/icons';
import { HeroPreview } from './HeroPreview';
import { GOOGLE_URL, LOGIN_URL } from './links';

/** First screen: what Aide is, the two ways in, and a miniature of the app. */
export function HeroSection() {
  return (
    <section className="aide-hero" aria-labelledby="hero-title">
      <div className="aide-landing-container">
        <Row gutter={[48, 48]} align="middle">
          <Col xs={24} lg={12}>
            <Tag className="aide-hero-pill" variant="filled" icon={<ThunderboltFilled />}>
              Your AI-powered personal assistant
            </Tag>
            <Typography.Title id="hero-title" level={1} className="aide-hero-title">
              One assistant for your <span className="aide-gradient-text">work and life</span>
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="aide-hero-lead">
              Tasks, calendar, email, research, documents and travel in one place, with AI that summarises, prioritises
              and plans, so you can focus on what matters.
            </Typography.Paragraph>
            <Flex wrap gap={12} style={{ marginTop: 32 }}>
              <Button type="primary" size="large" href={LOGIN_URL} icon={<ArrowRightOutlined />} iconPlacement="end">
                Get Started Free
              </Button>
              <Button size="large" href={GOOGLE_URL} icon={<GoogleOutlined />}>
                Continue with Google
              </Button>
            </Flex>
            <Flex wrap gap={20} className="aide-hero-points">
              {['Free plan, no card needed', 'Set up in a minute', 'Works on any device'].map((p) => (
                <span key={p}>
                  <CheckCircleFilled /> {p}
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
