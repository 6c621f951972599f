import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { CheckCircleFilled, GoogleOutlined } from '@ant-design/icons';
import { apiMessage, endpointUrl, errorDetail } from '@aide/api-client';
import { authEndpoints, type AuthUser } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { t as translate, useT } from '../../i18n';
import { useSendVerification } from './useAccountSecurity';

/** The address, whether it is verified (with 'Send verification email' until it is), and 'Connect Google'. */
export function EmailVerificationRow({ user }: { user: AuthUser }) {
  const t = useT();
  const { toast } = useHost();
  const send = useSendVerification();
  const sendVerification = async () => {
    try {
      toast({ title: translate('account.verifySent'), description: (await send.mutateAsync()).message });
    } catch (error) {
      toast({
        title: translate('account.verifyFailed'),
        description: apiMessage(error) ?? errorDetail(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <div>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {t('account.emailAddress')}
          </Typography.Text>
          <Typography.Text strong>{user.email}</Typography.Text>
        </div>
        {user.emailVerified ? (
          <Tag icon={<CheckCircleFilled />} color="success" style={{ marginInlineEnd: 0 }}>
            {t('account.verified')}
          </Tag>
        ) : (
          <Tag color="warning" style={{ marginInlineEnd: 0 }}>
            {t('account.notVerified')}
          </Tag>
        )}
      </Flex>
      {!user.emailVerified && (
        <Alert
          type="info"
          showIcon
          title={t('account.confirmTitle')}
          description={
            <Flex vertical gap={8} align="flex-start">
              <span>{t('account.confirmDetail')}</span>
              <Button size="small" loading={send.isPending} onClick={() => void sendVerification()}>
                {t('account.sendVerification')}
              </Button>
            </Flex>
          }
        />
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('account.googleHint')}</Typography.Text>
        <Button icon={<GoogleOutlined />} href={endpointUrl(authEndpoints.google)}>
          {t('account.connectGoogle')}
        </Button>
      </Flex>
    </Flex>
  );
}
