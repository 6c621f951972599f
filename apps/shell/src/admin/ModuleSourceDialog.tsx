import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form, Input, Modal, Typography, theme } from 'antd';
import type { z } from 'zod';
import { updateModuleSourceSchema, type AdminModuleEntry } from '@aide/contracts';
import { RichText } from '@aide/i18n';
import { useT } from '../i18n';
import { moduleTitle } from '../layout/moduleTitles';
import { useAdminNotify } from './useAdminNotify';
import { useUpdateModuleSource } from './useAdminModules';

/** An example of a manifest's address (not a text to translate). */
const EXAMPLE_MANIFEST_URL = 'https://cdn.example.com/remotes/organiser/mf-manifest.json';

/** The contract's schema, but the dialog always sets a URL (resetting has its own action). */
const formSchema = updateModuleSourceSchema.extend({
  manifestUrl: updateModuleSourceSchema.shape.manifestUrl.unwrap(),
});
type FormValues = z.input<typeof formSchema>;

export function ModuleSourceDialog({
  module,
  open,
  onClose,
}: {
  module: AdminModuleEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { token } = theme.useToken();
  const notify = useAdminNotify();
  const updateSource = useUpdateModuleSource();
  const inputId = useId();
  const {
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { manifestUrl: '' },
  });

  useEffect(() => {
    if (open && module) reset({ manifestUrl: module.manifestUrl });
  }, [open, module, reset]);

  const submit = handleSubmit(async ({ manifestUrl }) => {
    if (!module || updateSource.isPending) return;
    try {
      await updateSource.mutateAsync({ id: module.id, payload: { manifestUrl } });
      notify.success(t('admin.modules.updated'));
      onClose();
    } catch (error) {
      notify.failure(t('admin.modules.failed'), error);
    }
  });

  const message = errors.manifestUrl?.message;
  return (
    <Modal
      open={open}
      title={
        module
          ? t('admin.source.title', { module: moduleTitle(t, module.id, module.title) })
          : t('admin.source.titleEmpty')
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={updateSource.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setFocus('manifestUrl')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginXS }}>
        {t('admin.source.intro')}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('admin.modules.manifestUrl')}
          htmlFor={inputId}
          required
          validateStatus={message ? 'error' : undefined}
          help={message}
          extra={
            module ? (
              <RichText
                text={t('admin.source.defaultUrl', { url: module.defaultManifestUrl })}
                components={{ code: (s) => <Typography.Text code>{s}</Typography.Text> }}
              />
            ) : null
          }
        >
          <Controller
            name="manifestUrl"
            control={control}
            render={({ field }) => (
              <Input {...field} id={inputId} placeholder={EXAMPLE_MANIFEST_URL} autoComplete="off" spellCheck={false} />
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
