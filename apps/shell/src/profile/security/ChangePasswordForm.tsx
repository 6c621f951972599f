import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form } from 'antd';
import { apiMessage, errorDetail } from '@aide/api-client';
import { changePasswordSchema, type ChangePasswordInput } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { AccountField } from '../../auth/account/AccountField';
import { useChangePassword } from './useAccountSecurity';

/** Current password, then the new one; the API ends every other session and renews this one. */
export function ChangePasswordForm() {
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
      toast({ title: 'Password changed', description: message });
    } catch (error) {
      const message = apiMessage(error);
      // The API's sentence belongs under the field it is about.
      if (message && /current password/i.test(message)) setError('currentPassword', { message });
      else
        toast({
          title: 'Could not change your password',
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
      aria-label="Change password"
    >
      <AccountField
        control={control}
        name="currentPassword"
        label="Current password"
        id="change-current-password"
        type="password"
        autoComplete="current-password"
      />
      <AccountField
        control={control}
        name="newPassword"
        label="New password"
        id="change-new-password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
        Change password
      </Button>
    </Form>
  );
}
