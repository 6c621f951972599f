import { Col, Divider, Row, Typography } from 'antd';

/** Spec §2: the footer's links; Features, Pricing and Security scroll to their sections, the rest are placeholders. */
const GROUPS = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'Security', href: '#security' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Documentation', href: '#' },
      { label: 'Help Center', href: '#' },
      { label: 'Contact', href: '#' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '#' },
      { label: 'Privacy', href: '#' },
      { label: 'Terms', href: '#' },
    ],
  },
];

export function LandingFooter() {
  return (
    <footer className="aide-landing-footer">
      <div className="aide-landing-container">
        <Row gutter={[32, 32]}>
          <Col xs={24} md={9}>
            <a href="#top" className="aide-landing-brand" aria-label="Aide home">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <span>Aide</span>
            </a>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, maxWidth: 300 }}>
              Your personal AI assistant for tasks, calendar, email, research, documents and travel.
            </Typography.Paragraph>
          </Col>
          {GROUPS.map((g) => (
            <Col key={g.title} xs={8} md={5}>
              <nav aria-label={g.title}>
                <Typography.Title level={3} className="aide-footer-title">
                  {g.title}
                </Typography.Title>
                <ul className="aide-footer-links">
                  {g.links.map((l) => (
                    <li key={l.label}>
                      <Typography.Link href={l.href}>{l.label}</Typography.Link>
                    </li>
                  ))}
                </ul>
              </nav>
            </Col>
          ))}
        </Row>
        <Divider />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          © {new Date().getFullYear()} Aide. All rights reserved.
        </Typography.Text>
      </div>
    </footer>
  );
}
