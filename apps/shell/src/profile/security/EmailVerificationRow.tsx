import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { CheckCircleFilled, GoogleOutlined } from '@ant-design/icons';
import { apiMessage, endpointUrl, errorDetail } from '@aide/api-client';
import { authEndpoints, type AuthUser } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useSendVerification } from './useAccountSecurity';

/** The address, whether it is verified (with 'Send verification email' until it is), and 'Connect Google'. */
export function EmailVerificationRow({ user }: { user: AuthUser }) {
  const { toast } = useHost();
  const send = useSendVerification();
  const sendVerification = async () => {
    try {
      toast({ title: 'Verification email sent', description: (await send.mutateAsync()).message });
    } catch (error) {
      toast({
        title: 'Could not send the verification email',
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
            Email address
          </Typography.Text>
          <Typography.Text strong>{user.email}</Typography.Text>
        </div>
        {user.emailVerified ? (
          <Tag icon={<CheckCircleFilled />} color="success" style={{ marginInlineEnd: 0 }}>
            Verified
          </Tag>
        ) : (
          <Tag color="warning" style={{ marginInlineEnd: 0 }}>
            Not verified
          </Tag>
        )}
      </Flex>
      {!user.emailVerified && (
        <Alert
          type="info"
          showIcon
          title="Confirm your email address"
          description={
            <Flex vertical gap={8} align="flex-start">
              <span>Confirming it lets you reset your password by email and sign in with Google.</span>
              <Button size="small" loading={send.isPending} onClick={() => void sendVerification()}>
                Send verification email
              </Button>
            </Flex>
          }
        />
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">Sign in with Google as well as your password</Typography.Text>
        <Button icon={<GoogleOutlined />} href={endpointUrl(authEndpoints.google)}>
          Connect Google
        </Button>
      </Flex>
    </Flex>
  );
}
