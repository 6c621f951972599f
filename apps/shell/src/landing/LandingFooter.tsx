import { Col, Divider, Row, Typography } from 'antd';
import { useT } from '../i18n/visitor';
import { BRAND } from './links';

/** Spec §2: the footer's links; Features, Pricing and Security scroll to their sections, the rest are placeholders. */
const GROUPS = [
  {
    titleKey: 'landing.footer.product',
    links: [
      { labelKey: 'landing.links.features', href: '#features' },
      { labelKey: 'landing.links.pricing', href: '#pricing' },
      { labelKey: 'landing.links.security', href: '#security' },
    ],
  },
  {
    titleKey: 'landing.footer.support',
    links: [
      { labelKey: 'landing.footer.documentation', href: '#' },
      { labelKey: 'landing.footer.helpCenter', href: '#' },
      { labelKey: 'landing.footer.contact', href: '#' },
    ],
  },
  {
    titleKey: 'landing.footer.company',
    links: [
      { labelKey: 'landing.footer.about', href: '#' },
      { labelKey: 'landing.footer.privacy', href: '#' },
      { labelKey: 'landing.footer.terms', href: '#' },
    ],
  },
] as const;

export function LandingFooter() {
  const t = useT();
  return (
    <footer className="aide-landing-footer">
      <div className="aide-landing-container">
        <Row gutter={[32, 32]}>
          <Col xs={24} md={9}>
            <a href="#top" className="aide-landing-brand" aria-label={t('landing.header.home')}>
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span>{BRAND}</span>
            </a>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, maxWidth: 300 }}>
              {t('landing.footer.tagline')}
            </Typography.Paragraph>
          </Col>
          {GROUPS.map((g) => (
            <Col key={g.titleKey} xs={8} md={5}>
              <nav aria-label={t(g.titleKey)}>
                <Typography.Title level={3} className="aide-footer-title">
                  {t(g.titleKey)}
                </Typography.Title>
                <ul className="aide-footer-links">
                  {g.links.map((l) => (
                    <li key={l.labelKey}>
                      <Typography.Link href={l.href}>{t(l.labelKey)}</Typography.Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </Col>
          ))}
        </Row>
        <Divider />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('landing.footer.copyright', { year: String(new Date().getFullYear()) })}
        </Typography.Text>
      </div>
    </footer>
  );
}
