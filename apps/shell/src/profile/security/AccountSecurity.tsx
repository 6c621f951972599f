import { useEffect } from 'react';
import { Col, Divider, Flex, Row, theme } from 'antd';
import { DesktopOutlined, KeyOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { SectionCard } from '../SectionCard';
import { TwoFactorCard } from '../two-factor/TwoFactorCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EmailVerificationRow } from './EmailVerificationRow';
import { SessionsTable } from './SessionsTable';

/** Profile → sign-in security: email verification, password change, where the account is signed in, and two-factor sign-in. */
export function AccountSecurity() {
  const { token } = theme.useToken();
  const { toast, user } = useHost();

  // 'Connect Google' comes back here with ?google=connected or ?google=failed.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const google = params.get('google');
    if (!google) return;
    if (google === 'connected')
      toast({ title: 'Google connected', description: 'You can now sign in with Google as well.' });
    else
      toast({
        title: 'Could not connect Google',
        description: 'That Google account may already belong to another Aide account. Please try again.',
        variant: 'destructive',
      });
    params.delete('google');
    window.history.replaceState(null, '', `${window.location.pathname}${params.size ? `?${params}` : ''}`);
  }, [toast]);

  return (
    <Row gutter={[token.marginLG, token.marginLG]} align="stretch">
      <Col xs={24} xl={10}>
        <SectionCard title="Password and email" description="How you prove it is you" icon={<KeyOutlined />}>
          <EmailVerificationRow user={user} />
          <Divider style={{ margin: `${token.marginLG}px 0` }} />
          <ChangePasswordForm />
        </SectionCard>
      </Col>
      <Col xs={24} xl={14}>
        <Flex vertical gap={token.marginLG}>
          <SectionCard
            title="Where you're signed in"
            description="Browsers and devices with a session on your account"
            icon={<DesktopOutlined />}
          >
            <SessionsTable />
          </SectionCard>
          <TwoFactorCard />
        </Flex>
      </Col>
    </Row>
  );
}
