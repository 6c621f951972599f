import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@aide/api-client';
import { twoFactorEndpoints, twoFactorSignInSchema, type TwoFactorSignInInput } from '@aide/contracts';
import { t as translate, useT } from '../i18n/visitor';
import { AUTH_QUERY_KEY } from './useAuth';
import { shownMessage } from '../i18n/messages';

/**
 * The second sign-in step, after a right password (or Google) for an account with two-factor
 * sign-in: a code from the authenticator app, or one of the recovery codes.
 */
export function TwoFactorStep({ onBack }: { onBack: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState, reset } = useForm<TwoFactorSignInInput>({
    resolver: zodResolver(twoFactorSignInSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      queryClient.setQueryData(AUTH_QUERY_KEY, await callEndpoint(twoFactorEndpoints.signIn, { body: values }));
      if (window.location.pathname === '/sign-in') window.history.replaceState(null, '', '/');
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : translate('signIn.genericError'));
    }
  });
  const switchMode = () => {
    setUseRecovery((v) => !v);
    setError(null);
    reset({ code: '' });
  };
  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      requiredMark={false}
      component="form"
      noValidate
      aria-label={t('signIn.twoFactor.title')}
    >
      <Flex vertical align="center" gap={4} style={{ marginBottom: 16 }}>
        <SafetyCertificateOutlined style={{ fontSize: 28 }} aria-hidden />
        {/* Under the sign-in page's h1. */}
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('signIn.twoFactor.title')}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {useRecovery ? t('signIn.twoFactor.recoveryHint') : t('signIn.twoFactor.codeHint')}
        </Typography.Text>
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Controller
        control={control}
        name="code"
        render={({ field, fieldState }) => (
          <Form.Item
            label={useRecovery ? t('signIn.twoFactor.recoveryLabel') : t('signIn.twoFactor.codeLabel')}
            htmlFor="two-factor-code"
            validateStatus={fieldState.error ? 'error' : undefined}
            help={shownMessage(fieldState.error?.message)}
          >
            <Input
              {...field}
              key={useRecovery ? 'recovery' : 'totp'}
              id="two-factor-code"
              size="large"
              autoFocus
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              placeholder={
                useRecovery ? t('signIn.twoFactor.recoveryPlaceholder') : t('signIn.twoFactor.codePlaceholder')
              }
            />
          </Form.Item>
        )}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
        {t('signIn.twoFactor.verify')}
      </Button>
      <Flex justify="space-between" style={{ marginTop: 12 }} wrap>
        <Button type="link" onClick={switchMode} style={{ paddingInline: 0 }}>
          {useRecovery ? t('signIn.twoFactor.useApp') : t('signIn.twoFactor.useRecovery')}
        </Button>
        <Button type="link" onClick={onBack} style={{ paddingInline: 0 }}>
          {t('signIn.twoFactor.back')}
        </Button>
      </Flex>
    </Form>
  );
}
