import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Card, Flex, Skeleton, Typography, theme } from 'antd';
import { useT } from '../../i18n';
import { signOut } from '../signOut';
import { useTwoFactorStatus } from './useTwoFactor';

// The gate wraps every signed-in screen but shows enrolment only when an admin requires it: its
// code (and antd's QR code) loads then, not with every first screen.
const TwoFactorEnrolment = lazy(() => import('./TwoFactorEnrolment').then((m) => ({ default: m.TwoFactorEnrolment })));

/**
 * When an admin requires two-factor sign-in and this user has not turned it on, the API refuses
 * everything else (403): show enrolment instead of the app until it is done, then start afresh
 * (the modules and remotes load as for a new sign-in).
 */
export function TwoFactorEnrolmentGate({ children }: { children: ReactNode }) {
  const t = useT();
  const { token } = theme.useToken();
  const status = useTwoFactorStatus();
  if (!status.data || !status.data.required || status.data.enabled) return children;
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24, background: token.colorBgLayout }}>
      <Card
        style={{ width: '100%', maxWidth: 480, boxShadow: token.boxShadowTertiary }}
        styles={{ body: { padding: 32 } }}
      >
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: token.fontSizeHeading3 }}>
          {t('twoFactor.gateTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('twoFactor.gateDetail')}</Typography.Paragraph>
        <Suspense fallback={<Skeleton active />}>
          <TwoFactorEnrolment onDone={() => window.location.assign('/')} />
        </Suspense>
        <Flex justify="flex-end" style={{ marginTop: token.marginLG }}>
          <Button type="link" onClick={signOut}>
            {t('layout.signOut')}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
