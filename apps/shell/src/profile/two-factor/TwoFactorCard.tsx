import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Flex, Form, Input, Modal, Skeleton, Tag, Typography, theme } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { errorDetail } from '@aide/api-client';
import { disableTwoFactorSchema, type DisableTwoFactorInput } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useAccountSummary } from '../account-data/useAccount';
import { SectionCard } from '../SectionCard';
import { formLevelError } from './formLevelError';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';
import { TWO_FACTOR_QUERY_KEY, useDisableTwoFactor, useTwoFactorStatus } from './useTwoFactor';

/** Profile: turn two-factor sign-in (TOTP + recovery codes) on or off. */
export function TwoFactorCard() {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const { toast } = useHost();
  const status = useTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);

  let body;
  if (status.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (status.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="Could not load your two-factor settings"
        description={errorDetail(status.error)}
      />
    );
  else if (enrolling)
    body = (
      <TwoFactorEnrolment
        onCancel={() => setEnrolling(false)}
        onDone={() => {
          setEnrolling(false);
          void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
          toast({ title: 'Two-factor sign-in is on' });
        }}
      />
    );
  else if (status.data.enabled)
    body = (
      <Flex vertical gap={token.marginSM} align="flex-start">
        <Flex gap={token.marginXS} align="center" wrap>
          <Tag color="success" style={{ marginInlineEnd: 0 }}>
            On
          </Tag>
          <Typography.Text type="secondary">{status.data.recoveryCodesLeft} of 10 recovery codes left</Typography.Text>
        </Flex>
        <Typography.Text>Signing in asks for a code from your authenticator app after your password.</Typography.Text>
        {status.data.required ? (
          <Typography.Text type="secondary">Your administrator requires two-factor sign-in.</Typography.Text>
        ) : (
          <Button onClick={() => setDisabling(true)}>Turn off</Button>
        )}
      </Flex>
    );
  else
    body = (
      <Flex vertical gap={token.marginSM} align="flex-start">
        <Tag style={{ marginInlineEnd: 0 }}>Off</Tag>
        <Typography.Text>
          Protect your account with a 6-digit code from an authenticator app, asked for after your password.
        </Typography.Text>
        <Button type="primary" onClick={() => setEnrolling(true)}>
          Enable two-factor sign-in
        </Button>
      </Flex>
    );

  return (
    <SectionCard
      title="Two-factor sign-in"
      description="A second step when you sign in"
      icon={<SafetyCertificateOutlined />}
    >
      {body}
      <DisableDialog open={disabling} onClose={() => setDisabling(false)} />
    </SectionCard>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const { toast } = useHost();
  // An account that signs in with Google only has no password to confirm with: a code it is.
  const hasPassword = useAccountSummary().data?.hasPassword !== false;
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<DisableTwoFactorInput>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const close = () => {
    reset();
    setError(null);
    onClose();
  };
  const shown = error ?? formLevelError(formState.errors);
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await disable.mutateAsync({ password: values.password || undefined, code: values.code || undefined });
      toast({ title: 'Two-factor sign-in is off' });
      close();
    } catch (e) {
      setError(errorDetail(e));
    }
  });
  return (
    <Modal
      open={open}
      title="Turn off two-factor sign-in?"
      okText="Turn off"
      okButtonProps={{ danger: true, loading: disable.isPending }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} component="form" noValidate>
        <Typography.Paragraph type="secondary">
          {hasPassword
            ? 'Confirm with your current password, or with a code from your authenticator app.'
            : 'Confirm with a code from your authenticator app, or a recovery code.'}
        </Typography.Paragraph>
        {shown && <Alert type="error" showIcon title={shown} style={{ marginBottom: 16 }} />}
        {hasPassword && (
          <Controller
            control={control}
            name="password"
            render={({ field, fieldState }) => (
              <Form.Item
                label="Current password"
                htmlFor="two-factor-disable-password"
                validateStatus={fieldState.error ? 'error' : undefined}
                help={fieldState.error?.message}
              >
                <Input.Password {...field} id="two-factor-disable-password" autoComplete="current-password" autoFocus />
              </Form.Item>
            )}
          />
        )}
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <Form.Item
              label={hasPassword ? 'Or a code' : 'Code'}
              htmlFor="two-factor-disable-code"
              validateStatus={fieldState.error ? 'error' : undefined}
              help={fieldState.error?.message}
            >
              <Input {...field} id="two-factor-disable-code" autoComplete="one-time-code" />
            </Form.Item>
          )}
        />
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
