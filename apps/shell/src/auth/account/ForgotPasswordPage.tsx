import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { callEndpoint, errorDetail } from '@aide/api-client';
import { accountEndpoints, passwordResetRequestSchema, type PasswordResetRequestInput } from '@aide/contracts';
import { AuthCardLayout } from './AuthCardLayout';
import { AccountField } from './AccountField';

/** 'Forgot password?': asks for a reset link by mail. The answer is the same whether or not an account has the address. */
export function ForgotPasswordPage() {
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
    <AuthCardLayout title="Reset your password" subtitle="We will email you a link to choose a new one">
      {sent ? (
        <Alert type="success" showIcon title={sent} style={{ marginBottom: 16 }} />
      ) : (
        <Form
          layout="vertical"
          onFinish={() => void submit()}
          requiredMark={false}
          component="form"
          noValidate
          aria-label="Reset your password"
        >
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <AccountField
            control={control}
            name="email"
            label="Email"
            id="forgot-email"
            type="email"
            autoComplete="email"
            autoFocus
          />
          <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
            Send reset link
          </Button>
        </Form>
      )}
      <Typography.Paragraph style={{ textAlign: 'center', margin: '16px 0 0' }}>
        <Typography.Link href="/sign-in">
          <ArrowLeftOutlined /> Back to sign in
        </Typography.Link>
      </Typography.Paragraph>
    </AuthCardLayout>
  );
}
