import { useEffect } from 'react';
import { Col, Divider, Flex, Row, theme } from 'antd';
import { DesktopOutlined, KeyOutlined } from '@ant-design/icons';
import { useHost } from '@aide/module-kit';
import { t as translate, useT } from '../../i18n';
import { SectionCard } from '../SectionCard';
import { TwoFactorCard } from '../two-factor/TwoFactorCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EmailVerificationRow } from './EmailVerificationRow';
import { SessionsTable } from './SessionsTable';

/** Profile → sign-in security: email verification, password change, where the account is signed in, and two-factor sign-in. */
export function AccountSecurity() {
  const t = useT();
  const { token } = theme.useToken();
  const { toast, user } = useHost();

  // 'Connect Google' comes back here with ?google=connected or ?google=failed.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const google = params.get('google');
    if (!google) return;
    if (google === 'connected')
      toast({ title: translate('account.googleConnected'), description: translate('account.googleConnectedDetail') });
    else
      toast({
        title: translate('account.googleFailed'),
        description: translate('account.googleFailedDetail'),
        variant: 'destructive',
      });
    params.delete('google');
    window.history.replaceState(null, '', `${window.location.pathname}${params.size ? `?${params}` : ''}`);
  }, [toast]);

  return (
    <Row gutter={[token.marginLG, token.marginLG]} align="stretch">
      <Col xs={24} xl={10}>
        <SectionCard
          id="password-and-email"
          title={t('account.title')}
          description={t('account.description')}
          icon={<KeyOutlined />}
        >
          <EmailVerificationRow user={user} />
          <Divider style={{ margin: `${token.marginLG}px 0` }} />
          <ChangePasswordForm />
        </SectionCard>
      </Col>
      <Col xs={24} xl={14}>
        <Flex vertical gap={token.marginLG}>
          <SectionCard
            id="sessions"
            title={t('sessions.title')}
            description={t('sessions.description')}
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
