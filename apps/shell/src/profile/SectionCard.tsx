import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';

/** A titled card for one part of the Profile screen, with an icon and a one-line explanation. */
export function SectionCard({
  id,
  title,
  description,
  icon,
  children,
}: {
  /** Names the heading's element id (the title changes with the language, this does not). */
  id: string;
  title: string;
  description: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const headingId = `profile-section-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <Flex gap={token.marginSM} align="flex-start" style={{ marginBottom: token.marginLG }}>
          <span
            aria-hidden
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              flex: 'none',
              width: token.controlHeight,
              height: token.controlHeight,
              borderRadius: token.borderRadius,
              color: token.colorPrimary,
              background: token.colorPrimaryBg,
              fontSize: token.fontSizeLG,
            }}
          >
            {icon}
          </span>
          <div>
            <Typography.Title
              level={2}
              id={headingId}
              style={{ margin: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }}
            >
              {title}
            </Typography.Title>
            <Typography.Text type="secondary">{description}</Typography.Text>
          </div>
        </Flex>
        {children}
      </Card>
    </section>
  );
}
