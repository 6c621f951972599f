import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Result } from 'antd';
import { callEndpoint, errorDetail } from '@aide/api-client';
import { accountEndpoints, passwordResetSchema, type PasswordResetInput } from '@aide/contracts';
import { AuthCardLayout } from './AuthCardLayout';
import { AccountField } from './AccountField';

/** Where a reset link (mailed, or handed over by an admin) leads: choose a new password. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { token, password: '' },
  });
  const submit = handleSubmit(
    async (values) => {
      setError(null);
      try {
        setDone((await callEndpoint(accountEndpoints.resetPassword, { body: values })).message);
      } catch (e) {
        setError(errorDetail(e));
      }
    },
    // A broken link has no field to show its error on.
    (errors) => errors.token?.message && setError(errors.token.message),
  );
  if (done) {
    return (
      <AuthCardLayout title="Password changed">
        <Result
          status="success"
          title={done}
          style={{ padding: 0 }}
          extra={
            <Button type="primary" size="large" href="/sign-in">
              Sign in
            </Button>
          }
        />
      </AuthCardLayout>
    );
  }
  return (
    <AuthCardLayout title="Choose a new password" subtitle="Every session of your account will be signed out">
      <Form
        layout="vertical"
        onFinish={() => void submit()}
        requiredMark={false}
        component="form"
        noValidate
        aria-label="Choose a new password"
      >
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            action={
              <Button size="small" href="/forgot-password">
                New link
              </Button>
            }
          />
        )}
        <AccountField
          control={control}
          name="password"
          label="New password"
          id="reset-password"
          type="password"
          autoComplete="new-password"
          autoFocus
        />
        <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
          Set new password
        </Button>
      </Form>
    </AuthCardLayout>
  );
}
