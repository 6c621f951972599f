import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { callEndpoint, errorDetail } from '@aide/api-client';
import { accountEndpoints, passwordResetRequestSchema, type PasswordResetRequestInput } from '@aide/contracts';
import { AuthCardLayout } from './AuthCardLayout';
import { AccountField } from './AccountField';
import { useT } from '../../i18n/visitor';

/** 'Forgot password?': asks for a reset link by mail. The answer is the same whether or not an account has the address. */
export function ForgotPasswordPage() {
  const t = useT();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      setSent((await callEndpoint(accountEndpoints.requestPasswordReset, { body: values })).message);
    } catch (e) {
      setError(errorDetail(e));
    }
  });
  return (
    <AuthCardLayout title={t('account.forgot.title')} subtitle={t('account.forgot.subtitle')}>
      {sent ? (
        <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />
      ) : (
        <Form
          layout="vertical"
          onFinish={() => void submit()}
          requiredMark={false}
          component="form"
          noValidate
          aria-label={t('account.forgot.title')}
        >
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <AccountField
            control={control}
            name="email"
            label={t('account.email')}
            id="forgot-email"
            type="email"
            autoComplete="email"
            autoFocus
          />
          <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
            {t('account.forgot.send')}
          </Button>
        </Form>
      )}
      <Typography.Paragraph style={{ textAlign: 'center', margin: '16px 0 0' }}>
        <Typography.Link href="/sign-in">
          <ArrowLeftOutlined /> {t('account.backToSignIn')}
        </Typography.Link>
      </Typography.Paragraph>
    </AuthCardLayout>
  );
}
