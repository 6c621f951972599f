import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Result } from 'antd';
import { callEndpoint, errorDetail } from '@aide/api-client';
import { accountEndpoints, passwordResetSchema, type PasswordResetInput } from '@aide/contracts';
import { AuthCardLayout } from './AuthCardLayout';
import { AccountField } from './AccountField';
import { useT } from '../../i18n/visitor';
import { shownMessage } from '../../i18n/messages';

/** Where a reset link (mailed, or handed over by an admin) leads: choose a new password. */
export function ResetPasswordPage() {
  const t = useT();
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
    (errors) => errors.token?.message && setError(shownMessage(errors.token.message)),
  );
  if (done) {
    return (
      <AuthCardLayout title={t('account.reset.done')}>
        <Result
          status="success"
          title={done}
          style={{ padding: 0 }}
          extra={
            <Button type="primary" size="large" href="/sign-in">
              {t('account.signIn')}
            </Button>
          }
        />
      </AuthCardLayout>
    );
  }
  return (
    <AuthCardLayout title={t('account.reset.title')} subtitle={t('account.reset.subtitle')}>
      <Form
        layout="vertical"
        onFinish={() => void submit()}
        requiredMark={false}
        component="form"
        noValidate
        aria-label={t('account.reset.title')}
      >
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            action={
              <Button size="small" href="/forgot-password">
                {t('account.reset.newLink')}
              </Button>
            }
          />
        )}
        <AccountField
          control={control}
          name="password"
          label={t('account.reset.newPassword')}
          id="reset-password"
          type="password"
          autoComplete="new-password"
          autoFocus
        />
        <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
          {t('account.reset.submit')}
        </Button>
      </Form>
    </AuthCardLayout>
  );
}
