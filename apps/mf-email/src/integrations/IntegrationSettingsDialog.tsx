import { useEffect } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Input, Modal, Typography, theme } from 'antd';
import { isUnauthorizedError } from '@aide/api-client';
import { updateEmailIntegrationSchema } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { useFormFields } from '@aide/ui';
import { serverMessage } from '../shared/emailText';
import { textsOf, useT } from '../i18n';
import { useComposeT } from '../i18n/compose';
import { SyncSettingsFields, type SyncSettingsValues } from './SyncSettingsFields';
import { useUpdateEmailIntegration, type EmailAccount } from './useEmailIntegrations';

// Spec §8 texts, read in the language active when shown.
const SETTINGS_TEXT = textsOf({ updated: 'settings.updated', updateFailed: 'settings.updateFailed' });

/** Spec §7: the settings PATCH sends syncFrequency, autoRespond and autoCategories together. */
const settingsSchema = updateEmailIntegrationSchema
  .pick({ syncFrequency: true, autoRespond: true, autoCategories: true })
  .required()
  // Compose (issue 24): the account's signature, sent with them.
  .extend({ signature: updateEmailIntegrationSchema.shape.signature });

type SettingsValues = SyncSettingsValues & { signature: string };

const valuesOf = (account: EmailAccount | null): SettingsValues => ({
  syncFrequency: account?.syncFrequency ?? 300,
  autoRespond: account?.autoRespond ?? false,
  autoCategories: account?.autoCategories ?? true,
  signature: account?.signature ?? '',
});

export interface IntegrationSettingsDialogProps {
  open: boolean;
  account: EmailAccount | null;
  onClose: () => void;
}

export function IntegrationSettingsDialog({ open, account, onClose }: IntegrationSettingsDialogProps) {
  const t = useT();
  const composeT = useComposeT();
  const { toast } = useHost();
  const { token } = theme.useToken();
  const update = useUpdateEmailIntegration();
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SettingsValues>({ resolver: zodResolver(settingsSchema) as never, defaultValues: valuesOf(account) });
  const { idFor, itemProps } = useFormFields<keyof SettingsValues>(errors);

  useEffect(() => {
    if (open) reset(valuesOf(account));
  }, [open, account, reset]);

  const submit = handleSubmit(async (payload) => {
    if (!account || update.isPending) return;
    try {
      await update.mutateAsync({ id: account.id, payload });
      toast({ title: SETTINGS_TEXT.updated });
      onClose();
    } catch (error) {
      if (!isUnauthorizedError(error))
        toast({
          title: SETTINGS_TEXT.updateFailed,
          description: serverMessage(error, SETTINGS_TEXT.updateFailed),
          variant: 'destructive',
        });
    }
  });

  return (
    <Modal
      open={open}
      title={t('settings.title')}
      okText={t('settings.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {account ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
          {account.email}
        </Typography.Paragraph>
      ) : null}
      <Form layout="vertical" onFinish={() => void submit()}>
        <SyncSettingsFields
          control={control as unknown as Control<SyncSettingsValues>}
          idFor={idFor}
          itemProps={itemProps}
        />
        <Form.Item label={composeT('signature.label')} extra={composeT('signature.help')} {...itemProps('signature')}>
          <Controller
            name="signature"
            control={control}
            render={({ field }) => <Input.TextArea id={idFor('signature')} rows={3} maxLength={2000} {...field} />}
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
