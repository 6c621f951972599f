import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';

/** The centred card of the sign-in page, for the pages the app's mail links to. */
export function AuthCardLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background: token.colorBgLayout }}>
      <Card
        style={{ width: '100%', maxWidth: 440, boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: 32 } }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24, textAlign: 'center' }}>
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
