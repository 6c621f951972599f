import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { LanguageSwitcher } from '../../pages/LanguageSwitcher';
import { AUTH_QUERY_KEY } from '../useAuth';

/**
 * The centred card of the sign-in page, for the pages the app's mail links to: its title is the page's
 * h1, and the language can be changed below it (signed in, the profile's language rules instead).
 */
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
  // Also opened signed in (inside the app's frame, which has the page's <main>, and the profile's language).
  // Read from the cache, not observed: a second observer of a failed sign-in check (API down) would fetch
  // it again on mount, and the frame's spinner would unmount this page and mount it again, forever.
  const signedIn = Boolean(useQueryClient().getQueryData(AUTH_QUERY_KEY));
  return (
    <Flex
      component={signedIn ? 'div' : 'main'}
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '100vh', padding: 24, background: token.colorBgLayout }}
    >
      <Card
        style={{ width: '100%', maxWidth: 440, boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: 32 } }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24, textAlign: 'center' }}>
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <Typography.Title level={1} style={{ margin: '8px 0 0', fontSize: token.fontSizeHeading3 }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </Flex>
        {children}
      </Card>
      {!signedIn && <LanguageSwitcher />}
    </Flex>
  );
}
