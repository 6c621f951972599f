import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form } from 'antd';
import { apiMessage, errorDetail } from '@aide/api-client';
import { changePasswordSchema, type ChangePasswordInput } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { AccountField } from '../../auth/account/AccountField';
import { t as translate, useT } from '../../i18n';
import { useChangePassword } from './useAccountSecurity';

/** Current password, then the new one; the API ends every other session and renews this one. */
export function ChangePasswordForm() {
  const t = useT();
  const { toast } = useHost();
  const change = useChangePassword();
  const { control, handleSubmit, reset, setError, formState } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      reset();
      toast({ title: translate('password.changed'), description: message });
    } catch (error) {
      const message = apiMessage(error);
      // The API's sentence belongs under the field it is about.
      if (message && /current password/i.test(message)) setError('currentPassword', { message });
      else
        toast({
          title: translate('password.failed'),
          description: message ?? errorDetail(error),
          variant: 'destructive',
        });
    }
  });
  return (
    <Form
      layout="vertical"
      onFinish={() => void submit()}
      requiredMark={false}
      component="form"
      noValidate
      aria-label={t('password.formLabel')}
    >
      <AccountField
        control={control}
        name="currentPassword"
        label={t('password.current')}
        id="change-current-password"
        type="password"
        autoComplete="current-password"
      />
      <AccountField
        control={control}
        name="newPassword"
        label={t('password.new')}
        id="change-new-password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
