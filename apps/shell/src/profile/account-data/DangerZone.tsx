import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Flex, Form, Input, Modal, Skeleton, Typography, theme } from 'antd';
import { callEndpoint, errorDetail } from '@aide/api-client';
import { accountDataEndpoints, deleteAccountSchema, type DeleteAccountInput } from '@aide/contracts';
import { clearStoredTheme } from '../../theme/theme-store';
import { formLevelError } from '../two-factor/formLevelError';
import { useT } from '../../i18n';
import { useAccountSummary } from './useAccount';

/**
 * The Security section's danger zone: 'Delete Account' (password, or the typed email for an
 * account that signs in with Google only), or the spec's disabled 'Contact Support' where the
 * plan has deletion go through support (Enterprise).
 */
export function DangerZone() {
  const t = useT();
  const { token } = theme.useToken();
  const account = useAccountSummary();
  const [confirming, setConfirming] = useState(false);
  const canDelete = account.data?.canDeleteSelf === true;
  return (
    <Card
      size="small"
      style={{ marginTop: token.marginLG, borderColor: token.colorErrorBorder, background: token.colorErrorBg }}
      styles={{ body: { padding: token.padding } }}
    >
      <Flex vertical gap={token.marginXS} align="flex-start">
        <Typography.Text strong type="danger">
          {t('danger.title')}
        </Typography.Text>
        {account.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 1 }} />
        ) : canDelete ? (
          <>
            <Typography.Text>{t('danger.deleteDetail')}</Typography.Text>
            <Button danger style={{ marginTop: token.marginXXS }} onClick={() => setConfirming(true)}>
              {t('danger.delete')}
            </Button>
            <DeleteAccountDialog
              open={confirming}
              hasPassword={account.data?.hasPassword !== false}
              onClose={() => setConfirming(false)}
            />
          </>
        ) : (
          <>
            <Typography.Text>{t('danger.supportDetail')}</Typography.Text>
            <Button danger disabled style={{ marginTop: token.marginXXS }}>
              {t('danger.support')}
            </Button>
          </>
        )}
      </Flex>
    </Card>
  );
}

function DeleteAccountDialog({
  open,
  hasPassword,
  onClose,
}: {
  open: boolean;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, reset, formState } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', email: '' },
  });
  const close = () => {
    reset();
    setError(null);
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      await callEndpoint(accountDataEndpoints.delete, {
        body: hasPassword ? { password: values.password } : { email: values.email },
      });
      // Signed out and gone: start over on the landing page.
      clearStoredTheme();
      window.location.assign('/');
    } catch (e) {
      setError(errorDetail(e));
    }
  });
  const field = hasPassword ? ('password' as const) : ('email' as const);
  const shown = error ?? formLevelError(formState.errors);
  return (
    <Modal
      open={open}
      title={t('danger.dialogTitle')}
      okText={t('danger.dialogOk')}
      okButtonProps={{ danger: true, loading: formState.isSubmitting }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false} component="form" noValidate>
        <Typography.Paragraph>{t('danger.dialogBody')}</Typography.Paragraph>
        {shown && <Alert type="error" showIcon title={shown} style={{ marginBottom: 16 }} />}
        <Controller
          control={control}
          name={field}
          render={({ field: input, fieldState }) => (
            <Form.Item
              label={hasPassword ? t('danger.password') : t('danger.typeEmail')}
              htmlFor="delete-account-confirmation"
              validateStatus={fieldState.error ? 'error' : undefined}
              help={fieldState.error?.message}
            >
              {hasPassword ? (
                <Input.Password
                  {...input}
                  value={input.value ?? ''}
                  id="delete-account-confirmation"
                  autoComplete="current-password"
                  autoFocus
                />
              ) : (
                <Input
                  {...input}
                  value={input.value ?? ''}
                  id="delete-account-confirmation"
                  autoComplete="email"
                  autoFocus
                />
              )}
            </Form.Item>
          )}
        />
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
